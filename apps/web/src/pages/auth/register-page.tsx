import { useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import { Checkbox, PasswordInput } from '../../features/forms/dsfr-fields.tsx';
import { Link } from 'react-router';
import { pathTo, type Civility } from '@ad/contract';
import { PASSWORD_MIN_LENGTH } from '@ad/contract/schemas';
import { api } from '../../lib/api-client.ts';
import { AntiSpamFields, useAnonymousForm } from '../../features/forms/anonymous-form.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { FieldInput } from '../../features/forms/field-input.tsx';
import { FormError } from '../../features/forms/form-error.tsx';

const FIELDS = [
  'civility',
  'lastname',
  'firstname',
  'email',
  'job',
  'password',
  'password_confirmation',
  'terms',
] as const;

const TERMS_PATH = '/conditions-generales-d-utilisation';

const PASSWORD_HINT = `Au moins ${PASSWORD_MIN_LENGTH} caractères. Évitez les mots de passe courants : une phrase de plusieurs mots est facile à retenir et difficile à deviner.`;

/** 'Inscription': the account is created unverified and a link is sent by e-mail. */
export function RegisterPage() {
  const [values, setValues] = useState({
    civility: '' as Civility | '',
    lastname: '',
    firstname: '',
    email: '',
    job: '',
    password: '',
    password_confirmation: '',
  });
  const [terms, setTerms] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const form = useAnonymousForm(FIELDS);
  const { errors, processing } = form;
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const text = (
    name: 'lastname' | 'firstname' | 'email' | 'job',
    label: string,
    autoComplete: string,
    type: 'text' | 'email' = 'text',
  ) => (
    <div className={fr.cx('fr-fieldset__element')}>
      <FieldInput
        name={name}
        label={label}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
        error={errors[name]}
        disabled={processing}
      />
    </div>
  );

  if (done) {
    return (
      <AuthFrame title="Inscription">
        <Alert severity="success" title="Vérifiez votre messagerie" description={done} />
        <p className={fr.cx('fr-mt-3w')}>
          Le lien est valable 7 jours. Rien reçu ? Vérifiez vos courriers indésirables, puis
          demandez un nouveau lien depuis la page de <Link to={pathTo('login')}>connexion</Link>.
        </p>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Inscription">
      <p>
        Créez votre compte pour proposer vos initiatives, démarches, actualités, évènements et
        ressources. Vous recevrez un e-mail pour confirmer votre adresse.
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
              api.post<{ message: string }>(pathTo('register'), { ...values, terms, ...extra }),
            (result) => setDone(result.message),
          )
        }
      >
        <fieldset className={fr.cx('fr-fieldset')} aria-labelledby="register-legend">
          <legend id="register-legend" className={fr.cx('fr-fieldset__legend')}>
            <span className={fr.cx('fr-hint-text')}>Tous les champs sont obligatoires.</span>
          </legend>
          <div className={fr.cx('fr-fieldset__element')}>
            <RadioButtons
              legend="Civilité"
              orientation="horizontal"
              disabled={processing}
              state={errors.civility ? 'error' : 'default'}
              stateRelatedMessage={errors.civility}
              options={[
                { label: 'Madame', value: 'mrs' },
                { label: 'Monsieur', value: 'mr' },
              ].map((option) => ({
                label: option.label,
                nativeInputProps: {
                  name: 'civility',
                  value: option.value,
                  checked: values.civility === option.value,
                  onChange: () =>
                    setValues((current) => ({ ...current, civility: option.value as Civility })),
                },
              }))}
            />
          </div>
          {text('lastname', 'Nom', 'family-name')}
          {text('firstname', 'Prénom', 'given-name')}
          {text('email', 'Adresse électronique', 'email', 'email')}
          {text('job', 'Fonction', 'organization-title')}
          <div className={fr.cx('fr-fieldset__element')}>
            <PasswordInput
              label="Mot de passe"
              disabled={processing}
              hintText={PASSWORD_HINT}
              messagesHint=""
              messages={errors.password ? [{ severity: 'error', message: errors.password }] : []}
              nativeInputProps={{
                name: 'password',
                autoComplete: 'new-password',
                required: true,
                value: values.password,
                onChange: set('password'),
              }}
            />
          </div>
          <div className={fr.cx('fr-fieldset__element')}>
            <PasswordInput
              label="Confirmation du mot de passe"
              disabled={processing}
              messagesHint=""
              messages={
                errors.password_confirmation
                  ? [{ severity: 'error', message: errors.password_confirmation }]
                  : []
              }
              nativeInputProps={{
                name: 'password_confirmation',
                autoComplete: 'new-password',
                required: true,
                value: values.password_confirmation,
                onChange: set('password_confirmation'),
              }}
            />
          </div>
          <div className={fr.cx('fr-fieldset__element')}>
            <Checkbox
              disabled={processing}
              state={errors.terms ? 'error' : 'default'}
              stateRelatedMessage={errors.terms}
              options={[
                {
                  label: (
                    // One inline box: the DSFR label is a flex container, which would drop the space.
                    <span>
                      J'accepte les{' '}
                      <a href={TERMS_PATH} target="_blank" rel="noopener">
                        conditions générales d'utilisation
                      </a>
                    </span>
                  ),
                  nativeInputProps: {
                    name: 'terms',
                    checked: terms,
                    onChange: (event) => setTerms(event.target.checked),
                  },
                },
              ]}
            />
          </div>
          <div className={fr.cx('fr-fieldset__element')}>
            <AntiSpamFields form={form} />
          </div>
          <div className={fr.cx('fr-fieldset__element', 'fr-mt-2w')}>
            <Button type="submit" disabled={processing}>
              {processing ? 'Création en cours…' : 'Créer mon compte'}
            </Button>
          </div>
        </fieldset>
      </form>
      <hr className={fr.cx('fr-mt-4w', 'fr-pb-3w')} />
      <p>
        <Link to={pathTo('login')} className={fr.cx('fr-link')}>
          Déjà un compte ? Se connecter
        </Link>
      </p>
    </AuthFrame>
  );
}
