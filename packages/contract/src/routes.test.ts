import { describe, expect, it } from 'vitest';
import { INITIATIVE_UP_TO_DATE_PATH } from './account/upkeep.ts';
import { NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from './newsletter.ts';
import { routeByName, stripTags } from './routes.ts';

describe('the pages of e-mail links', () => {
  it('are the routes of the links, kept out of search engines and of share links', () => {
    for (const [name, path] of [
      ['newsletter-confirm', NEWSLETTER_CONFIRM_PATH],
      ['newsletter-unsubscribe', NEWSLETTER_UNSUBSCRIBE_PATH],
      ['initiative-up-to-date', INITIATIVE_UP_TO_DATE_PATH],
    ] as const) {
      expect(routeByName(name)).toMatchObject({ path, noindex: true, personal: true });
      expect(routeByName(name).auth, name).toBeUndefined();
    }
    expect(routeByName('email-change-confirm')).toMatchObject({ noindex: true, personal: true });
    expect(routeByName('email-change-confirm').auth).toBeUndefined();
  });
});

describe('stripTags', () => {
  it('keeps the text of HTML, tags and comments removed, entities decoded', () => {
    expect(stripTags('<p>Un <em>marché</em>&nbsp;bio</p><!-- note --><br/>à Pau')).toBe(
      'Un marché bio à Pau',
    );
    expect(stripTags('L&#39;été &amp; l&#x2019;hiver &quot;ici&quot;')).toBe(
      'L\'été & l’hiver "ici"',
    );
  });

  it('leaves plain text as it is', () => {
    expect(stripTags('Prix <5 € et >2 €')).toBe('Prix <5 € et >2 €');
    // Each entity is decoded once: a written '&lt;' stays as written.
    expect(stripTags('Écrire &amp;lt; en HTML')).toBe('Écrire &lt; en HTML');
    expect(stripTags('R&D, &unknown; &#0;')).toBe('R&D, &unknown; &#0;');
  });
});
