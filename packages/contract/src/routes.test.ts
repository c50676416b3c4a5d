import { describe, expect, it } from 'vitest';
import { stripTags } from './routes.ts';

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
