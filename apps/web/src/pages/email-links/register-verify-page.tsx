import { EmailLinkPage, TOKEN_LINK } from './email-link-page.tsx';

/**
 * The link of the sign-up e-mail: the button activates the account, then the sign-in page says
 * how it went. Opening the link alone (a mail scanner) activates nothing.
 */
export function RegisterVerifyPage() {
  return (
    <EmailLinkPage
      title="Activer mon compte"
      text="Confirmez votre adresse e-mail pour activer votre compte."
      button="Activer mon compte"
      params={TOKEN_LINK}
    />
  );
}
