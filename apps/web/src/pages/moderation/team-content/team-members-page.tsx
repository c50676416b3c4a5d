import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import {
  TEAM_CONTENT_LIMITS,
  teamMemberInputSchema,
  type TeamContentWriteResponse,
  type TeamMemberRow,
  type TeamMembersList,
} from '@ad/contract/account/team-content';
import {
  FileField,
  fileFieldValue,
  formDataHasFiles,
  submitMultipart,
  toFormData,
  useAccountForm,
  type FileFieldValue,
  type SavedFile,
} from '../../../features/account-forms/index.ts';
import { FieldInput } from '../../../features/forms/field-input.tsx';
import { fr } from '../../../lib/fr.ts';
import { ModerationFrame } from '../team-only.tsx';
import { EntriesSection, type EntryFormProps } from './entries-section.tsx';
import { EntryForm, FormRow } from './entry-form.tsx';
import { entryUrl, kindUrl, parsedOr422 } from './team-content-queries.ts';
import '../moderation.css';
import './team-content.css';

const savedPhoto = (entry: TeamMemberRow | null): SavedFile[] =>
  entry?.photo
    ? [
        {
          id: entry.photo.id,
          url: entry.photo.url,
          filename: entry.photo.filename,
          size: entry.photo.size,
        },
      ]
    : [];

/** « Équipe » of the back office (issue 10): « Vos contacts » of /a-propos, with their photos. */
export function TeamMembersAdminPage() {
  return (
    <ModerationFrame title="Équipe" reservedTitle="Équipe">
      <EntriesSection<TeamMemberRow, TeamMembersList>
        kind="team-members"
        title="Vos contacts"
        intro={
          <p>
            Ces personnes sont présentées dans « Vos contacts » de la page{' '}
            <Link to={pathTo('about')} className={fr.cx('fr-link')}>
              À propos
            </Link>
            , dans l'ordre choisi ici (la section n'apparaît que si la liste n'est pas vide). Un
            changement y apparaît aussitôt.
          </p>
        }
        addLabel="Ajouter une personne"
        columns={() => [
          { header: 'Nom', cell: (row) => row.name, multiline: true },
          {
            header: 'Photo',
            cell: (row) =>
              row.photo ? (
                <img
                  src={row.photo.thumb_url}
                  alt=""
                  width={48}
                  height={48}
                  className="app-team-content__photo"
                />
              ) : (
                'Aucune'
              ),
          },
          { header: 'Service ou structure', cell: (row) => row.department ?? '—', multiline: true },
          { header: 'Rôle', cell: (row) => row.description ?? '—', multiline: true },
        ]}
        nameOf={(row) => row.name}
        caption={(rows) => `Membres de l'équipe (${rows.length}), dans l'ordre du site public`}
        empty="Aucune personne pour le moment : la section « Vos contacts » n'est pas affichée."
        ordered
        Form={MemberForm}
      />
    </ModerationFrame>
  );
}

type TextField = 'name' | 'department' | 'description';

function MemberForm({
  entry,
  list,
  onSaved,
  onCancel,
}: EntryFormProps<TeamMemberRow, TeamMembersList>) {
  const form = useAccountForm();
  const [values, setValues] = useState<Record<TextField, string>>({
    name: entry?.name ?? '',
    department: entry?.department ?? '',
    description: entry?.description ?? '',
  });
  const [photo, setPhoto] = useState<FileFieldValue>(() => fileFieldValue(savedPhoto(entry)));

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      ({ onProgress, signal }) => {
        const added = photo.added[0]?.file ?? null;
        const removed = !added && entry?.photo != null && photo.existing.length === 0;
        parsedOr422(teamMemberInputSchema, { ...values, delete_photo: removed });
        const data = toFormData(
          { ...values, photo: added, delete_photo: removed },
          { method: entry ? 'put' : 'post' },
        );
        return submitMultipart<TeamContentWriteResponse<TeamMemberRow>>(
          'POST',
          entry ? entryUrl('team-members', entry.id) : kindUrl('team-members'),
          data,
          { onProgress: formDataHasFiles(data) ? onProgress : undefined, signal },
        );
      },
      (result) => onSaved(result.message),
    );

  const text = (name: TextField, label: string, extra: { hintText?: string; rows?: number }) => (
    <FormRow>
      <FieldInput
        name={name}
        label={label}
        value={values[name]}
        onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
        error={form.errorFor(name)}
        required={name === 'name'}
        maxLength={
          name === 'description' ? TEAM_CONTENT_LIMITS.description : TEAM_CONTENT_LIMITS.text
        }
        {...extra}
      />
    </FormRow>
  );

  return (
    <EntryForm
      title={entry ? `Modifier la fiche de ${entry.name}` : 'Ajouter une personne'}
      form={form}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {text('name', 'Nom *', { hintText: 'Prénom et nom.' })}
      {text('department', 'Service ou structure', {
        hintText: 'Par exemple : DRAAF Nouvelle-Aquitaine.',
      })}
      {text('description', 'Rôle', {
        hintText: `Une ou deux phrases, ${TEAM_CONTENT_LIMITS.description} caractères au maximum.`,
        rows: 3,
      })}
      <FormRow>
        <FileField
          name="photo"
          label="Photo"
          accept={list.allowed_image_mimes}
          existing={savedPhoto(entry)}
          value={photo}
          onChange={setPhoto}
          error={form.errorFor('photo')}
          disabled={form.processing}
        />
      </FormRow>
    </EntryForm>
  );
}
