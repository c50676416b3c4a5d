import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { ListItem, ListKeymap } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import { fr } from '../../lib/fr.ts';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

const ALLOWED_LINK = /^(https?:\/\/|mailto:)/i;

/** The link of the 'Lien' form: with a scheme, or a bare domain taken as https. */
export function normalizeLink(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (ALLOWED_LINK.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return null;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(text)) return `mailto:${text}`;
  if (/^(www\.)?[^\s/]+\.[a-z]{2,}(\/\S*)?$/i.test(text)) return `https://${text}`;
  return null;
}

/**
 * Tab and Shift+Tab leave the editor, as in any field, list items included: TipTap's lists use
 * them to nest and un-nest items, so a keyboard user leaving the field from a list changed its
 * content instead (WCAG 2.1.2). The lists' other keys (Enter, Backspace, Delete) stay.
 */
const withoutTab = <T extends { Tab?: unknown; 'Shift-Tab'?: unknown }>(shortcuts: T) => {
  const { Tab: _tab, 'Shift-Tab': _shiftTab, ...rest } = shortcuts;
  return rest;
};
const ListItemWithoutTab = ListItem.extend({
  addKeyboardShortcuts() {
    return withoutTab(this.parent?.() ?? {});
  },
});
const ListKeymapWithoutTab = ListKeymap.extend({
  addKeyboardShortcuts() {
    return withoutTab(this.parent?.() ?? {});
  },
});

// Only what the toolbar offers: the server's sanitiser keeps the same elements.
function extensions() {
  return [
    ListItemWithoutTab,
    ListKeymapWithoutTab,
    StarterKit.configure({
      listItem: false,
      listKeymap: false,
      heading: { levels: [2, 3, 4] },
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      horizontalRule: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url, context) => ALLOWED_LINK.test(url) && context.defaultValidate(url),
        HTMLAttributes: { rel: 'noopener noreferrer', target: null, class: null },
      },
    }),
  ];
}

/**
 * The HTML sent to the page: '' for an empty editor, and without the empty paragraph that TipTap
 * keeps after a last heading or quote so that the cursor can leave it.
 */
export function editorHtml(editor: Editor): string {
  if (editor.isEmpty) return '';
  return editor.getHTML().replace(/(<p><\/p>)+$/, '');
}

const HEADING_CYCLE = [2, 3, 4] as const;

interface Tool {
  label: string;
  icon: string;
  /** Toggle buttons say their state (aria-pressed); actions do not. */
  pressed?: boolean;
  disabled?: boolean;
  text?: string;
  run: () => void;
}

/**
 * The TipTap part of RichTextEditor, in its own chunk. The editor is created after mount
 * (`immediatelyRender: false`), so the server's HTML and the first render in the browser match.
 */
