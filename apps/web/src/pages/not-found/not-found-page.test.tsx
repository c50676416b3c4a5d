import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page.tsx';

afterEach(cleanup);

describe('NotFoundPage', () => {
  it('shows the 404 title, the message and a link back to the homepage', () => {
    render(
      <MemoryRouter initialEntries={['/une-page-inconnue']}>
        <NotFoundPage />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Erreur 404');
    expect(screen.getByText("La page que vous cherchez n'existe pas.")).toBeTruthy();
    const link = screen.getByRole('link', { name: "Retour à l'accueil" });
    expect(link.getAttribute('href')).toBe('/');
    expect(link.className).toContain('fr-btn');
  });
});
