import { useRef, useState, type FormEvent } from 'react';
import { fr } from '../../lib/fr.ts';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Checkbox, Input, PasswordInput } from '../../features/forms/dsfr-fields.tsx';
import { FormError } from '../../features/forms/form-error.tsx';
import { HONEYPOT_FIELD, pathTo } from '@ad/contract';
import { Link, useSearchParams } from 'react-router';
import { ApiError, api, firstError } from '../../lib/api-client.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { HoneypotField } from '../../features/captcha/honeypot-field.tsx';
import { ResendVerification } from './resend-verification.tsx';

const DASHBOARD_PATH = pathTo('myaccount.dashboard');

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/** Sign-in form; the server answers 422 with per-field messages, or 200 with the session cookie set. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const verification = searchParams.get('verification');
  const [remember, setRemember] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [processing, setProcessing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing) return;
    setProcessing(true);
    setErrors({});
    setGeneralError(null);
    try {
      await api.post('/connexion', {
        email,
        password,
        remember,
        ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
      });
      // Full page load: the server renders the shell again with the signed-in user and a fresh
      // CSRF token; back to the page that asked for the sign-in, if it is one of this site.
      window.location.assign(safeRedirect(searchParams.get('redirect')) ?? DASHBOARD_PATH);
    } catch (error) {
      setProcessing(false);
      if (error instanceof ApiError && error.status === 422) {
        const next: FieldErrors = {
          email: firstError(error.errors, 'email'),
          password: firstError(error.errors, 'password'),
        };
        setErrors(next);
        if (!next.email && !next.password) setGeneralError(error.message);
        // Move focus to the first field in error so screen reader users hear the message.
        // After the render that enables the fields again (a disabled field cannot take the focus).
        setTimeout(() => {
          if (next.email) emailRef.current?.focus();
          else if (next.password) passwordRef.current?.focus();
        }, 0);
        return;
      }
      setGeneralError(
        error instanceof ApiError && error.message
          ? error.message
          : 'La connexion a échoué. Veuillez réessayer dans quelques instants.',
      );
    }
  }

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--center')}>
        <div className={fr.cx('fr-col-12', 'fr-col-md-8', 'fr-col-lg-6')}>
          <h1>Connexion</h1>
          <p>
            Connectez-vous à votre espace pour proposer et gérer vos initiatives, démarches,
            actualités, évènements et ressources.
          </p>
          {verification === 'ok' && (
            <Alert
              severity="success"
              small
              description="Votre adresse e-mail est confirmée : vous pouvez vous connecter."
              className={fr.cx('fr-mb-3w')}
            />
          )}
          {verification === 'invalide' && (
            <Alert
              severity="error"
              small
              description="Ce lien de confirmation est invalide, a déjà servi ou a expiré. Demandez un nouveau lien ci-dessous."
              className={fr.cx('fr-mb-3w')}
            />
          )}
          <FormError message={generalError} />
          <form onSubmit={handleSubmit} noValidate aria-busy={processing}>
            <fieldset className={fr.cx('fr-fieldset')} aria-labelledby="login-legend">
              <legend id="login-legend" className={fr.cx('fr-fieldset__legend')}>
                <span className={fr.cx('fr-hint-text')}>Tous les champs sont obligatoires.</span>
              </legend>
              <div className={fr.cx('fr-fieldset__element')}>
                <Input
                  label="Adresse électronique"
                  hintText="Format attendu : nom@domaine.fr"
                  disabled={processing}
                  state={errors.email ? 'error' : 'default'}
                  stateRelatedMessage={errors.email}
                  nativeInputProps={{
                    ref: emailRef,
                    type: 'email',
                    name: 'email',
                    autoComplete: 'username',
                    required: true,
                    value: email,
                    onChange: (event) => setEmail(event.target.value),
                  }}
                />
              </div>
              <div className={fr.cx('fr-fieldset__element')}>
                <PasswordInput
                  label="Mot de passe"
                  disabled={processing}
                  messagesHint=""
                  messages={
                    errors.password ? [{ severity: 'error', message: errors.password }] : []
                  }
                  nativeInputProps={{
                    ref: passwordRef,
                    name: 'password',
                    autoComplete: 'current-password',
                    required: true,
                    value: password,
                    onChange: (event) => setPassword(event.target.value),
                  }}
                />
              </div>
              <div className={fr.cx('fr-fieldset__element')}>
                <p className={fr.cx('fr-mb-0')}>
                  <Link to={pathTo('forgot-password')} className={fr.cx('fr-link')}>
                    Mot de passe oublié ?
                  </Link>
                </p>
              </div>
              <div className={fr.cx('fr-fieldset__element')}>
                <Checkbox
                  disabled={processing}
                  options={[
                    {
                      label: 'Se souvenir de moi',
                      hintText: 'Sur cet appareil, votre session reste ouverte 30 jours.',
                      nativeInputProps: {
                        name: 'remember',
                        checked: remember,
                        onChange: (event) => setRemember(event.target.checked),
                      },
                    },
                  ]}
                />
              </div>
              <HoneypotField value={honeypot} onChange={setHoneypot} />
              <div className={fr.cx('fr-fieldset__element', 'fr-mt-2w')}>
                <Button type="submit" disabled={processing}>
                  Se connecter
                </Button>
              </div>
            </fieldset>
          </form>
          <hr className={fr.cx('fr-mt-4w', 'fr-pb-3w')} />
          <p>
            <Link to={pathTo('register')} className={fr.cx('fr-link')}>
              Pas encore de compte ? S'inscrire
            </Link>
          </p>
          <ResendVerification initiallyOpen={verification === 'invalide'} />
        </div>
      </div>
    </div>
  );
}
