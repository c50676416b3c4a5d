import { escapeHtml } from './render.ts';

/**
 * A short page of its own, outside the app (the DSFR's styles, no script, not indexed): for the
 * answers the app's pages cannot give, a refused e-mail link or a page whose rendering failed.
 * The first link is the main button, the next ones secondary then tertiary.
 */
export function standalonePage(page: {
  title: string;
  text: string;
  appName: string;
  links: readonly { href: string; label: string }[];
}): string {
  const title = escapeHtml(page.title);
  const kinds = ['fr-btn', 'fr-btn fr-btn--secondary', 'fr-btn fr-btn--tertiary'];
  const links = page.links
    .map(
      (link, index) =>
        `<li><a class="${kinds[Math.min(index, kinds.length - 1)]}" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`,
    )
    .join('\n        ');
  return `<!doctype html>
<html lang="fr" data-fr-scheme="light">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} - ${escapeHtml(page.appName)}</title>
    <link rel="icon" href="/dsfr/favicon/favicon.svg" type="image/svg+xml" />
    <link rel="shortcut icon" href="/dsfr/favicon/favicon.ico" type="image/x-icon" />
    <link rel="stylesheet" href="/dsfr/dsfr.min.css" />
  </head>
  <body>
    <main class="fr-container fr-my-6w" id="contenu">
      <p class="fr-text--lg fr-text--bold">${escapeHtml(page.appName)}</p>
      <h1>${title}</h1>
      <p>${escapeHtml(page.text)}</p>
      <ul class="fr-btns-group fr-btns-group--inline-md">
        ${links}
      </ul>
    </main>
  </body>
</html>
`;
}
