import { pathTo } from '@ad/contract';
import { escapeHtml } from '../../platform/html-shell/render.ts';
import type { ConfirmOutcome } from './freshness-confirm.ts';

type Refusal = Exclude<ConfirmOutcome, 'confirmed'>;

/**
 * The answer to a freshness link's button when the link does not work. The spec has a pop-up
 * for the success
 * only, so a refusal is a short page of its own (DSFR styles, no script, not indexed) with a
 * status that says why: 410 for a genuine link that expired, 404 otherwise.
 */
const REFUSALS: Record<Refusal, { status: number; title: string; text: string }> = {
  expired: {
    status: 410,
    title: 'Ce lien a expiré',
    text: "Le lien de confirmation n'est plus valable. Si votre initiative est toujours à jour, écrivez-nous depuis la page « Nous contacter » ; si elle a changé, modifiez-la depuis votre espace.",
  },
  invalid: {
    status: 404,
    title: "Ce lien n'est pas valable",
    text: "Nous n'avons pas pu confirmer votre initiative : le lien est incomplet ou a été modifié. Copiez-le en entier depuis l'e-mail reçu, ou écrivez-nous depuis la page « Nous contacter ».",
  },
  unpublished: {
    status: 404,
    title: "Cette initiative n'est plus publiée",
    text: "L'initiative de ce lien n'est plus visible sur le site : il n'y a rien à confirmer. Retrouvez-la dans votre espace.",
  },
};

export function linkRefusedPage(
  outcome: Refusal,
  appName: string,
): { status: number; html: string } {
  const refusal = REFUSALS[outcome];
  const title = escapeHtml(refusal.title);
  const html = `<!doctype html>
<html lang="fr" data-fr-scheme="light">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} - ${escapeHtml(appName)}</title>
    <link rel="icon" href="/dsfr/favicon/favicon.svg" type="image/svg+xml" />
    <link rel="shortcut icon" href="/dsfr/favicon/favicon.ico" type="image/x-icon" />
    <link rel="stylesheet" href="/dsfr/dsfr.min.css" />
  </head>
  <body>
    <main class="fr-container fr-my-6w" id="contenu">
      <p class="fr-text--lg fr-text--bold">${escapeHtml(appName)}</p>
      <h1>${title}</h1>
      <p>${escapeHtml(refusal.text)}</p>
      <ul class="fr-btns-group fr-btns-group--inline-md">
        <li><a class="fr-btn" href="${pathTo('homepage')}">Revenir à l'accueil</a></li>
        <li><a class="fr-btn fr-btn--secondary" href="${pathTo('contact-us')}">Nous contacter</a></li>
        <li><a class="fr-btn fr-btn--tertiary" href="${pathTo('myaccount.dashboard')}">Mon espace</a></li>
      </ul>
    </main>
  </body>
</html>
`;
  return { status: refusal.status, html };
}
