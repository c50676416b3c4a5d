import { useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { PasswordInput } from '../../features/forms/dsfr-fields.tsx';
import { Link, useSearchParams } from 'react-router';
import { pathTo } from '@ad/contract';
import { PASSWORD_MIN_LENGTH } from '@ad/contract/schemas';
import { api } from '../../lib/api-client.ts';
import { useApiForm } from '../../features/forms/use-api-form.ts';
import { AuthFrame } from './auth-frame.tsx';
import { FormError } from '../../features/forms/form-error.tsx';

const FIELDS = ['password', 'password_confirmation'] as const;

/** The page of the reset link (`?token=`): a new password, then every other session is closed. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useApiForm(FIELDS);

  if (done) {
    return (
      <AuthFrame title="Nouveau mot de passe">
        <Alert severity="success" title="Mot de passe modifié" description={done} />
        <p className={fr.cx('fr-mt-3w')}>
          <Link to={pathTo('login')} className={fr.cx('fr-btn')}>
            Se connecter
          </Link>
        </p>
      </AuthFrame>
    );
  }

  const invalidLink = !token ? 'Ce lien est incomplet. Veuillez refaire une demande.' : linkError;
  return (
    <AuthFrame title="Nouveau mot de passe">
      {invalidLink ? (
        <>
          <Alert severity="error" small description={invalidLink} role="alert" />
          <p className={fr.cx('fr-mt-3w')}>
            <Link to={pathTo('forgot-password')} className={fr.cx('fr-link')}>
              Demander un nouveau lien
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>Choisissez le nouveau mot de passe de votre compte.</p>
          <FormError message={form.generalError} />
          <form
            ref={form.formRef}
            noValidate
            aria-busy={form.processing}
            onSubmit={(event) =>
              void form.submit(
                event,
                () =>
                  api
                    .post<{ message: string }>(pathTo('reset-password'), {
                      token,
                      password,
                      password_confirmation: confirmation,
                    })
                    .catch((error: unknown) => {
                      const bag = (error as { errors?: Record<string, string[]> }).errors;
                      if (bag?.token?.[0]) setLinkError(bag.token[0]);
                      throw error;
                    }),
                (result) => setDone(result.message),
              )
            }
          >
            <PasswordInput
              label="Nouveau mot de passe"
              disabled={form.processing}
              hintText={`Au moins ${PASSWORD_MIN_LENGTH} caractères ; évitez les mots de passe courants.`}
              messagesHint=""
              messages={
                form.errors.password ? [{ severity: 'error', message: form.errors.password }] : []
              }
              nativeInputProps={{
                name: 'password',
                autoComplete: 'new-password',
                required: true,
                value: password,
                onChange: (event) => setPassword(event.target.value),
              }}
            />
            <PasswordInput
              label="Confirmation du nouveau mot de passe"
              disabled={form.processing}
              messagesHint=""
              messages={
                form.errors.password_confirmation
                  ? [{ severity: 'error', message: form.errors.password_confirmation }]
                  : []
              }
              nativeInputProps={{
                name: 'password_confirmation',
                autoComplete: 'new-password',
                required: true,
                value: confirmation,
                onChange: (event) => setConfirmation(event.target.value),
              }}
            />
            <Button type="submit" disabled={form.processing} className={fr.cx('fr-mt-2w')}>
              Enregistrer mon mot de passe
            </Button>
          </form>
        </>
      )}
    </AuthFrame>
  );
}
