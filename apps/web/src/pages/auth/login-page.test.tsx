import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client.ts';
import { LoginPage } from './login-page.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/connexion']}>
      <LoginPage />
    </MemoryRouter>,
  );
  return {
    email: screen.getByLabelText(/Adresse électronique/) as HTMLInputElement,
    password: screen.getByLabelText('Mot de passe') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Se connecter' }) as HTMLButtonElement,
  };
}

beforeEach(() => {
  vi.mocked(api.post).mockReset();
});
afterEach(cleanup);

describe('LoginPage', () => {
  it('shows the server field error under the e-mail field and keeps what was typed', async () => {
    const message = 'Ces identifiants ne correspondent pas à nos enregistrements.';
    vi.mocked(api.post).mockRejectedValue(
      new ApiError(422, 'Les données fournies sont invalides.', { email: [message, 'autre'] }),
    );
    const { email, password, submit } = renderPage();

    fireEvent.change(email, { target: { value: 'membre@exemple.fr' } });
    fireEvent.change(password, { target: { value: 'mauvais-mot-de-passe' } });
    fireEvent.click(submit);

    const error = await screen.findByText(message);
    expect(screen.queryByText('autre')).toBeNull();
    expect(api.post).toHaveBeenCalledWith('/connexion', {
      email: 'membre@exemple.fr',
      password: 'mauvais-mot-de-passe',
      remember: false,
    });
    expect(email.value).toBe('membre@exemple.fr');
    expect(password.value).toBe('mauvais-mot-de-passe');
    expect(email.closest('.fr-input-group')?.className).toContain('fr-input-group--error');
    expect(email.getAttribute('aria-describedby')).toContain(error.id);
    expect(email.disabled).toBe(false);
    expect(submit.disabled).toBe(false);
  });

  it('disables the form while the request is in flight', async () => {
    vi.mocked(api.post).mockReturnValue(new Promise(() => {}));
    const { email, password, submit } = renderPage();

    fireEvent.change(email, { target: { value: 'membre@exemple.fr' } });
    fireEvent.click(submit);

    await vi.waitFor(() => expect(submit.disabled).toBe(true));
    expect(email.disabled).toBe(true);
    expect(password.disabled).toBe(true);
  });

  it('links to the sign-up page', () => {
    renderPage();
    expect(
      screen.getByRole('link', { name: "Pas encore de compte ? S'inscrire" }).getAttribute('href'),
    ).toBe('/inscription');
  });
});
