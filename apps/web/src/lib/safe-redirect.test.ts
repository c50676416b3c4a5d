import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps a path of the site, with its query and hash', () => {
    expect(safeRedirect('/mon-compte/structure?x=1#a')).toBe('/mon-compte/structure?x=1#a');
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'mon-compte',
    '/\tevil',
    '/.//evil.example',
    '/..//evil.example',
  ])('refuses %j', (value) => {
    expect(safeRedirect(value)).toBeNull();
  });
});
