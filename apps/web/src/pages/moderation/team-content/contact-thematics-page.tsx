import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import {
  contactThematicInputSchema,
  TEAM_CONTENT_LIMITS,
  type ContactThematicRow,
  type ContactThematicsList,
  type TeamContentWriteResponse,
} from '@ad/contract/account/team-content';
import { useAccountForm } from '../../../features/account-forms/index.ts';
import { FieldInput } from '../../../features/forms/field-input.tsx';
import { api } from '../../../lib/api-client.ts';
import { fr } from '../../../lib/fr.ts';
import { usePageConfig } from '../../../app/page-config.ts';
import { ModerationFrame } from '../team-only.tsx';
import { EntriesSection, type EntryFormProps } from './entries-section.tsx';
import { EntryForm, FormRow } from './entry-form.tsx';
import { entryUrl, kindUrl, parsedOr422 } from './team-content-queries.ts';
import '../moderation.css';
import './team-content.css';

const ADMIN_ONLY = 'Cette page est réservée aux administrateurs.';

const addressText = (row: ContactThematicRow) =>
  row.address
    ? [row.address.address_name, [row.address.postcode, row.address.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ')
    : 'Aucune';

/**
 * « Thématiques de contact » of the back office (issue 10, admins only): the choices of the
 * « Nous contacter » form, the mailbox each one's messages go to and the address shown beside
 * the form when it is chosen.
 */
export function ContactThematicsAdminPage() {
  const isAdmin = usePageConfig().user?.role === 'admin';
  return (
    <ModerationFrame title="Thématiques de contact" reservedTitle="Thématiques de contact">
      {isAdmin ? (
        <EntriesSection<ContactThematicRow, ContactThematicsList>
          kind="contact-thematics"
          title="Thématiques du formulaire"
          intro={(list) => (
            <p>
              Ces thématiques sont proposées dans « Votre demande concerne » du formulaire{' '}
              <Link to={pathTo('contact-us')} className={fr.cx('fr-link')}>
                Nous contacter
              </Link>
              , dans l'ordre choisi ici. Chaque message est envoyé à l'adresse e-mail de sa
              thématique, ou à défaut à {list?.default_recipient ?? "l'adresse de contact"}. Un
              changement s'applique aussitôt.
            </p>
          )}
          addLabel="Ajouter une thématique"
          columns={() => [
            { header: 'Nom', cell: (row) => row.name, multiline: true },
            {
              header: 'Messages envoyés à',
              cell: (row) => row.recipient_email ?? 'Adresse par défaut',
              multiline: true,
            },
            { header: 'Adresse affichée', cell: addressText, multiline: true },
          ]}
          nameOf={(row) => row.name}
          caption={(rows) =>
            `Thématiques du formulaire de contact (${rows.length}), dans l'ordre du formulaire`
          }
          empty="Aucune thématique : le formulaire de contact ne peut pas être envoyé."
          ordered
          canDelete={(row) => !row.protected}
          keptNote="Liée depuis le site : ne peut pas être supprimée."
          Form={ThematicForm}
        />
      ) : (
        <div className={fr.cx('fr-alert', 'fr-alert--warning', 'fr-alert--sm')}>
          <p>{ADMIN_ONLY}</p>
        </div>
      )}
    </ModerationFrame>
  );
}

// Not the signed-in person's own address: no autocomplete from the browser.
const ADDRESS_FIELDS = [
  ['address_name', 'Nom du lieu ou du service'],
  ['address_line_1', 'Adresse'],
  ['address_line_2', "Complément d'adresse"],
  ['postcode', 'Code postal'],
  ['city', 'Ville'],
  ['country', 'Pays'],
  ['phone', 'Téléphone'],
] as const;

type Field = 'name' | 'recipient_email' | (typeof ADDRESS_FIELDS)[number][0];

function ThematicForm({
  entry,
  list,
  onSaved,
  onCancel,
}: EntryFormProps<ContactThematicRow, ContactThematicsList>) {
  const form = useAccountForm();
  const [values, setValues] = useState<Record<Field, string>>({
    name: entry?.name ?? '',
    recipient_email: entry?.recipient_email ?? '',
    address_name: entry?.address?.address_name ?? '',
    address_line_1: entry?.address?.address_line_1 ?? '',
    address_line_2: entry?.address?.address_line_2 ?? '',
    postcode: entry?.address?.postcode ?? '',
    city: entry?.address?.city ?? '',
    country: entry?.address?.country ?? '',
    phone: entry?.address?.phone ?? '',
  });
  const set = (name: Field) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      () => {
        const body = parsedOr422(contactThematicInputSchema, values);
        return entry
          ? api.put<TeamContentWriteResponse<ContactThematicRow>>(
              entryUrl('contact-thematics', entry.id),
              body,
            )
          : api.post<TeamContentWriteResponse<ContactThematicRow>>(
              kindUrl('contact-thematics'),
              body,
            );
      },
      (result) => onSaved(result.message),
    );

  return (
    <EntryForm
      title={entry ? `Modifier la thématique « ${entry.name} »` : 'Ajouter une thématique'}
      form={form}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormRow>
        <FieldInput
          name="name"
          label="Nom *"
          value={values.name}
          onChange={set('name')}
          error={form.errorFor('name')}
          maxLength={TEAM_CONTENT_LIMITS.text}
        />
      </FormRow>
      <FormRow>
        <FieldInput
          name="recipient_email"
          label="Adresse e-mail de destination"
          type="email"
          hintText={`Les messages de cette thématique y sont envoyés. Vide : ${list.default_recipient}.`}
          value={values.recipient_email}
          onChange={set('recipient_email')}
          error={form.errorFor('recipient_email')}
          required={false}
          autoComplete="off"
          maxLength={TEAM_CONTENT_LIMITS.email}
        />
      </FormRow>
      <FormRow>
        <fieldset
          className={fr.cx('fr-fieldset', 'fr-mt-2w')}
          aria-describedby="thematic-address-hint"
        >
          <legend className={fr.cx('fr-fieldset__legend')}>
            Adresse affichée à côté du formulaire
            <span id="thematic-address-hint" className={fr.cx('fr-hint-text')}>
              Facultative ; laissez tous les champs vides pour n'en afficher aucune.
            </span>
          </legend>
          {ADDRESS_FIELDS.map(([name, label]) => (
            <FormRow key={name}>
              <FieldInput
                name={name}
                label={label}
                value={values[name]}
                onChange={set(name)}
                error={form.errorFor(name)}
                required={false}
                autoComplete="off"
                maxLength={
                  name === 'postcode'
                    ? TEAM_CONTENT_LIMITS.postcode
                    : name === 'phone'
                      ? TEAM_CONTENT_LIMITS.phone
                      : TEAM_CONTENT_LIMITS.text
                }
              />
            </FormRow>
          ))}
        </fieldset>
      </FormRow>
    </EntryForm>
  );
}
