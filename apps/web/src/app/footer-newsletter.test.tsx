import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_CHECK_MAILBOX } from '@ad/contract';
import { ApiError, api } from '../lib/api-client.ts';
import { Footer } from './footer.tsx';
import { FALLBACK_PAGE_CONFIG, PageConfigProvider } from './page-config.ts';

vi.mock('../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/api-client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

function renderFooter() {
  render(
    <PageConfigProvider value={FALLBACK_PAGE_CONFIG}>
      <MemoryRouter initialEntries={['/']}>
        <Footer />
      </MemoryRouter>
    </PageConfigProvider>,
  );
  return {
    email: screen.getByLabelText('Votre adresse électronique (ex. : nom@domaine.fr)', {
      exact: true,
    }) as HTMLInputElement,
    submit: screen.getByRole('button', { name: "S'abonner" }) as HTMLButtonElement,
  };
}

beforeEach(() => {
  vi.mocked(api.post).mockReset();
});
afterEach(cleanup);

describe('newsletter form without a provider (built-in double opt-in)', () => {
  it('posts EMAIL, the honeypot and locale, then says to check the mailbox', async () => {
    vi.mocked(api.post).mockResolvedValue({ message: NEWSLETTER_CHECK_MAILBOX });
    const { email, submit } = renderFooter();
    fireEvent.change(email, { target: { value: 'lectrice@exemple.fr' } });
    fireEvent.click(submit);

    expect(await screen.findByText(NEWSLETTER_CHECK_MAILBOX)).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/newsletter/subscriptions', {
      EMAIL: 'lectrice@exemple.fr',
      email_address_check: '',
      locale: 'fr',
    });
    expect(email.value).toBe('');
    expect(screen.queryByText('Votre inscription est confirmée.')).toBeNull();
  });

  it('checks the address before posting', () => {
    const { email, submit } = renderFooter();
    fireEvent.change(email, { target: { value: 'pas-une-adresse' } });
    fireEvent.click(submit);
    expect(
      screen.getByText(
        'Les informations que vous avez fournies ne sont pas valides. Veuillez vérifier le format du champ et réessayer.',
      ),
    ).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("shows the spec's failure message, then the reason, when the server refuses", async () => {
    vi.mocked(api.post).mockRejectedValue(
      new ApiError(429, 'Trop de requêtes. Veuillez réessayer dans 30 secondes.'),
    );
    const { email, submit } = renderFooter();
    fireEvent.change(email, { target: { value: 'lectrice@exemple.fr' } });
    fireEvent.click(submit);
    const message = await screen.findByText("Nous n'avons pas pu confirmer votre inscription.");
    expect(message.nextElementSibling?.textContent).toBe(
      'Trop de requêtes. Veuillez réessayer dans 30 secondes.',
    );
    expect(email.value).toBe('lectrice@exemple.fr');
  });
});
