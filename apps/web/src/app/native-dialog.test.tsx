import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NativeDialog } from './native-dialog.tsx';

/** A page with an opener, and a dialog that its owner may hide or remove (as a route change). */
function Page() {
  const [mounted, setMounted] = useState(false);
  const [hidden, setHidden] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setMounted(true)}>
        Ouvrir
      </button>
      <button type="button" onClick={() => setHidden((value) => !value)}>
        Masquer
      </button>
      <button type="button" onClick={() => setMounted(false)}>
        Retirer
      </button>
      {mounted && (
        <NativeDialog open={!hidden} onClose={() => setMounted(false)} label="Fiche">
          <button type="button">Dedans</button>
        </NativeDialog>
      )}
    </>
  );
}

describe('NativeDialog', () => {
  afterEach(cleanup);

  it('gives the focus back to its opener when its owner removes it while open', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.querySelector('dialog')!.open).toBe(true);
    screen.getByRole('button', { name: 'Dedans' }).focus();
    act(() => screen.getByRole('button', { name: 'Retirer' }).click());
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('ignores the close event of a hiding when it comes after being shown again', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    // Hidden, then shown again before the browser's `close` task of the hiding has run (a key
    // press goes first: the contact form closed by Escape at once).
    act(() => screen.getByRole('button', { name: 'Masquer' }).click());
    act(() => screen.getByRole('button', { name: 'Masquer' }).click());
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    act(() => void dialog.dispatchEvent(new Event('close')));
    expect(document.querySelector('dialog')).not.toBeNull();
    expect(dialog.open).toBe(true);
  });

  it('keeps its first opener when shown again with the focus nowhere', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    opener.focus();
    fireEvent.click(opener);
    // Hidden while another dialog is open; shown again once that one has gone with the focus.
    act(() => screen.getByRole('button', { name: 'Masquer' }).click());
    (document.activeElement as HTMLElement).blur();
    act(() => screen.getByRole('button', { name: 'Masquer' }).click());
    expect(document.querySelector('dialog')!.open).toBe(true);
    act(() => screen.getByRole('button', { name: 'Retirer' }).click());
    expect(document.activeElement).toBe(opener);
  });
});
