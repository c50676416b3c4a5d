import { pathTo } from '@ad/contract';
import { standalonePage } from '../../platform/html-shell/standalone-page.ts';
import type { ConfirmOutcome } from './freshness-confirm.ts';

type Refusal = Exclude<ConfirmOutcome, 'confirmed'>;

/**
 * The answer to a freshness link's button when the link does not work. The spec has a pop-up
 * for the success only, so a refusal is a short page of its own (standalonePage) with a status
 * that says why: 410 for a genuine link that expired, 404 otherwise.
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
  const html = standalonePage({
    title: refusal.title,
    text: refusal.text,
    appName,
    links: [
      { href: pathTo('homepage'), label: "Revenir à l'accueil" },
      { href: pathTo('contact-us'), label: 'Nous contacter' },
      { href: pathTo('myaccount.dashboard'), label: 'Mon espace' },
    ],
  });
  return { status: refusal.status, html };
}
