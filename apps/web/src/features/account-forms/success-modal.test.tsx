import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathTo } from '@ad/contract';
import { SuccessModal, isAccountQuery } from './success-modal.tsx';

function Where() {
  return <p>Page : {useLocation().pathname}</p>;
}

function renderAt(path: string, onClose?: () => void) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SuccessModal
          open
          message="Votre actualité a bien été ajoutée, elle est maintenant en cours de modération par notre équipe."
          onClose={onClose}
        />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidate };
}

afterEach(cleanup);

describe('SuccessModal', () => {
  it('shows the message and goes back to the dashboard with fresh data', () => {
    const { invalidate } = renderAt('/mon-compte/actualites/creation');
    const dialog = screen.getByRole('dialog', {
      name: /Votre actualité a bien été ajoutée/,
    });
    expect(dialog).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.getByText(`Page : ${pathTo('myaccount.dashboard')}`)).toBeTruthy();
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('reloads the dashboard data when already there', () => {
    const dashboard = pathTo('myaccount.dashboard');
    const { invalidate } = renderAt(dashboard);
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.getByText(`Page : ${dashboard}`)).toBeTruthy();
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('lets the page decide what closing does', () => {
    const onClose = vi.fn();
    const { invalidate } = renderAt('/mon-compte/structure', onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(invalidate).not.toHaveBeenCalled();
    expect(screen.getByText('Page : /mon-compte/structure')).toBeTruthy();
  });

  it('refetches only the member’s own queries', () => {
    expect(isAccountQuery(['/api/user/posts', {}])).toBe(true);
    expect(isAccountQuery(['/api/posts', {}])).toBe(false);
  });
});
