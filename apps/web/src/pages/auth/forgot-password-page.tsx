import { useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import { api } from '../../lib/api-client.ts';
import { AntiSpamFields, useAnonymousForm } from '../../features/forms/anonymous-form.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { FieldInput } from '../../features/forms/field-input.tsx';
import { FormError } from '../../features/forms/form-error.tsx';

const FIELDS = ['email'] as const;

/** 'Mot de passe oublié ?': a reset link by e-mail, the same answer whether the address exists or not. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const form = useAnonymousForm(FIELDS);

  return (
    <AuthFrame title="Mot de passe oublié">
      {done ? (
        <Alert severity="success" title="Demande envoyée" description={done} />
      ) : (
        <>
          <p>
            Indiquez l'adresse électronique de votre compte : nous vous enverrons un lien pour
            choisir un nouveau mot de passe.
          </p>
          <FormError message={form.generalError} />
          <form
            ref={form.formRef}
            noValidate
            aria-busy={form.processing}
            onSubmit={(event) =>
              void form.send(
                event,
                (extra) =>
                  api.post<{ message: string }>(pathTo('forgot-password'), { email, ...extra }),
                (result) => setDone(result.message),
              )
            }
          >
            <FieldInput
              name="email"
              label="Adresse électronique"
              hintText="Format attendu : nom@domaine.fr"
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              error={form.errors.email}
              disabled={form.processing}
            />
            <AntiSpamFields form={form} />
            <Button type="submit" disabled={form.processing} className={fr.cx('fr-mt-2w')}>
              Recevoir le lien
            </Button>
          </form>
        </>
      )}
      <hr className={fr.cx('fr-mt-4w', 'fr-pb-3w')} />
      <p>
        <Link to={pathTo('login')} className={fr.cx('fr-link')}>
          Retour à la connexion
        </Link>
      </p>
    </AuthFrame>
  );
}
