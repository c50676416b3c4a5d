import type { RefObject } from 'react';
import { fr } from '../../lib/fr.ts';
import type { FormDraft } from './use-form-draft.ts';

/**
 * The offer of a saved draft above a form (useFormDraft): 'Reprendre le brouillon' fills the form
 * with it, 'Ignorer' deletes it. Renders nothing when no draft waits. The notice goes away with
 * the button that had the focus: the form's first field takes it.
 */
export function DraftNotice({
  draft,
  form,
}: {
  draft: FormDraft;
  form: RefObject<HTMLFormElement | null>;
}) {
  if (!draft.offered) return null;
  const then = (action: () => void) => () => {
    action();
    requestAnimationFrame(() =>
      form.current
        ?.querySelector<HTMLElement>(
          'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
        )
        ?.focus(),
    );
  };
  return (
    <div className={fr.cx('fr-alert', 'fr-alert--info', 'fr-alert--sm', 'fr-mb-3w')} role="status">
      <p>Un brouillon de ce formulaire a été retrouvé.</p>
      <ul
        className={fr.cx(
          'fr-btns-group',
          'fr-btns-group--inline-sm',
          'fr-btns-group--sm',
          'fr-mt-1w',
        )}
      >
        <li>
          <button
            type="button"
            className={fr.cx('fr-btn', 'fr-btn--sm')}
            onClick={then(draft.restore)}
          >
            Reprendre le brouillon
          </button>
        </li>
        <li>
          <button
            type="button"
            className={fr.cx('fr-btn', 'fr-btn--sm', 'fr-btn--secondary')}
            onClick={then(draft.ignore)}
          >
            Ignorer
          </button>
        </li>
      </ul>
    </div>
  );
}
