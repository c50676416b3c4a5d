import { Suspense, useId } from 'react';
import './account-forms.css';
import { fr } from '../../lib/fr.ts';
import { useHydrated } from '../../app/client-only.tsx';
import { lazyComponent } from '../../app/lazy-component.tsx';

export interface RichTextEditorProps {
  /** Id of the editable area; `field-<key>` lets the form focus it on a server error. */
  id: string;
  label: string;
  hint?: string;
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

// TipTap and ProseMirror weigh about 100 KB gzip: they load with the first editor on screen.
const EditorArea = lazyComponent(() =>
  import('./rich-text-editor-area.tsx').then((module) => module.RichTextEditorArea),
);

/**
 * A rich text field (descriptions, summaries…) in the DSFR input look: TipTap with a toolbar of
 * buttons (Gras, Italique, Titre, lists, Citation, Lien…), headings of levels 2 to 4, links in
 * http(s) or mailto only. The editable area is named by the visible label and described by the
 * hint and the error. The server renders the frame only; the editor starts in the browser.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { label, hint, error, required } = props;
  const uid = useId();
  const labelId = `${uid}-label`;
  const hintId = `${uid}-hint`;
  const errorId = `${uid}-error`;
  const hydrated = useHydrated();
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const placeholder = (
    <div className={`${fr.cx('fr-input')} app-rte__placeholder`} aria-hidden="true" />
  );

  return (
    <div className={fr.cx('fr-input-group', error ? 'fr-input-group--error' : undefined)}>
      <div
        className={fr.cx('fr-label')}
        // Like a label's click on an input: the editable area takes the focus.
        onClick={() => document.getElementById(props.id)?.focus()}
      >
        <span id={labelId}>{label}</span>
        {required ? <span aria-hidden="true"> *</span> : null}
        {hint ? (
          <span className={fr.cx('fr-hint-text')} id={hintId}>
            {hint}
          </span>
        ) : null}
      </div>
      <div className="app-rte">
        {hydrated ? (
          <Suspense fallback={placeholder}>
            <EditorArea {...props} labelId={labelId} describedBy={describedBy || undefined} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      {error ? (
        <p className={fr.cx('fr-error-text')} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
