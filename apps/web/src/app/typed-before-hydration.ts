/**
 * What the visitor typed into the server's HTML before the page was hydrated, handed to React.
 *
 * React 19 hydrates a controlled field without taking its value: the form's state keeps the
 * value the server rendered while the field shows the visitor's, and the form's next render puts
 * the server's value back (a sign-in typed while the page loaded lost its e-mail address as soon
 * as the password was typed after hydration); a text area that had a value is even reset while
 * hydrating. So the entry reads the fields the visitor changed just before hydrating
 * (`readTypedValues`), and once the page is hydrated (hydration-marker.tsx) each of them gets its
 * value back with the event a keystroke or a click would have sent, so that its form's state
 * takes it (`replayLater`, replay-typed-values.ts: in a chunk of its own, loaded only when a
 * field was changed).
 */
export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** A text; whether a box or a radio button is checked; the values of a list's chosen options. */
export type Value = string | boolean | string[];
export type TypedValues = ReadonlyMap<Field, Value>;

const fieldsOf = (root: ParentNode) => root.querySelectorAll<Field>('input, textarea, select');

/** The fields whose value the visitor changed from the server's, with that value. */
export function readTypedValues(root: ParentNode = document): TypedValues {
  const typed = new Map<Field, Value>();
  for (const field of fieldsOf(root)) {
    const value = changedValue(field);
    if (value !== null) typed.set(field, value);
  }
  return typed;
}

function changedValue(field: Field): Value | null {
  if (field.disabled) return null;
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    // A single choice without a chosen option shows its first one: unchanged.
    const unchanged =
      field.multiple || options.some((option) => option.defaultSelected)
        ? options.every((option) => option.selected === option.defaultSelected)
        : field.selectedIndex <= 0;
    return unchanged ? null : options.filter((option) => option.selected).map((o) => o.value);
  }
  if (field.readOnly) return null;
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    // A box ticked or unticked, or a radio button chosen (those it unchecked follow it).
    const changed = field.checked !== field.defaultChecked;
    return changed && (field.type === 'checkbox' || field.checked) ? field.checked : null;
  }
  if (field.type === 'file' || field.type === 'hidden') return null;
  return field.value !== field.defaultValue ? field.value : null;
}
