/**
 * The self-hosted ALTCHA widget (web component of the `altcha` package, about 35 KB gzip): only
 * ever loaded from the Captcha island, in its own chunk. It fetches a challenge from the server
 * when the visitor ticks the box, solves it in web workers (blob: URLs, allowed by the CSP's
 * worker-src) and hands the payload over. Its styles are injected as one <style> element
 * (allowed by style-src 'unsafe-inline'); no inline script.
 */
import 'altcha';
import type {} from 'altcha/types/react';
import { useEffect, useRef, type CSSProperties } from 'react';
import { CAPTCHA_CHALLENGE_PATH, CAPTCHA_RESPONSE_FIELD } from '@ad/contract';
import type { CaptchaWidgetProps } from './widget-props.ts';

/** The widget's texts; ours rather than its bundled translation (smaller, and our wording). */
const FRENCH = {
  ariaLinkLabel: 'ALTCHA (site officiel)',
  cancel: 'Annuler',
  enterCode: 'Saisissez le code',
  enterCodeAria: 'Saisissez le code que vous entendez. Appuyez sur Espace pour écouter le code.',
  enterCodeFromImage: "Pour continuer, saisissez le code de l'image ci-dessous.",
  error: 'La vérification a échoué. Veuillez réessayer.',
  expired: 'La vérification a expiré. Veuillez recommencer.',
  footer: '',
  getAudioChallenge: 'Écouter le code',
  label: 'Je ne suis pas un robot',
  loading: 'Chargement…',
  reload: 'Recharger',
  verificationRequired: 'Vérification requise.',
  verified: 'Vérification réussie',
  verify: 'Vérifier',
  verifying: 'Vérification en cours…',
  waitAlert: 'Vérification en cours, veuillez patienter.',
};
globalThis.$altcha.i18n.set('fr', FRENCH);

const CONFIGURATION = JSON.stringify({ hideLogo: true, hideFooter: true });

/** DSFR colours and shapes (design tokens of the DSFR stylesheet, light and dark themes). */
const THEME = {
  '--altcha-border-color': 'var(--border-default-grey)',
  '--altcha-border-radius': '0.25rem',
  '--altcha-color-base': 'var(--background-default-grey)',
  '--altcha-color-base-content': 'var(--text-default-grey)',
  '--altcha-color-primary': 'var(--background-action-high-blue-france)',
  '--altcha-color-error': 'var(--background-flat-error)',
  '--altcha-color-success': 'var(--background-flat-success)',
  '--altcha-checkbox-border-color': 'var(--border-action-high-blue-france)',
  '--altcha-checkbox-border-radius': '0.25rem',
  '--altcha-max-width': '20rem',
} as CSSProperties;

interface StateChangeDetail {
  state: string;
  payload: string | null;
}

export function AltchaWidget({ onChange, describedBy }: CaptchaWidgetProps) {
  const ref = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // The checkbox is the widget's own element: link it to our error message.
    const describe = () => {
      const checkbox = element.querySelector('input[type="checkbox"]');
      if (!checkbox) return;
      if (describedBy) checkbox.setAttribute('aria-describedby', describedBy);
      else checkbox.removeAttribute('aria-describedby');
    };
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
      describe();
    };
    describe();
    element.addEventListener('load', describe);
    element.addEventListener('statechange', onState);
    return () => {
      element.removeEventListener('load', describe);
      element.removeEventListener('statechange', onState);
    };
  }, [describedBy]);

  return (
    <altcha-widget
      ref={ref}
      challenge={CAPTCHA_CHALLENGE_PATH}
      name={CAPTCHA_RESPONSE_FIELD}
      language="fr"
      type="checkbox"
      auto="off"
      configuration={CONFIGURATION}
      style={THEME}
    />
  );
}
