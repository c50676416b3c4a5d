import { describe, expect, it } from 'vitest';
import { excerpt, wordExcerpt } from './excerpt.ts';

describe('excerpt', () => {
  it('strips tags and keeps short texts whole', () => {
    expect(excerpt('<p>Un <strong>court</strong> texte.</p>')).toBe('Un court texte.');
    expect(excerpt(null)).toBe('');
  });

  it('cuts at about 150 characters, extended to the end of the word, then an ellipsis', () => {
    const text = `${'a'.repeat(145)} motlongpourtester suite du texte`;
    const result = excerpt(`<p>${text}</p>`);
    expect(result).toBe(`${'a'.repeat(145)} motlongpourtester…`);
  });

  it('cuts right at 150 when a word ends there', () => {
    const text = `${'b'.repeat(150)} reste`;
    expect(excerpt(text)).toBe(`${'b'.repeat(150)}…`);
  });

  it('does not leave a trailing comma before the ellipsis', () => {
    const text = `${'c'.repeat(148)} d, e f g`;
    expect(excerpt(text)).toBe(`${'c'.repeat(148)} d…`);
  });

  it('decodes entities left by the editor', () => {
    expect(excerpt('Pain&nbsp;&amp;&nbsp;vin')).toBe('Pain & vin');
  });
});

describe('wordExcerpt', () => {
  it('keeps 30 words then [...]', () => {
    const words = Array.from({ length: 35 }, (_, i) => `m${i}`).join(' ');
    expect(wordExcerpt(words)).toBe(
      `${Array.from({ length: 30 }, (_, i) => `m${i}`).join(' ')} [...]`,
    );
    expect(wordExcerpt('<b>deux</b> mots')).toBe('deux mots');
  });
});
