import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import {
  glossaryEntryInputSchema,
  TEAM_CONTENT_LIMITS,
  type GlossaryEntryRow,
  type TeamContentList,
  type TeamContentWriteResponse,
} from '@ad/contract/account/team-content';
import { useAccountForm } from '../../../features/account-forms/index.ts';
import { FieldInput } from '../../../features/forms/field-input.tsx';
import { api } from '../../../lib/api-client.ts';
import { fr } from '../../../lib/fr.ts';
import { ModerationFrame } from '../team-only.tsx';
import { EntriesSection, type EntryFormProps } from './entries-section.tsx';
import { EntryForm, FormRow } from './entry-form.tsx';
import { excerpt } from '../../../lib/excerpt.ts';
import { entryUrl, kindUrl, parsedOr422 } from './team-content-queries.ts';
import '../moderation.css';
import './team-content.css';

type List = TeamContentList<GlossaryEntryRow>;

/** « Glossaire » of the back office (issue 10): the terms of /glossaire. */
export function GlossaryAdminPage() {
  return (
    <ModerationFrame title="Glossaire" reservedTitle="Glossaire">
      <EntriesSection<GlossaryEntryRow, List>
        kind="glossary"
        title="Termes du glossaire"
        intro={
          <p>
            Les termes sont classés par lettre, dans l'ordre alphabétique, sur la page{' '}
            <Link to={pathTo('glossary')} className={fr.cx('fr-link')}>
              Glossaire
            </Link>{' '}
            du site public. Un changement y apparaît aussitôt.
          </p>
        }
        addLabel="Ajouter un terme"
        columns={() => [
          { header: 'Terme', cell: (row) => row.title, multiline: true },
          { header: 'Définition', cell: (row) => excerpt(row.definition), multiline: true },
        ]}
        nameOf={(row) => row.title}
        caption={(rows) => `Termes du glossaire (${rows.length}), par ordre alphabétique`}
        empty="Le glossaire est vide."
        Form={GlossaryForm}
      />
    </ModerationFrame>
  );
}

function GlossaryForm({ entry, onSaved, onCancel }: EntryFormProps<GlossaryEntryRow, List>) {
  const form = useAccountForm();
  const [values, setValues] = useState({
    title: entry?.title ?? '',
    definition: entry?.definition ?? '',
  });

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      () => {
        const body = parsedOr422(glossaryEntryInputSchema, values);
        return entry
          ? api.put<TeamContentWriteResponse<GlossaryEntryRow>>(
              entryUrl('glossary', entry.id),
              body,
            )
          : api.post<TeamContentWriteResponse<GlossaryEntryRow>>(kindUrl('glossary'), body);
      },
      (result) => onSaved(result.message),
    );

  return (
    <EntryForm
      title={entry ? `Modifier le terme « ${entry.title} »` : 'Ajouter un terme'}
      form={form}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormRow>
        <FieldInput
          name="title"
          label="Terme *"
          value={values.title}
          onChange={(title) => setValues((current) => ({ ...current, title }))}
          error={form.errorFor('title')}
          maxLength={TEAM_CONTENT_LIMITS.title}
        />
      </FormRow>
      <FormRow>
        <FieldInput
          name="definition"
          label="Définition *"
          hintText={`Texte simple, ${TEAM_CONTENT_LIMITS.definition} caractères au maximum.`}
          value={values.definition}
          onChange={(definition) => setValues((current) => ({ ...current, definition }))}
          error={form.errorFor('definition')}
          rows={6}
        />
      </FormRow>
    </EntryForm>
  );
}
