import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text.ts';

describe('htmlToText', () => {
  it('drops markup and decodes entities, the same way on the server and in the browser', () => {
    expect(
      htmlToText(
        '&copy; les contributeurs d&#39;<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>, fond <a href="x">OSM&nbsp;France</a>',
      ),
    ).toBe("© les contributeurs d'OpenStreetMap, fond OSM France");
    expect(htmlToText('A &amp; B &#x2014; &unknown;')).toBe('A & B — &unknown;');
  });
});
