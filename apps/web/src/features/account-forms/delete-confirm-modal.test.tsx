import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client.ts';
import { DeleteConfirmModal, type Deletable } from './delete-confirm-modal.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const DELETABLE: Deletable = {
  label: 'Actualité',
  sentence: 'votre actualité',
  name: 'Fête des jardins',
  success: 'Votre actualité a bien été supprimée.',
  url: '/api/user/posts/12',
};

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderModal() {
  const onCancel = vi.fn();
  const onDeleted = vi.fn();
  render(
    <DeleteConfirmModal open deletable={DELETABLE} onCancel={onCancel} onDeleted={onDeleted} />,
  );
  return { onCancel, onDeleted };
}

// In braces: a function returned by beforeEach would run as the test's teardown.
beforeEach(() => {
  vi.mocked(api.delete).mockReset();
});
afterEach(cleanup);

describe('DeleteConfirmModal', () => {
  it('asks for confirmation with the texts of the spec', () => {
    renderModal();
    expect(screen.getByRole('heading', { name: 'Actualité : suppression' })).toBeTruthy();
    expect(screen.getByText('Vous êtes sur le point de supprimer votre actualité :')).toBeTruthy();
    expect(screen.getByText('Fête des jardins')).toBeTruthy();
    expect(screen.getByText('Confirmez-vous cette action ?')).toBeTruthy();
  });

  it('cannot be closed while the request runs, then reports the success', async () => {
    const request = deferred();
    vi.mocked(api.delete).mockReturnValue(request.promise);
    const { onCancel, onDeleted } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la suppression' }));
    expect(api.delete).toHaveBeenCalledWith('/api/user/posts/12');

    const cancel = screen.getByRole('button', { name: 'Annuler' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Confirmer la suppression' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Fermer' })).toBeNull();
    fireEvent.click(cancel);
    const dialog = document.querySelector('dialog')!;
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.body.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(onCancel).not.toHaveBeenCalled();

    await act(async () => request.resolve());
    expect(onDeleted).toHaveBeenCalledWith('Votre actualité a bien été supprimée.');
  });

  it('shows a failure inside the modal and lets the member close it', async () => {
    vi.mocked(api.delete).mockRejectedValue(new ApiError(404, 'Élément introuvable.'));
    const { onCancel, onDeleted } = renderModal();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirmer la suppression' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Élément introuvable.');
    expect(onDeleted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent(document.querySelector('dialog')!, new Event('cancel', { cancelable: true }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('shows a French message for a failure without one', async () => {
    vi.mocked(api.delete).mockRejectedValue(new TypeError('boom'));
    renderModal();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirmer la suppression' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(
      "La suppression n'a pas pu aboutir. Veuillez réessayer.",
    );
  });
});
