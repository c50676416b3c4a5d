import { EmailLinkPage, TOKEN_LINK } from '../email-links/email-link-page.tsx';

/** The pages of the newsletter e-mails' links: a button that confirms or unsubscribes. */
export function NewsletterConfirmPage() {
  return (
    <EmailLinkPage
      title="Confirmer mon inscription à la newsletter"
      text="Un dernier clic pour recevoir la newsletter de la plateforme."
      button="Confirmer mon inscription"
      params={TOKEN_LINK}
    />
  );
}

export function NewsletterUnsubscribePage() {
  return (
    <EmailLinkPage
      title="Se désinscrire de la newsletter"
      text="Vous ne recevrez plus la newsletter de la plateforme. Vous pourrez vous réinscrire à tout moment depuis le bas de chaque page."
      button="Me désinscrire"
      params={TOKEN_LINK}
    />
  );
}
