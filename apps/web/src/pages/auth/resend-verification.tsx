import { useId, useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { pathTo } from '@ad/contract';
import { api } from '../../lib/api-client.ts';
import { AntiSpamFields, useAnonymousForm } from '../../features/forms/anonymous-form.tsx';
import { FieldInput } from '../../features/forms/field-input.tsx';
import { FormError } from '../../features/forms/form-error.tsx';

const FIELDS = ['email'] as const;

/** 'Renvoyer le lien d'activation': a new verification e-mail for an account not yet confirmed. */
export function ResendVerification({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const form = useAnonymousForm(FIELDS);
  const panelId = useId();

  return (
    <section className={fr.cx('fr-mt-3w')}>
      <Button
        priority="tertiary no outline"
        size="small"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Vous n'avez pas reçu l'e-mail de confirmation ?
      </Button>
      <div id={panelId} className={fr.cx('fr-mt-2w')}>
        {!open ? null : done ? (
          <Alert severity="success" small description={done} />
        ) : (
          <form
            ref={form.formRef}
            noValidate
            aria-busy={form.processing}
            onSubmit={(event) =>
              void form.send(
                event,
                (extra) =>
                  api.post<{ message: string }>(`${pathTo('register')}/renvoyer-le-lien`, {
                    email,
                    ...extra,
                  }),
                (result) => setDone(result.message),
              )
            }
          >
            <FormError message={form.generalError} />
            <FieldInput
              name="email"
              label="Votre adresse électronique"
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              error={form.errors.email}
              disabled={form.processing}
            />
            <AntiSpamFields form={form} />
            <Button
              type="submit"
              priority="secondary"
              disabled={form.processing}
              className={fr.cx('fr-mt-2w')}
            >
              Renvoyer le lien d'activation
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
