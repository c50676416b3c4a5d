import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_REPORT_MESSAGES } from '@ad/contract/error-reports';
import { ApiError, api } from '../../lib/api-client.ts';
import { ErrorReportForm } from './error-report-form.tsx';

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

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const MESSAGE = /^Votre message/;
const EMAIL = /^Votre e-mail/;

beforeEach(() => {
  vi.mocked(api.post).mockReset();
});
afterEach(cleanup);

describe('ErrorReportForm', () => {
  it("posts the report to the item's address and thanks the visitor", async () => {
    vi.mocked(api.post).mockResolvedValue({ message: ERROR_REPORT_MESSAGES.sent });
    const onSent = vi.fn();
    render(<ErrorReportForm type="demarche" id={8} onSent={onSent} />);
    expect(field(MESSAGE).required).toBe(true);
    expect(field(MESSAGE).maxLength).toBe(2000);
    expect(field(EMAIL).required).toBe(false);
    expect(field(EMAIL).type).toBe('email');

    fireEvent.change(field(MESSAGE), { target: { value: 'La commune est fausse.' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Je ne suis pas un robot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));

    expect(await screen.findByText(ERROR_REPORT_MESSAGES.sent)).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/food_procedures/8/error-reports', {
      message: 'La commune est fausse.',
      email: '',
      recaptcha_response: 'captcha-answer',
      recaptcha_verified: false,
      email_address_check: '',
    });
    expect(onSent).toHaveBeenCalledWith(ERROR_REPORT_MESSAGES.sent);
    expect(screen.queryByRole('button', { name: 'Envoyer le signalement' })).toBeNull();
  });

  it('shows the French errors under their fields and keeps what was typed', async () => {
    vi.mocked(api.post).mockRejectedValueOnce(
      new ApiError(422, ERROR_REPORT_MESSAGES.emailInvalid, {
        email: [ERROR_REPORT_MESSAGES.emailInvalid],
      }),
    );
    render(<ErrorReportForm type="initiative" id={3} />);
    fireEvent.change(field(MESSAGE), { target: { value: 'Horaires périmés' } });
    fireEvent.change(field(EMAIL), { target: { value: 'pas-une-adresse' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Je ne suis pas un robot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));

    expect(await screen.findByText(ERROR_REPORT_MESSAGES.emailInvalid)).toBeTruthy();
    expect(field(MESSAGE).value).toBe('Horaires périmés');
    expect(field(EMAIL).value).toBe('pas-une-adresse');
    expect(api.post).toHaveBeenCalledWith(
      '/api/initiatives/3/error-reports',
      expect.objectContaining({ message: 'Horaires périmés' }),
    );

    // A 404 (the item was unpublished meanwhile) concerns no field: shown above the form.
    vi.mocked(api.post).mockRejectedValueOnce(new ApiError(404, ERROR_REPORT_MESSAGES.notFound));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer le signalement' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      ERROR_REPORT_MESSAGES.notFound,
    );
  });
});
