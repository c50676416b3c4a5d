import { EmailLinkPage } from './email-link-page.tsx';

/** The signed link of the freshness and retention e-mails (no sign-in): `?expires=&signature=`. */
const SIGNED_LINK = ['expires', 'signature'] as const;

/** « Mon initiative est à jour »: the button confirms, then the home page's pop-up says so. */
export function InitiativeUpToDatePage() {
  return (
    <EmailLinkPage
      title="Confirmer que mon initiative est à jour"
      text="Un clic pour confirmer que les informations de votre initiative sont toujours exactes."
      button="Confirmer"
      params={SIGNED_LINK}
    />
  );
}
