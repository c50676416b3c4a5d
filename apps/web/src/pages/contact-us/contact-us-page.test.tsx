import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactUsOptions } from '@ad/contract';
import { createQueryClient } from '../../app/query-client.ts';
import { ApiError, api } from '../../lib/api-client.ts';
import { ContactUsPage } from './contact-us-page.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));
// The real widget needs workers and WebCrypto: a stand-in that answers when clicked.
vi.mock('../../features/captcha/altcha-widget.tsx', () => ({
  AltchaWidget: ({ onChange }: { onChange: (answer: string) => void }) => (
    <button type="button" onClick={() => onChange('captcha-answer')}>
      Je ne suis pas un robot
    </button>
  ),
}));

const OPTIONS: ContactUsOptions = {
  thematics: [
    { id: 1, name: 'Question sur une initiative ou une démarche' },
    { id: 4, name: 'Boîte à idées' },
    { id: 999, name: 'Autre' },
  ],
  addresses: [
    {
      name: 'Équipe de la plateforme',
      address_line_1: '15 rue Arthur Ranc',
      address_line_2: 'CS 60539',
      postcode: '86020',
      city: 'Poitiers',
      country: 'France',
      phone: '05 36 49 00 00',
      thematic_id: 1,
    },
    {
      name: 'Antenne de Limoges',
      address_line_1: '22 rue des Arènes',
      address_line_2: null,
      postcode: '87000',
      city: 'Limoges',
      country: 'France',
      phone: '05 36 49 00 03',
      thematic_id: 4,
    },
  ],
};

async function renderPage(url = '/nous-contacter') {
  vi.mocked(api.get).mockResolvedValue(OPTIONS);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <ContactUsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const select = (await screen.findByLabelText('Votre demande concerne*')) as HTMLSelectElement;
  return { select };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const addresses = () => within(screen.getByRole('complementary')).queryAllByRole('listitem');

beforeEach(() => {
  vi.mocked(api.get).mockReset();
  vi.mocked(api.post).mockReset();
});
afterEach(cleanup);

describe('ContactUsPage', () => {
  it("preselects ?thematic=, shows 'Objet*' for 'Autre' only and the thematic's addresses", async () => {
    const { select } = await renderPage('/nous-contacter?thematic=999');
    expect(api.get).toHaveBeenCalledWith('/api/contact-us/options', expect.anything());
    expect(select.value).toBe('999');
    expect(field('Objet*').required).toBe(true);
    expect(addresses()).toHaveLength(2);

    fireEvent.change(select, { target: { value: '4' } });
    expect(screen.queryByLabelText('Objet*')).toBeNull();
    expect(addresses().map((item) => item.textContent)).toEqual([
      expect.stringContaining('Antenne de Limoges'),
    ]);
    expect(field('Votre message*').tagName).toBe('TEXTAREA');
    expect(field('Votre message*').getAttribute('rows')).toBe('8');
  });

  it('shows the placeholder for an unknown ?thematic=', async () => {
    const { select } = await renderPage('/nous-contacter?thematic=12');
    expect(select.value).toBe('');
    expect(
      within(select).getByRole('option', { name: 'Sélectionnez une thématique' }),
    ).toBeTruthy();
  });

  it('sends the form, opens the success modal and resets the form', async () => {
    vi.mocked(api.post).mockResolvedValue({ message: 'Votre message a bien été envoyé.' });
    const { select } = await renderPage('/nous-contacter?thematic=999');
    fireEvent.change(field('Nom*'), { target: { value: 'Durand' } });
    fireEvent.change(field('Prénom*'), { target: { value: 'Élise' } });
    fireEvent.change(field('Votre e-mail*'), { target: { value: 'elise@exemple.fr' } });
    fireEvent.change(field('Objet*'), { target: { value: 'Partenariat' } });
    fireEvent.change(field('Votre message*'), { target: { value: 'Bonjour' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Je ne suis pas un robot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    const title = await screen.findByRole('heading', { name: 'Votre message a bien été envoyé.' });
    expect(title.closest('dialog')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/contact-us', {
      lastname: 'Durand',
      firstname: 'Élise',
      email: 'elise@exemple.fr',
      thematic_id: 999,
      subject: 'Partenariat',
      message: 'Bonjour',
      recaptcha_response: 'captcha-answer',
      recaptcha_verified: false,
      email_address_check: '',
    });
    expect(field('Nom*').value).toBe('');
    expect(field('Votre message*').value).toBe('');
    expect(select.value).toBe('999');

    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('heading', { name: 'Votre message a bien été envoyé.' })).toBeNull();
  });

  it('marks the captcha verified after a server error, and keeps the answer after a network error', async () => {
    await renderPage();
    fireEvent.change(field('Votre message*'), { target: { value: 'Bonjour' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Je ne suis pas un robot' }));
    const sent = () => vi.mocked(api.post).mock.calls.at(-1)?.[1];
    const send = async () => {
      const calls = vi.mocked(api.post).mock.calls.length;
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
      await vi.waitFor(() => expect(api.post).toHaveBeenCalledTimes(calls + 1));
      await vi.waitFor(() =>
        expect(screen.getByRole('button', { name: 'Envoyer' })).toHaveProperty('disabled', false),
      );
    };

    // Offline: the request never reached the server's captcha guard.
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError(0, 'Réseau indisponible.'));
    await send();
    expect(sent()).toMatchObject({
      recaptcha_response: 'captcha-answer',
      recaptcha_verified: false,
    });

    // A server error after the guard: the answer was used, the server remembers it.
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError(500, 'Erreur du serveur.'));
    await send();
    expect(sent()).toMatchObject({
      recaptcha_response: 'captcha-answer',
      recaptcha_verified: false,
    });
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError(500, 'Erreur du serveur.'));
    await send();
    expect(sent()).toMatchObject({ recaptcha_response: '', recaptcha_verified: true });
    expect(screen.queryByRole('button', { name: 'Je ne suis pas un robot' })).toBeNull();
    expect(field('Votre message*').value).toBe('Bonjour');
  });

  it('shows the server errors under their fields and keeps what was typed', async () => {
    vi.mocked(api.post).mockRejectedValue(
      new ApiError(422, 'Le champ nom est obligatoire.', {
        lastname: ['Le champ nom est obligatoire.'],
        thematic_id: ['Veuillez sélectionner une thématique.'],
      }),
    );
    await renderPage();
    fireEvent.change(field('Votre message*'), { target: { value: 'Bonjour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText('Le champ nom est obligatoire.')).toBeTruthy();
    expect(screen.getByText('Veuillez sélectionner une thématique.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith(
      '/api/contact-us',
      expect.objectContaining({ thematic_id: '', subject: '' }),
    );
    expect(field('Votre message*').value).toBe('Bonjour');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
