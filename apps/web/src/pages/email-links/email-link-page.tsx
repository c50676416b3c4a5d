import { fr } from '../../lib/fr.ts';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { useLocation, useSearchParams } from 'react-router';
import { AuthFrame } from '../auth/auth-frame.tsx';

/**
 * The page an e-mail's link opens when following it would change something (newsletter,
 * « initiative à jour », new e-mail address): one button in a plain form that posts to the same
 * URL, path and query (it works before the scripts load); the server acts on that POST only.
 * Following the link alone changes nothing, so the mail scanners and link previews that open
 * every link of a message neither confirm nor cancel anything.
 */
export function EmailLinkPage(props: {
  title: string;
  text: string;
  button: string;
  /** The query parameters the link carries: without one of them, the link is incomplete. */
  params: readonly string[];
}) {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const complete = props.params.every((name) => searchParams.get(name));
  // The route table matches a trailing slash too; the server's POST routes do not.
  const action = `${pathname.replace(/(.)\/+$/, '$1')}${search}`;
  return (
    <AuthFrame title={props.title}>
      {complete ? (
        <form method="post" action={action}>
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

/** The parameters of the links that carry a token (newsletter, account e-mails). */
export const TOKEN_LINK = ['token'] as const;
