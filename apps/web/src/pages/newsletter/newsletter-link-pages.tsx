import { fr } from '../../lib/fr.ts';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { useSearchParams } from 'react-router';
import { NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from '@ad/contract';
import { AuthFrame } from '../auth/auth-frame.tsx';

/**
 * The page a newsletter e-mail's link opens: one button that posts to the same URL (a plain form,
 * so it works before the scripts load). Following the link alone changes nothing, so the mail
 * scanners that open every link neither confirm nor cancel a subscription.
 */
function NewsletterLinkPage(props: {
  title: string;
  action: string;
  text: string;
  button: string;
}) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <AuthFrame title={props.title}>
      {token ? (
        <form method="post" action={`${props.action}?token=${encodeURIComponent(token)}`}>
          <p>{props.text}</p>
          <Button type="submit">{props.button}</Button>
        </form>
      ) : (
        <Alert
          severity="error"
          small
          description="Ce lien est incomplet. Copiez l'adresse complète du lien reçu par e-mail."
          className={fr.cx('fr-mb-3w')}
        />
      )}
    </AuthFrame>
  );
}

export function NewsletterConfirmPage() {
  return (
    <NewsletterLinkPage
      title="Confirmer mon inscription à la newsletter"
      action={NEWSLETTER_CONFIRM_PATH}
      text="Un dernier clic pour recevoir la newsletter de la plateforme."
      button="Confirmer mon inscription"
    />
  );
}

export function NewsletterUnsubscribePage() {
  return (
    <NewsletterLinkPage
      title="Se désinscrire de la newsletter"
      action={NEWSLETTER_UNSUBSCRIBE_PATH}
      text="Vous ne recevrez plus la newsletter de la plateforme. Vous pourrez vous réinscrire à tout moment depuis le bas de chaque page."
      button="Me désinscrire"
    />
  );
}
