import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { replayLater } from './replay-typed-values.ts';
import { readTypedValues } from './typed-before-hydration.ts';

/** A controlled form that shows its state, as the app's forms keep theirs. */
function Form() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('Bonjour');
  const [remember, setRemember] = useState(false);
  const [civility, setCivility] = useState('mrs');
  const [subject, setSubject] = useState('');
  const [, setRenders] = useState(0);
  return (
    <form>
      <input aria-label="E-mail" value={email} onChange={(e) => setEmail(e.target.value)} />
      <textarea aria-label="Message" value={message} onChange={(e) => setMessage(e.target.value)} />
      <input
        type="checkbox"
        aria-label="Se souvenir de moi"
        checked={remember}
        onChange={(e) => setRemember(e.target.checked)}
      />
      {['mrs', 'mr'].map((value) => (
        <input
          key={value}
          type="radio"
          name="civility"
          aria-label={value}
          value={value}
          checked={civility === value}
          onChange={() => setCivility(value)}
        />
      ))}
      <select aria-label="Objet" value={subject} onChange={(e) => setSubject(e.target.value)}>
        <option value="">Choisir</option>
        <option value="idee">Une idée</option>
      </select>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        Rendre
      </button>
      <output>{JSON.stringify({ email, message, remember, civility, subject })}</output>
    </form>
  );
}

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/**
 * The server's HTML, typed into before hydration, then hydrated; `changedAfter` changes fields
 * once hydrated, then the replay runs (unless `replay` is false), then the form renders again.
 */
async function typedThenHydrated(
  replay: boolean,
  changedAfter: (field: <T extends HTMLElement>(name: string) => T) => void = () => {},
) {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.appendChild(container);
  const field = <T extends HTMLElement>(name: string) => screen.getByLabelText<T>(name);
  field<HTMLInputElement>('E-mail').value = 'anne@exemple.fr';
  field<HTMLTextAreaElement>('Message').value = 'Bonjour, une question';
  field<HTMLInputElement>('Se souvenir de moi').checked = true;
  field<HTMLInputElement>('mr').checked = true;
  field<HTMLSelectElement>('Objet').value = 'idee';
  // As the entry does: read, watch, hydrate, replay once hydrated.
  const later = replay ? replayLater(readTypedValues(container), container) : () => {};
  await act(async () => {
    root = hydrateRoot(container!, <Form />);
  });
  changedAfter(field);
  act(later);
  // Another render of the form, as the next keystroke or a loaded query would cause.
  fireEvent.click(screen.getByRole('button', { name: 'Rendre' }));
  return {
    state: JSON.parse(container.querySelector('output')!.textContent!) as Record<string, unknown>,
    email: field<HTMLInputElement>('E-mail').value,
    message: field<HTMLTextAreaElement>('Message').value,
    remember: field<HTMLInputElement>('Se souvenir de moi').checked,
    civility: field<HTMLInputElement>('mr').checked ? 'mr' : 'mrs',
    subject: field<HTMLSelectElement>('Objet').value,
  };
}

const TYPED = {
  email: 'anne@exemple.fr',
  message: 'Bonjour, une question',
  remember: true,
  civility: 'mr',
  subject: 'idee',
};

describe('readTypedValues and replayLater', () => {
  it('gives the form the values typed before hydration, which the next render keeps', async () => {
    const form = await typedThenHydrated(true);
    expect(form.state).toEqual(TYPED);
    const { state: _state, ...shown } = form;
    expect(shown).toEqual(TYPED);
  });

  it('is needed: without it, the next render puts the server values back', async () => {
    const form = await typedThenHydrated(false);
    expect(form.state).toEqual({
      email: '',
      message: 'Bonjour',
      remember: false,
      civility: 'mrs',
      subject: '',
    });
    expect(form.email).toBe('');
  });

  it('keeps what the visitor changed again once hydrated, even back to the server value', async () => {
    const form = await typedThenHydrated(true, (field) => {
      fireEvent.change(field('E-mail'), { target: { value: 'autre@exemple.fr' } });
      fireEvent.change(field('Objet'), { target: { value: '' } });
    });
    const expected = { ...TYPED, email: 'autre@exemple.fr', subject: '' };
    expect(form.state).toEqual(expected);
    const { state: _state, ...shown } = form;
    expect(shown).toEqual(expected);
  });

  it('leaves alone the fields nobody changed', async () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.appendChild(container);
    const later = replayLater(readTypedValues(container), container);
    await act(async () => {
      root = hydrateRoot(container!, <Form />);
    });
    const events: string[] = [];
    container.addEventListener('input', (event) => events.push((event.target as Element).tagName));
    container.addEventListener('change', (event) => events.push((event.target as Element).tagName));
    container.addEventListener('click', (event) => events.push((event.target as Element).tagName));
    act(later);
    expect(events).toEqual([]);
  });

  it('takes a list without a chosen option, showing its first, as unchanged', () => {
    container = document.createElement('div');
    container.innerHTML =
      '<select><option value="a">A</option><option value="b">B</option></select>';
    expect(readTypedValues(container).size).toBe(0);
    container.querySelector('select')!.value = 'b';
    expect([...readTypedValues(container).values()]).toEqual([['b']]);
  });
});
