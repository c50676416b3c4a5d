import { EmailLinkPage, TOKEN_LINK } from './email-link-page.tsx';

/**
 * The link sent to a new address (« Informations personnelles »): no sign-in, since it may be
 * opened on another device; the button takes the address, then the profile page says how it went.
 */
export function EmailChangeConfirmPage() {
  return (
    <EmailLinkPage
      title="Confirmer ma nouvelle adresse e-mail"
      text="Confirmez pour que votre compte utilise cette adresse e-mail."
      button="Confirmer cette adresse"
      params={TOKEN_LINK}
    />
  );
}
