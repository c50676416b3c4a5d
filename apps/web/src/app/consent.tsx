import { createConsentManagement } from '@codegouvfr/react-dsfr/consentManagement';
import { COOKIES, pathTo } from '@ad/contract';

type Cookie = (typeof COOKIES)[number];

const AUDIENCE_COOKIES = COOKIES.filter((cookie) => cookie.name.startsWith('_pk_'));
const MANDATORY_COOKIES = COOKIES.filter((cookie) => !cookie.name.startsWith('_pk_'));

/** Inline list: the library renders descriptions inside a <p>, where no <ul> may go. */
function CookieList({ cookies }: { cookies: readonly Cookie[] }) {
  return (
    <>
      {cookies.map((cookie) => (
        <span key={cookie.name}>
          <br />
          <code>{cookie.name}</code> : {cookie.purpose} Durée : {cookie.duration}.
        </span>
      ))}
    </>
  );
}

/**
 * Cookie consent (spec §2: only when the cookie settings are enabled). Loaded lazily by the
 * layout and the footer, so that a site without consent banner never downloads it.
 */
export const { ConsentBannerAndConsentManagement, FooterConsentManagementItem, useConsent } =
  createConsentManagement({
    finalityDescription: {
      statistics: {
        title: "Mesure d'audience",
        description: (
          <>
            Ces cookies mesurent la fréquentation du site de façon anonyme, pour l'améliorer.
            <CookieList cookies={AUDIENCE_COOKIES} />
            <br />
            Cookies nécessaires au fonctionnement du site, toujours déposés :
            <CookieList cookies={MANDATORY_COOKIES} />
          </>
        ),
      },
    },
    personalDataPolicyLinkProps: { to: pathTo('confidentiality') },
  });
