import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './nul-characters.ts';

describe('findNulCharacter', () => {
  it('names the field holding a NUL, by its dotted path', () => {
    expect(findNulCharacter({ name: 'Ana', message: 'a\u0000b' })).toBe('message');
    expect(findNulCharacter({ partners: [{ name: 'x' }, { name: '\u0000' }] })).toBe(
      'partners.1.name',
    );
    expect(findNulCharacter({ ['a\u0000']: 'b' })).toBe('a\u0000');
    expect(findNulCharacter('\u0000')).toBe('');
    expect(findNulCharacter({ a: '\u0000', b: { c: '\u0000' } })).toBe('a');
  });

  it('finds nothing in clean input', () => {
    expect(findNulCharacter({ a: ['b', { c: 1, d: null, e: true }] })).toBeNull();
    expect(findNulCharacter(null)).toBeNull();
  });

  it('walks a body nested deeper than the call stack, naming its field `body`', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findNulCharacter(deep)).toBe('body');
  });
});
