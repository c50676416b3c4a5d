import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageConfig } from '@ad/contract';
import { FALLBACK_PAGE_CONFIG, PageConfigProvider } from '../../app/page-config.ts';
import { Captcha, type CaptchaProps } from './captcha.tsx';
import { HoneypotField } from './honeypot-field.tsx';
import {
  RECAPTCHA_NOT_LOADED,
  RECAPTCHA_SCRIPT_URL,
  loadRecaptcha,
  recaptchaApi,
} from './recaptcha.ts';
import { useCaptcha } from './use-captcha.ts';
import type { CaptchaWidgetProps } from './widget-props.ts';

// The real widgets need workers, WebCrypto or Google: stand-ins with the same props.
function stub(name: string) {
  return ({ onChange, describedBy, siteKey }: CaptchaWidgetProps) => (
    <button
      type="button"
      data-widget={name}
      data-site-key={siteKey ?? ''}
      aria-describedby={describedBy}
      onClick={() => onChange(`${name}-answer`)}
    >
      Je ne suis pas un robot
    </button>
  );
}
vi.mock('./altcha-widget.tsx', () => ({ AltchaWidget: stub('altcha') }));
vi.mock('./recaptcha-widget.tsx', () => ({ RecaptchaWidget: stub('recaptcha') }));

function renderCaptcha(
  props: Partial<CaptchaProps> = {},
  settings: Partial<PageConfig['settings']> = {},
) {
  const onChange = vi.fn();
  const config = {
    ...FALLBACK_PAGE_CONFIG,
    settings: { ...FALLBACK_PAGE_CONFIG.settings, ...settings },
  };
  const view = render(
    <PageConfigProvider value={config}>
      <Captcha verified={false} onChange={onChange} {...props} />
    </PageConfigProvider>,
  );
  return { onChange, ...view };
}

afterEach(cleanup);

describe('Captcha', () => {
  it('renders the ALTCHA widget by default and passes its answer on', async () => {
    const { onChange } = renderCaptcha();
    const widget = await screen.findByRole('button', { name: 'Je ne suis pas un robot' });
    expect(widget.dataset.widget).toBe('altcha');
    expect(widget.getAttribute('aria-describedby')).toBeNull();

    fireEvent.click(widget);
    expect(onChange).toHaveBeenCalledWith('altcha-answer');
    expect(screen.getByText('Vérification anti-robot réussie.')).toBeTruthy();
  });

  it('renders reCAPTCHA with the site key when it is configured', async () => {
    renderCaptcha({}, { captchaProvider: 'recaptcha', recaptchaSiteKey: 'cle-du-site' });
    const widget = await screen.findByRole('button', { name: 'Je ne suis pas un robot' });
    expect(widget.dataset.widget).toBe('recaptcha');
    expect(widget.dataset.siteKey).toBe('cle-du-site');
  });

  it('shows the server error under the widget, linked to it', async () => {
    const message = "Veuillez confirmer que vous n'êtes pas un robot.";
    const { container } = renderCaptcha({ error: message });
    const widget = await screen.findByRole('button', { name: 'Je ne suis pas un robot' });
    const error = screen.getByText(message);
    expect(error.className).toContain('fr-error-text');
    expect(widget.getAttribute('aria-describedby')).toBe(error.id);
    expect(container.querySelector('.fr-input-group--error')).not.toBeNull();
  });

  it('renders no widget once verified', () => {
    renderCaptcha({ verified: true, error: undefined });
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Vérification anti-robot déjà effectuée.')).toBeTruthy();
  });

  it('makes the widget inert while the form is processing', async () => {
    const { container } = renderCaptcha({ disabled: true });
    await screen.findByRole('button', { hidden: true });
    expect(container.querySelector('.fr-input-group')?.hasAttribute('inert')).toBe(true);
  });
});

describe('useCaptcha', () => {
  it('follows the spec: verified after a failure that is not about the captcha', () => {
    const { result } = renderHook(() => useCaptcha());
    act(() => result.current.props.onChange('answer'));
    expect(result.current.fields).toEqual({
      recaptcha_response: 'answer',
      recaptcha_verified: false,
    });

    act(() => result.current.failed({ email: ['Adresse invalide.'] }));
    expect(result.current.fields).toEqual({ recaptcha_response: '', recaptcha_verified: true });
    expect(result.current.props.verified).toBe(true);

    const key = result.current.key;
    act(() => result.current.failed({ recaptcha_response: ['La vérification a échoué.'] }));
    expect(result.current.fields).toEqual({ recaptcha_response: '', recaptcha_verified: false });
    expect(result.current.key).not.toBe(key);
  });

  it('brings a fresh widget back after a success', () => {
    const { result } = renderHook(() => useCaptcha());
    act(() => result.current.failed());
    expect(result.current.props.verified).toBe(true);
    const key = result.current.key;
    act(() => result.current.succeeded());
    expect(result.current.props.verified).toBe(false);
    expect(result.current.key).not.toBe(key);
  });
});

describe('HoneypotField', () => {
  it('is hidden from people and carries the shared name', () => {
    const onChange = vi.fn();
    const { container } = render(<HoneypotField value="" onChange={onChange} />);
    const input = container.querySelector('input')!;
    expect(input.name).toBe('email_address_check');
    expect(input.tabIndex).toBe(-1);
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toBeTruthy();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(container.firstElementChild?.className).toContain('fr-sr-only');
    fireEvent.change(input, { target: { value: 'robot@exemple.fr' } });
    expect(onChange).toHaveBeenCalledWith('robot@exemple.fr');
  });
});

describe('reCAPTCHA loader', () => {
  afterEach(() => {
    delete window.grecaptcha;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('refuses to be used before Google’s script has loaded', () => {
    expect(() => recaptchaApi()).toThrow(RECAPTCHA_NOT_LOADED);
  });

  it('adds Google’s script once and resolves when it calls back', async () => {
    const first = loadRecaptcha();
    const second = loadRecaptcha();
    const scripts = [...document.head.querySelectorAll('script')].filter(
      (script) => script.src === RECAPTCHA_SCRIPT_URL,
    );
    expect(scripts).toHaveLength(1);
    const api = { render: vi.fn(), reset: vi.fn(), getResponse: vi.fn() };
    window.grecaptcha = api;
    window.__adRecaptchaLoaded?.();
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
    expect(recaptchaApi()).toBe(api);
  });
});
