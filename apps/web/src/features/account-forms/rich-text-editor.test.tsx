import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './rich-text-editor.tsx';
import { normalizeLink } from './rich-text-editor-area.tsx';

let setOutside: (html: string) => void = () => {};

function Harness({ onChange, error }: { onChange?: (html: string) => void; error?: string }) {
  const [value, setValue] = useState('<p>Bonjour</p>');
  setOutside = setValue;
  return (
    <RichTextEditor
      id="field-description"
      label="Description"
      hint="Présentez le projet en quelques lignes."
      value={value}
      onChange={(html) => {
        onChange?.(html);
        setValue(html);
      }}
      error={error}
      required
    />
  );
}

// ProseMirror measures the selection to scroll it into view; jsdom has no layout.
beforeAll(() => {
  const rect = { top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, x: 0, y: 0 };
  const rects = () => Object.assign([rect], { item: () => rect }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= rects;
  Range.prototype.getBoundingClientRect ??= () => ({ ...rect, toJSON: () => rect }) as DOMRect;
  document.elementFromPoint ??= () => null;
});
afterEach(cleanup);

describe('RichTextEditor', () => {
  it('is a multi-line textbox named by its label and described by its hint and error', async () => {
    render(<Harness error="La description est obligatoire." />);
    const box = await screen.findByRole('textbox', { name: /Description/ });
    expect(box.id).toBe('field-description');
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.getAttribute('aria-required')).toBe('true');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = box
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)!.textContent);
    expect(described).toEqual([
      'Présentez le projet en quelques lignes.',
      'La description est obligatoire.',
    ]);
    expect(box.closest('.fr-input-group--error')).toBeTruthy();
    expect(box.innerHTML).toContain('Bonjour');
  });

  it('has a toolbar of labelled buttons that format the text', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await screen.findByRole('textbox', { name: /Description/ });
    const names = screen
      .getAllByRole('button', { hidden: false })
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      'Gras',
      'Italique',
      'Titre',
      'Liste à puces',
      'Liste numérotée',
      'Citation',
      'Lien',
      'Supprimer le lien',
      'Annuler',
      'Rétablir',
    ]);
    const bold = screen.getByRole('button', { name: 'Gras' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    const box = screen.getByRole('textbox', { name: /Description/ });
    act(() => box.focus());
    fireEvent.click(screen.getByRole('button', { name: 'Titre' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h2>Bonjour</h2>'));
    expect(screen.getByRole('button', { name: 'Titre' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Titre' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h3>Bonjour</h3>'));
    // Both quick changes form one step of the history.
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>Bonjour</p>'));
    fireEvent.click(screen.getByRole('button', { name: 'Rétablir' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<h3>Bonjour</h3>'));
  });

  it('asks for a link address in the page and refuses other schemes', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = await screen.findByRole('textbox', { name: /Description/ });
    act(() => box.focus());
    fireEvent.click(screen.getByRole('button', { name: 'Lien' }));
    const address = screen.getByLabelText(/Adresse du lien/, {
      selector: 'input',
    }) as HTMLInputElement;
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    expect(
      screen.getByText('Saisissez une adresse qui commence par https://, http:// ou mailto:.'),
    ).toBeTruthy();
    fireEvent.change(address, { target: { value: 'www.exemple.fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider le lien' }));
    await waitFor(() =>
      expect(onChange.mock.lastCall?.[0]).toContain(
        '<a rel="noopener noreferrer" href="https://www.exemple.fr">',
      ),
    );
    expect(screen.queryByLabelText(/Adresse du lien/, { selector: 'input' })).toBeNull();
  });

  it('takes a value set by the page', async () => {
    render(<Harness />);
    const box = await screen.findByRole('textbox', { name: /Description/ });
    act(() => setOutside('<p>Brouillon repris</p>'));
    await waitFor(() => expect(box.textContent).toBe('Brouillon repris'));
  });
});

describe('RichTextEditor rendered by the server', () => {
  it('sends the frame, then hydrates without mismatch and starts the editor', async () => {
    const html = renderToString(<Harness />);
    expect(html).toContain('Description');
    expect(html).not.toContain('contenteditable');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors = vi.spyOn(console, 'error');
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Harness />);
    });
    const box = await screen.findByRole('textbox', { name: /Description/ });
    expect(box.textContent).toBe('Bonjour');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root!.unmount());
    container.remove();
  });
});

describe('normalizeLink', () => {
  it('keeps http(s) and mailto, completes bare domains and e-mail addresses', () => {
    expect(normalizeLink('https://a.fr/x')).toBe('https://a.fr/x');
    expect(normalizeLink('mailto:a@b.fr')).toBe('mailto:a@b.fr');
    expect(normalizeLink('exemple.fr/page')).toBe('https://exemple.fr/page');
    expect(normalizeLink('nom@exemple.fr')).toBe('mailto:nom@exemple.fr');
    expect(normalizeLink('javascript:alert(1)')).toBeNull();
    expect(normalizeLink('ftp://a.fr')).toBeNull();
    expect(normalizeLink('pas une adresse')).toBeNull();
  });
});
