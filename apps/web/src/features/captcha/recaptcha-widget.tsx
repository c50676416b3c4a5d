import { useEffect, useRef, useState } from 'react';
import { fr } from '../../lib/fr.ts';
import { loadRecaptcha } from './recaptcha.ts';
import { WIDGET_HEIGHT, type CaptchaWidgetProps } from './widget-props.ts';

/** reCAPTCHA v2's checkbox (when RECAPTCHA_SITE_KEY / RECAPTCHA_SECRET_KEY are configured). */
export function RecaptchaWidget({ onChange, siteKey, describedBy }: CaptchaWidgetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const container = ref.current;
    if (!container || !siteKey) return;
    // Google's script owns what it renders: give it an element React does not manage.
    const target = document.createElement('div');
    container.appendChild(target);
    let active = true;
    loadRecaptcha().then(
      (grecaptcha) => {
        if (!active) return;
        grecaptcha.render(target, {
          sitekey: siteKey,
          hl: 'fr',
          callback: (token) => onChangeRef.current(token),
          'expired-callback': () => onChangeRef.current(null),
          'error-callback': () => onChangeRef.current(null),
        });
      },
      () => active && setFailed(true),
    );
    return () => {
      active = false;
      target.remove();
    };
  }, [siteKey]);

  if (failed || !siteKey)
    return (
      <p className={fr.cx('fr-error-text')} role="alert" aria-describedby={describedBy}>
        Le service de vérification anti-robot n'a pas pu être chargé. Veuillez recharger la page.
      </p>
    );
  return (
    <div
      ref={ref}
      role="group"
      aria-label="Vérification anti-robot"
      aria-describedby={describedBy}
      style={{ minHeight: WIDGET_HEIGHT.recaptcha }}
    />
  );
}
