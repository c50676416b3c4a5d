import {
  readTypedValues,
  type Field,
  type TypedValues,
  type Value,
} from './typed-before-hydration.ts';

/**
 * Watches `root` from now on (before hydrating): a field the visitor changes again is left out of
 * `before`, since React has its new value once the field is hydrated; a field changed before
 * React saw it shows a value other than its default when the replay reads them all again. Returns
 * the replay, to call once the page is hydrated: it sends each field its value and its event.
 * Every value is read first: each event makes React render the form again, which puts the
 * server's values back into the fields not replayed yet. React sees an event as a change only
 * from the value it last saw: that value is set to the server's first (through the field's own
 * property, which React watches), then the visitor's is put back through the element's native
 * setter.
 */
export function replayLater(before: TypedValues, root: ParentNode = document): () => void {
  const typed = new Map(before);
  const changedAgain = (event: Event) => typed.delete(event.target as Field);
  const events = ['input', 'change', 'click'];
  for (const type of events) root.addEventListener(type, changedAgain, true);
  return () => {
    for (const type of events) root.removeEventListener(type, changedAgain, true);
    for (const [field, value] of readTypedValues(root)) typed.set(field, value);
    for (const [field, value] of typed) {
      if (field.isConnected && !field.disabled) replay(field, value);
    }
  };
}

function replay(field: Field, value: Value): void {
  if (field instanceof HTMLSelectElement) {
    const chosen = value as string[];
    for (const option of field.options) option.selected = chosen.includes(option.value);
    // React reads a select's value at each change event: no value of its own to set first.
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (typeof value === 'boolean') {
    (field as HTMLInputElement).checked = !value;
    (field as HTMLInputElement).click();
  } else {
    const focused = field === document.activeElement;
    const [start, end] = focused ? [field.selectionStart, field.selectionEnd] : [null, null];
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    if (focused && start !== null && end !== null) field.setSelectionRange(start, end);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
