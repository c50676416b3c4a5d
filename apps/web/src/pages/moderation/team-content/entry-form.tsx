import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import {
  ErrorBanner,
  FormError,
  SubmitButton,
  UploadProgress,
  type AccountForm,
} from '../../../features/account-forms/index.ts';
import { fr } from '../../../lib/fr.ts';
import './team-content.css';

/**
 * The frame of a back-office entry form (issue 10): its heading (which takes the focus when the
 * form opens, so that keyboard and screen-reader users land on it), the required-fields hint, the
 * error banner and the general error, the fields, and « Enregistrer » / « Annuler ». The fields
 * are locked while the request runs; errors show under them (`useAccountForm`). Self-contained:
 * any back-office list can use it.
 */
export function EntryForm({
  title,
  form,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  form: AccountForm;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby={titleId} className="app-team-content__form">
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <p className={fr.cx('fr-hint-text')}>
        Les champs marqués d'un astérisque (*) sont obligatoires.
      </p>
      <FormError message={form.generalError} />
      <ErrorBanner show={form.hasErrors && !form.processing} />
      <form ref={form.formRef} noValidate aria-busy={form.processing} onSubmit={onSubmit}>
        <fieldset className={fr.cx('fr-fieldset')} disabled={form.processing}>
          {children}
          <div className={fr.cx('fr-fieldset__element', 'fr-mt-2w')}>
            <ul
              className={fr.cx(
                'fr-btns-group',
                'fr-btns-group--inline-sm',
                'fr-btns-group--icon-left',
              )}
            >
              <li>
                <SubmitButton processing={form.processing}>Enregistrer</SubmitButton>
              </li>
              <li>
                <button
                  type="button"
                  className={fr.cx('fr-btn', 'fr-btn--secondary')}
                  onClick={onCancel}
                >
                  Annuler
                  {/* The rich-text editor's toolbar has its own « Annuler » (undo). */}
                  <span className={fr.cx('fr-sr-only')}> et revenir à la liste</span>
                </button>
              </li>
            </ul>
            <UploadProgress value={form.uploadProgress} />
          </div>
        </fieldset>
      </form>
    </section>
  );
}

/** A field of the form in its DSFR fieldset element. */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className={fr.cx('fr-fieldset__element')}>{children}</div>;
}
