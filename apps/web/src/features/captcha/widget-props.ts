/** Props of the provider widgets (ALTCHA, reCAPTCHA), each in its own lazily loaded chunk. */
export interface CaptchaWidgetProps {
  /** The answer to send as recaptcha_response, or null (not solved yet, expired, failed). */
  onChange(response: string | null): void;
  /** Id of the error message under the widget, for aria-describedby. */
  describedBy?: string;
  /** reCAPTCHA's public key (page config). */
  siteKey?: string | null;
}

/**
 * Height of each widget, reserved by the placeholder so that nothing moves when it appears:
 * ALTCHA's box (a 22 px checkbox and its padding), reCAPTCHA's 304 × 78 px frame.
 */
export const WIDGET_HEIGHT = { altcha: '3rem', recaptcha: '4.875rem' } as const;
