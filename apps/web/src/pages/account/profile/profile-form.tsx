import { useState, type FormEvent } from 'react';
import { PasswordInput } from '../../../features/forms/dsfr-fields.tsx';
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import { useQueryClient } from '@tanstack/react-query';
import type { Civility } from '@ad/contract';
import type { ProfileValues } from '@ad/contract/account/user-account';
import {
  ErrorBanner,
  FormError,
  SubmitButton,
  SuccessModal,
  useAccountForm,
} from '../../../features/account-forms/index.ts';
import { FieldInput } from '../../../features/forms/field-input.tsx';
import { api } from '../../../lib/api-client.ts';
import { fr } from '../../../lib/fr.ts';

type TextField = 'lastname' | 'firstname' | 'email' | 'job';

const CIVILITY_OPTIONS: { label: string; value: Civility }[] = [
  { label: 'Madame', value: 'mrs' },
  { label: 'Monsieur', value: 'mr' },
];

/** The profile: civility, names, e-mail and job, all required (spec §3, §5). */
export function ProfileForm({ profile }: { profile: ProfileValues }) {
  const [values, setValues] = useState({
    civility: (profile.civility ?? '') as Civility | '',
    lastname: profile.lastname,
    firstname: profile.firstname,
    // The address asked for, while its link waits to be opened.
    email: profile.pending_email ?? profile.email,
    job: profile.job ?? '',
  });
  const [currentPassword, setCurrentPassword] = useState('');
  // A new address asks for the current password (the server's rule, decision 0008).
  const typed = values.email.trim().toLowerCase();
  const newAddress =
    typed !== profile.email.toLowerCase() && typed !== profile.pending_email?.toLowerCase();
  const [success, setSuccess] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const form = useAccountForm();
  const { processing, errorFor } = form;

  const text = (
    name: TextField,
    label: string,
    autoComplete: string,
    type: 'text' | 'email' = 'text',
    hintText?: string,
  ) => (
    <div className={fr.cx('fr-fieldset__element')}>
      <FieldInput
        name={name}
        label={`${label} *`}
        hintText={hintText}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
        error={errorFor(name)}
        disabled={processing}
      />
    </div>
  );

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      ({ signal }) =>
        api.post<{ message: string }>(
          '/api/user/profile',
          newAddress ? { ...values, current_password: currentPassword } : values,
          { signal },
        ),
      (result) => {
        setCurrentPassword('');
        setSuccess(result.message);
        void queryClient.invalidateQueries({ queryKey: ['/api/user/profile'] });
      },
    );

  return (
    <section aria-labelledby="profile-title" className={fr.cx('fr-mb-6w')}>
      <h2 id="profile-title" className={fr.cx('fr-h4')}>
        Mes informations
      </h2>
      <p className={fr.cx('fr-hint-text')}>Tous les champs sont obligatoires.</p>
      <FormError message={form.generalError} />
      <ErrorBanner show={form.hasErrors && !processing} />
      <form ref={form.formRef} noValidate aria-busy={processing} onSubmit={submit}>
        <fieldset className={fr.cx('fr-fieldset')} disabled={processing}>
          <div className={fr.cx('fr-fieldset__element')}>
            <RadioButtons
              legend="Civilité *"
              orientation="horizontal"
              disabled={processing}
              state={errorFor('civility') ? 'error' : 'default'}
              stateRelatedMessage={errorFor('civility')}
              options={CIVILITY_OPTIONS.map((option) => ({
                label: option.label,
                nativeInputProps: {
                  name: 'civility',
                  value: option.value,
                  checked: values.civility === option.value,
                  onChange: () => setValues((current) => ({ ...current, civility: option.value })),
                },
              }))}
            />
          </div>
          {text('lastname', 'Nom', 'family-name')}
          {text('firstname', 'Prénom', 'given-name')}
          {text(
            'email',
            'Adresse e-mail',
            'email',
            'email',
            profile.pending_email
              ? `En attente de confirmation : ouvrez le lien envoyé à cette adresse. Jusque-là, votre compte garde l'adresse ${profile.email}.`
              : undefined,
          )}
          {newAddress && (
            <div className={fr.cx('fr-fieldset__element')}>
              <PasswordInput
                label="Mot de passe actuel *"
                hintText="Demandé pour changer d'adresse e-mail."
                messagesHint=""
                disabled={processing}
                messages={
                  errorFor('current_password')
                    ? [{ severity: 'error', message: errorFor('current_password') }]
                    : []
                }
                nativeInputProps={{
                  name: 'current_password',
                  autoComplete: 'current-password',
                  required: true,
                  value: currentPassword,
                  onChange: (event) => setCurrentPassword(event.target.value),
                }}
              />
            </div>
          )}
          {text('job', 'Fonction', 'organization-title')}
          <div className={fr.cx('fr-fieldset__element', 'fr-mt-2w')}>
            <SubmitButton processing={processing}>Enregistrer</SubmitButton>
          </div>
        </fieldset>
      </form>
      {/* Closing goes back to the dashboard (spec account-area §2 'Modals'). */}
      <SuccessModal open={success !== null} message={success ?? ''} />
    </section>
  );
}
