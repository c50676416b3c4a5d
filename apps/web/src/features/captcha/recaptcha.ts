/**
 * Google's reCAPTCHA v2 script, loaded on demand (only when a form with a captcha is shown and
 * the keys are configured). Its hosts are allowed by the CSP only in that case.
 */

export interface Grecaptcha {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback?: (token: string) => void;
      'expired-callback'?: () => void;
      'error-callback'?: () => void;
      hl?: string;
    },
  ): number;
  reset(widgetId?: number): void;
  getResponse(widgetId?: number): string;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    /** Called by Google's script once it has loaded (its `onload` parameter). */
    __adRecaptchaLoaded?: () => void;
  }
}

/** Error of the spec (§8) when the wrapper is used before Google's script has loaded. */
export const RECAPTCHA_NOT_LOADED = 'ReCAPTCHA has not been loaded';

export const RECAPTCHA_SCRIPT_URL =
  'https://www.google.com/recaptcha/api.js?onload=__adRecaptchaLoaded&render=explicit&hl=fr';

let loading: Promise<Grecaptcha> | null = null;

/** The loaded API; throws 'ReCAPTCHA has not been loaded' before loadRecaptcha() has resolved. */
export function recaptchaApi(): Grecaptcha {
  const api = window.grecaptcha;
  if (!api || typeof api.render !== 'function') throw new Error(RECAPTCHA_NOT_LOADED);
  return api;
}

/** Adds Google's script once; later calls share the same promise (a failure can be retried). */
export function loadRecaptcha(): Promise<Grecaptcha> {
  if (typeof window.grecaptcha?.render === 'function') return Promise.resolve(window.grecaptcha);
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.__adRecaptchaLoaded = () => resolve(recaptchaApi());
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT_URL;
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('ReCAPTCHA could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
