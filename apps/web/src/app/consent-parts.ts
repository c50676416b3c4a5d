import { lazyComponent } from './lazy-component.tsx';

// One chunk for both parts; only loaded when the cookie-consent banner is enabled (spec §2).
const loadConsent = () => import('./consent.tsx');

/**
 * The consent banner and its management dialog. A client-only island: the consent status lives
 * in the browser's local storage, so a banner rendered by the server would flash for every
 * visitor who has already chosen (decision record 0005).
 */
export const ConsentBanner = lazyComponent(() =>
  loadConsent().then((m) => m.ConsentBannerAndConsentManagement),
);

/** The footer's 'Gestion des cookies' entry: static, so it is rendered by the server. */
export const FooterConsentItem = lazyComponent(() =>
  loadConsent().then((m) => m.FooterConsentManagementItem),
);
