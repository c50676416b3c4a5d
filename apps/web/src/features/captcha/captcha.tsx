import { Suspense, useId, useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { ClientOnly } from '../../app/client-only.tsx';
import { lazyComponent } from '../../app/lazy-component.tsx';
import { usePageConfig } from '../../app/page-config.ts';
import { WIDGET_HEIGHT } from './widget-props.ts';

// Each provider's widget is its own chunk, loaded only when a form with a captcha is on screen.
const AltchaWidget = lazyComponent(() =>
  import('./altcha-widget.tsx').then((module) => module.AltchaWidget),
);
const RecaptchaWidget = lazyComponent(() =>
  import('./recaptcha-widget.tsx').then((module) => module.RecaptchaWidget),
);

export interface CaptchaProps {
  /** The answer to send as `recaptcha_response`, or null when there is none (any more). */
  onChange(response: string | null): void;
  /** The first server error on `recaptcha_response`, shown under the widget. */
  error?: string;
  /**
   * The visitor already passed the captcha (spec §4: a failed response without a
   * `recaptcha_response` error): nothing to solve, the form sends `recaptcha_verified`.
   */
  verified: boolean;
  /** While the form is processing. */
  disabled?: boolean;
}

/**
 * The captcha of the anonymous forms: ALTCHA (self-hosted proof of work) or reCAPTCHA v2's
 * checkbox, as configured (page config `settings.captchaProvider`). A client-only island: the
 * server renders a placeholder of the widget's height. To start again with a fresh widget (after
 * a success, or an error on `recaptcha_response`), remount it with a new `key`; `useCaptcha`
 * does all of that.
 */
export function Captcha({ onChange, error, verified, disabled = false }: CaptchaProps) {
  const { settings } = usePageConfig();
  const [solved, setSolved] = useState(false);
  const errorId = `${useId()}-error`;

  if (verified)
    return (
      <p className={fr.cx('fr-hint-text', 'fr-mb-3w')}>Vérification anti-robot déjà effectuée.</p>
    );

  const provider = settings.captchaProvider === 'recaptcha' ? 'recaptcha' : 'altcha';
  const Widget = provider === 'recaptcha' ? RecaptchaWidget : AltchaWidget;
  const height = { minHeight: WIDGET_HEIGHT[provider] };
  const change = (response: string | null) => {
    setSolved(response !== null);
    onChange(response);
  };

  return (
    <div
      className={fr.cx('fr-input-group', error ? 'fr-input-group--error' : undefined)}
      inert={disabled || undefined}
    >
      <ClientOnly placeholderStyle={height}>
        {() => (
          <Suspense fallback={<div aria-hidden="true" style={height} />}>
            <Widget
              onChange={change}
              describedBy={error ? errorId : undefined}
              siteKey={settings.recaptchaSiteKey}
            />
          </Suspense>
        )}
      </ClientOnly>
      {error ? (
        <p id={errorId} className={fr.cx('fr-error-text')}>
          {error}
        </p>
      ) : null}
      {/* The widgets do not announce their outcome themselves. */}
      <p className={fr.cx('fr-sr-only')} aria-live="polite">
        {solved ? 'Vérification anti-robot réussie.' : ''}
      </p>
    </div>
  );
}
