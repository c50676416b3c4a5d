import type { ReactElement } from 'react';
import { render, plainTextSelectors } from '@react-email/render';

/**
 * Both bodies of a message from one template: the HTML, and a plain-text version derived from it
 * (headings keep their case, links show their URL after their label, hidden preview text and
 * images are left out).
 */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: {
        // Mail clients wrap lines themselves; a fixed width would also break before « » ? !
        wordwrap: false,
        selectors: [
          ...plainTextSelectors,
          ...['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } })),
        ],
      },
    }),
  ]);
  return { html, text: text.trim() + '\n' };
}
