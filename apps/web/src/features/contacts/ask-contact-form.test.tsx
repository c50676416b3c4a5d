import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client.ts';
import { AskContactForm } from './ask-contact-form.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));
vi.mock('../captcha/altcha-widget.tsx', () => ({
  AltchaWidget: ({ onChange }: { onChange: (answer: string) => void }) => (
    <button type="button" onClick={() => onChange('captcha-answer')}>
      Je ne suis pas un robot
    </button>
  ),
}));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fillAndSend() {
  fireEvent.change(field('Votre nom'), { target: { value: 'Élise Durand' } });
  fireEvent.change(field('Votre e-mail'), { target: { value: 'elise@exemple.fr' } });
  fireEvent.change(field('Votre message*'), { target: { value: 'Bonjour' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Je ne suis pas un robot' }));
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
}

beforeEach(() => {
  vi.mocked(api.post).mockReset();
});
afterEach(cleanup);

describe('AskContactForm', () => {
  it("posts to the contact's address and shows the spec's success message", async () => {
    vi.mocked(api.post).mockResolvedValue({ message: 'Merci, votre demande a bien été envoyée.' });
    const onSent = vi.fn();
    render(<AskContactForm contactId={42} onSent={onSent} />);
    expect(field('Votre message*').getAttribute('rows')).toBe('8');
    expect(field('Votre e-mail').type).toBe('email');
    await fillAndSend();

    expect(await screen.findByText('Merci, votre demande a bien été envoyée.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/contacts/ask/42', {
      name: 'Élise Durand',
      email: 'elise@exemple.fr',
      message: 'Bonjour',
      recaptcha_response: 'captcha-answer',
      recaptcha_verified: false,
      email_address_check: '',
    });
    expect(onSent).toHaveBeenCalledWith('Merci, votre demande a bien été envoyée.');
    expect(screen.queryByRole('button', { name: 'Envoyer' })).toBeNull();
  });

  it('shows field errors under their fields, and a general error (no society_email) above', async () => {
    vi.mocked(api.post).mockRejectedValueOnce(
      new ApiError(422, 'Le champ message est obligatoire.', {
        message: ['Le champ message est obligatoire.'],
      }),
    );
    render(<AskContactForm contactId={7} />);
    await fillAndSend();
    expect(await screen.findByText('Le champ message est obligatoire.')).toBeTruthy();
    // No error on the captcha: it counts as verified (spec §4), no widget to solve again.
    expect(screen.getByText('Vérification anti-robot déjà effectuée.')).toBeTruthy();

    const general = "Cette structure n'a pas d'adresse e-mail de contact.";
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError(422, general, { contact: [general] }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toContain(general);
    expect(api.post).toHaveBeenLastCalledWith(
      '/api/contacts/ask/7',
      expect.objectContaining({ recaptcha_verified: true, recaptcha_response: '' }),
    );
  });
});
