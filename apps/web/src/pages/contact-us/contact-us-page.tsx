import { useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { SubmitButton } from '../../features/forms/submit-button.tsx';
import { Select } from '../../features/forms/dsfr-fields.tsx';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_THEMATIC_OTHER,
  CONTACT_US_PATH,
  CONTACT_US_SENT,
  type ContactUsThematic,
} from '@ad/contract';
import { CloseButton } from '../../app/close-button.tsx';
import { Loader } from '../../app/loader.tsx';
import { NativeDialog } from '../../app/native-dialog.tsx';
import { AntiSpamFields, useAnonymousForm } from '../../features/forms/anonymous-form.tsx';
import { api } from '../../lib/api-client.ts';
import { AddressBlocks } from './address-blocks.tsx';
import { contactUsOptionsQuery, visibleAddresses } from './contact-us-options.ts';
import { FieldInput } from '../../features/forms/field-input.tsx';
import { FormError } from '../../features/forms/form-error.tsx';

const FIELDS = ['lastname', 'firstname', 'email', 'thematic_id', 'subject', 'message'] as const;
const OTHER = String(CONTACT_THEMATIC_OTHER);
const EMPTY = { lastname: '', firstname: '', email: '', subject: '', message: '' };
type TextField = keyof typeof EMPTY;

/**
 * 'Nous contacter' (spec public-site §2, §3, §5): the site contact form, its thematic preselected
 * by `?thematic=`, 'Objet*' for the thematic 'Autre' (999) only, the address blocks of the chosen
 * thematic, and a success modal after a send. Rendered on the server from the options query.
 */
export function ContactUsPage() {
  const { data, error } = useQuery(contactUsOptionsQuery());

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>Nous contacter</h1>
      {data ? (
        <ContactUsForm thematics={data.thematics} addresses={data.addresses} />
      ) : error ? (
        <p role="alert">{error.message}</p>
      ) : (
        <Loader />
      )}
    </div>
  );
}

function ContactUsForm({
  thematics,
  addresses,
}: {
  thematics: ContactUsThematic[];
  addresses: Parameters<typeof visibleAddresses>[0];
}) {
  const [search] = useSearchParams();
  const requested = search.get('thematic') ?? '';
  const [values, setValues] = useState(EMPTY);
  const [thematic, setThematic] = useState(requested);
  // A new ?thematic= (a link followed while on the page) chooses that thematic.
  const [lastRequested, setLastRequested] = useState(requested);
  if (requested !== lastRequested) {
    setLastRequested(requested);
    setThematic(requested);
  }
  const [sent, setSent] = useState(false);
  const form = useAnonymousForm(FIELDS);
  const { errors, processing } = form;

  // Only a thematic of the list counts (an unknown ?thematic= leaves the placeholder).
  const selected = thematics.some((t) => String(t.id) === thematic) ? thematic : '';
  const isOther = selected === OTHER;
  const field = (name: TextField) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
    disabled: processing,
  });

  return (
    <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
      <div className={fr.cx('fr-col-12', 'fr-col-md-8')}>
        <p className={fr.cx('fr-hint-text')}>
          Les champs marqués d'un astérisque (*) sont obligatoires.
        </p>
        <FormError message={form.generalError} />
        <form
          ref={form.formRef}
          noValidate
          aria-busy={processing}
          onSubmit={(event) =>
            void form.send(
              event,
              (extra) =>
                api.post<{ message: string }>(CONTACT_US_PATH, {
                  ...values,
                  subject: isOther ? values.subject : '',
                  thematic_id: selected === '' ? '' : Number(selected),
                  ...extra,
                }),
              () => {
                setValues(EMPTY);
                setThematic(requested);
                setSent(true);
              },
            )
          }
        >
          <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
            <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
              <FieldInput {...field('lastname')} label="Nom*" autoComplete="family-name" />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
              <FieldInput {...field('firstname')} label="Prénom*" autoComplete="given-name" />
            </div>
          </div>
          <FieldInput {...field('email')} label="Votre e-mail*" type="email" autoComplete="email" />
          <Select
            label="Votre demande concerne*"
            disabled={processing}
            state={errors.thematic_id ? 'error' : 'default'}
            stateRelatedMessage={errors.thematic_id}
            nativeSelectProps={{
              name: 'thematic_id',
              required: true,
              value: selected,
              onChange: (event) => setThematic(event.target.value),
            }}
          >
            <option value="" disabled>
              Sélectionnez une thématique
            </option>
            {thematics.map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.name}
              </option>
            ))}
          </Select>
          {isOther ? <FieldInput {...field('subject')} label="Objet*" maxLength={255} /> : null}
          <FieldInput
            {...field('message')}
            label="Votre message*"
            rows={8}
            maxLength={CONTACT_MESSAGE_MAX}
          />
          <AntiSpamFields form={form} />
          <SubmitButton processing={processing} className={fr.cx('fr-mt-2w')}>
            Envoyer
          </SubmitButton>
        </form>
      </div>
      <aside className={fr.cx('fr-col-12', 'fr-col-md-4')} aria-labelledby="contact-us-addresses">
        <h2 id="contact-us-addresses" className={fr.cx('fr-h4')}>
          Nos coordonnées
        </h2>
        <AddressBlocks addresses={visibleAddresses(addresses, selected)} />
      </aside>
      <SentDialog open={sent} onClose={() => setSent(false)} />
    </div>
  );
}

function SentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = 'contact-us-sent-title';
  return (
    <NativeDialog open={open} onClose={onClose} labelledBy={titleId} className="app-dialog">
      <div className={fr.cx('fr-modal__body')}>
        <div className={fr.cx('fr-modal__header')}>
          <CloseButton title="Fermer la fenêtre modale" onClick={onClose} />
        </div>
        <div className={fr.cx('fr-modal__content')}>
          <h2 id={titleId} className={fr.cx('fr-modal__title')}>
            {CONTACT_US_SENT}
          </h2>
          <p>
            L'équipe vous répondra dans les meilleurs délais. Vous allez recevoir un e-mail accusant
            réception de votre message.
          </p>
        </div>
      </div>
    </NativeDialog>
  );
}