export function RichTextEditorArea(
  props: RichTextEditorProps & { labelId: string; describedBy?: string },
) {
  const { id, value, disabled, required, error, labelId, describedBy } = props;
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const lastEmitted = useRef(value);

  const attributes = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(required ? { 'aria-required': 'true' } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
    ...(disabled ? { 'aria-disabled': 'true' } : {}),
    class: `${fr.cx('fr-input')} app-rte__content`,
  };

  const editor = useEditor({
    immediatelyRender: false,
    extensions: extensions(),
    content: value,
    editable: !disabled,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => {
      const html = editorHtml(current);
      lastEmitted.current = html;
      onChange.current(html);
    },
  });

  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) } });
  }, [editor, attributesKey]);

  useEffect(() => {
    if (editor && editor.isEditable === !!disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // A value set by the page (a restored draft, a loaded item) replaces the content.
  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    if (value === editorHtml(editor)) return;
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <>
      {editor ? <Toolbar editor={editor} controls={id} disabled={!!disabled} /> : null}
      <EditorContent editor={editor} />
      {editor ? null : (
        <div className={`${fr.cx('fr-input')} app-rte__placeholder`} aria-hidden="true" />
      )}
    </>
  );
}

function Toolbar({
  editor,
  controls,
  disabled,
}: {
  editor: Editor;
  controls: string;
  disabled: boolean;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading: ([2, 3, 4] as const).find((level) => current.isActive('heading', { level })) ?? 0,
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [current, setCurrent] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);

  const chain = () => editor.chain().focus();
  const nextHeading = () => {
    const index = HEADING_CYCLE.indexOf(state.heading as 2 | 3 | 4);
    const level = HEADING_CYCLE[index + 1];
    if (index === -1) chain().setHeading({ level: 2 }).run();
    else if (level) chain().setHeading({ level }).run();
    else chain().setParagraph().run();
  };

  const tools: Tool[] = [
    {
      label: 'Gras',
      icon: 'fr-icon-bold',
      pressed: state.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      label: 'Italique',
      icon: 'fr-icon-italic',
      pressed: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      label: 'Titre',
      icon: 'fr-icon-h-2',
      pressed: state.heading > 0,
      text: state.heading ? String(state.heading) : undefined,
      run: nextHeading,
    },
    {
      label: 'Liste à puces',
      icon: 'fr-icon-list-unordered',
      pressed: state.bulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      label: 'Liste numérotée',
      icon: 'fr-icon-list-ordered',
      pressed: state.orderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      label: 'Citation',
      icon: 'fr-icon-quote-line',
      pressed: state.blockquote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      label: 'Lien',
      icon: 'fr-icon-link',
      pressed: state.link || linkOpen,
      run: () => setLinkOpen(true),
    },
    {
      label: 'Supprimer le lien',
      icon: 'fr-icon-link-unlink',
      disabled: !state.link,
      run: () => chain().extendMarkRange('link').unsetLink().run(),
    },
    {
      label: 'Annuler',
      icon: 'fr-icon-arrow-go-back-line',
      disabled: !state.canUndo,
      run: () => chain().undo().run(),
    },
    {
      label: 'Rétablir',
      icon: 'fr-icon-arrow-go-forward-line',
      disabled: !state.canRedo,
      run: () => chain().redo().run(),
    },
  ];
  const usable = tools.map((tool) => !disabled && !tool.disabled);
  // One tab stop for the whole toolbar (WAI-ARIA toolbar pattern); arrows move inside it.
  const tabStop = usable[current] ? current : usable.indexOf(true);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const order = tools.map((_, index) => index).filter((index) => usable[index]);
    if (order.length === 0) return;
    const at = Math.max(0, order.indexOf(tabStop));
    let target: number | undefined;
    if (event.key === 'ArrowRight') target = order[(at + 1) % order.length];
    else if (event.key === 'ArrowLeft') target = order[(at - 1 + order.length) % order.length];
    else if (event.key === 'Home') target = order[0];
    else if (event.key === 'End') target = order[order.length - 1];
    if (target === undefined) return;
    event.preventDefault();
    setCurrent(target);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[target]?.focus();
  };

  return (
    <>
      <div
        ref={toolbar}
        className="app-rte__toolbar"
        role="toolbar"
        aria-label="Mise en forme du texte"
        aria-controls={controls}
        onKeyDown={onKeyDown}
      >
        {tools.map((tool, index) => (
          <button
            key={tool.label}
            type="button"
            className={`${fr.cx('fr-btn', 'fr-btn--sm', 'fr-btn--tertiary-no-outline')} app-rte__tool${tool.pressed ? ' app-rte__tool--pressed' : ''}`}
            aria-label={tool.label}
            title={
              tool.label === 'Titre' ? 'Titre (niveau 2, 3, 4, puis texte normal)' : tool.label
            }
            aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
            disabled={!usable[index]}
            tabIndex={index === tabStop ? 0 : -1}
            onFocus={() => setCurrent(index)}
            // The selection stays in the text while the pointer presses a button.
            onMouseDown={(event) => event.preventDefault()}
            onClick={tool.run}
          >
            <span className={tool.icon} aria-hidden="true" />
            {tool.text ? (
              <span className="app-rte__level" aria-hidden="true">
                {tool.text}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {linkOpen ? (
        <LinkForm
          initial={String(editor.getAttributes('link').href ?? '')}
          onApply={(href) => {
            setLinkOpen(false);
            const { empty } = editor.state.selection;
            if (empty && !editor.isActive('link')) {
              chain()
                .insertContent({
                  type: 'text',
                  text: href,
                  marks: [{ type: 'link', attrs: { href } }],
                })
                .run();
            } else {
              chain().extendMarkRange('link').setLink({ href }).run();
            }
          }}
          onCancel={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The address of a link, in the page rather than in window.prompt: a labelled field with its
 * error. It sits inside the page's form, so it cannot be a form itself: Enter applies it.
 */
function LinkForm({
  initial,
  onApply,
  onCancel,
}: {
  initial: string;
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const uid = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const apply = () => {
    const href = normalizeLink(text);
    if (!href) {
      setError('Saisissez une adresse qui commence par https://, http:// ou mailto:.');
      input.current?.focus();
      return;
    }
    onApply(href);
  };

  return (
    <div className="app-rte__link" role="group" aria-labelledby={`${uid}-label`}>
      <div
        className={fr.cx('fr-input-group', 'fr-mb-1w', error ? 'fr-input-group--error' : undefined)}
      >
        <label className={fr.cx('fr-label')} htmlFor={`${uid}-input`} id={`${uid}-label`}>
          Adresse du lien
          <span className={fr.cx('fr-hint-text')}>Par exemple : https://www.exemple.fr</span>
        </label>
        <input
          ref={input}
          id={`${uid}-input`}
          className={fr.cx('fr-input', error ? 'fr-input--error' : undefined)}
          type="url"
          inputMode="url"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              // Not the submit of the page's form.
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              onCancel();
            }
          }}
        />
        {error ? (
          <p className={fr.cx('fr-error-text')} id={`${uid}-error`}>
            {error}
          </p>
        ) : null}
      </div>
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-sm', 'fr-btns-group--sm')}>
        <li>
          <button type="button" className={fr.cx('fr-btn', 'fr-btn--sm')} onClick={apply}>
            Valider le lien
          </button>
        </li>
        <li>
          <button
            type="button"
            className={fr.cx('fr-btn', 'fr-btn--sm', 'fr-btn--secondary')}
            onClick={onCancel}
          >
            Abandonner
          </button>
        </li>
      </ul>
    </div>
  );
}
