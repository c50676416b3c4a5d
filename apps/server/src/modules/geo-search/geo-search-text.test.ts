import { describe, expect, it } from 'vitest';
import {
  likePattern,
  readAddressText,
  readOptionSearch,
  searchKey,
  streetPart,
  trailingNameCandidates,
  trailingPrefixCandidates,
} from './geo-search-text.ts';

describe('searchKey', () => {
  it('folds case, accents, ligatures and separators', () => {
    expect(searchKey('  Saint-Émilion ')).toBe('saint emilion');
    expect(searchKey("L'Isle-d'Espagnac")).toBe('l isle d espagnac');
    expect(searchKey('MONTEMBŒUF')).toBe('montemboeuf');
    expect(searchKey('Sarroux - Saint Julien')).toBe('sarroux saint julien');
    expect(searchKey(' -- ')).toBe('');
  });

  it('gives a LIKE pattern with no metacharacter of the text', () => {
    expect(likePattern(searchKey('50% _bio_'))).toBe('%50%bio%');
    expect(likePattern('saint emilion')).toBe('%saint%emilion%');
  });
});

describe('readOptionSearch', () => {
  it('answers nothing to search for a blank text or one without letters or digits', () => {
    expect(readOptionSearch(undefined)).toEqual({ kind: 'none' });
    expect(readOptionSearch('   ')).toEqual({ kind: 'none' });
    expect(readOptionSearch("'-")).toEqual({ kind: 'none' });
  });

  it('reads postcodes and their first digits', () => {
    expect(readOptionSearch(' 33000 ')).toEqual({ kind: 'postcode', postcode: '33000' });
    expect(readOptionSearch('336')).toEqual({ kind: 'postcode-prefix', prefix: '336' });
  });

  it('reads a name, and a label of the list with its département', () => {
    expect(readOptionSearch('Saint-Emilion')).toEqual({
      kind: 'name',
      key: 'saint emilion',
      departementCode: null,
    });
    expect(readOptionSearch('Saint-Aubin (47)')).toEqual({
      kind: 'name',
      key: 'saint aubin',
      departementCode: '47',
    });
    // Parentheses that are part of a name are not a département.
    expect(readOptionSearch('Castillon (Canton de Lembeye)')).toMatchObject({
      key: 'castillon canton de lembeye',
      departementCode: null,
    });
  });
});

describe('address texts', () => {
  it('finds the last postcode and the words around it', () => {
    const address = readAddressText('12 rue des Lilas 33000 Bordeaux');
    expect(address.postcode).toBe('33000');
    expect(address.tokens.map((t) => t.key)).toEqual(['12', 'rue', 'des', 'lilas', 'bordeaux']);
    expect(trailingNameCandidates(address).map((c) => [c.key, c.words])).toEqual([
      ['12 rue des lilas bordeaux', 5],
      ['rue des lilas bordeaux', 4],
      ['des lilas bordeaux', 3],
      ['lilas bordeaux', 2],
      ['bordeaux', 1],
    ]);
    expect(streetPart(address, 1)).toBe('12 rue des Lilas');
  });

  it('cuts the commune and the commas off the street', () => {
    const address = readAddressText(' 3 place du marché, Pessac ');
    expect(address.postcode).toBeNull();
    expect(streetPart(address, 1)).toBe('3 place du marché');
    expect(streetPart(readAddressText('Pessac'), 1)).toBe('');
  });

  it('takes the words before the postcode, or after it when it comes first', () => {
    expect(streetPart(readAddressText('12 rue des Lilas, 33000 Bordau'), 0)).toBe(
      '12 rue des Lilas',
    );
    expect(streetPart(readAddressText('33000, 12 rue des Lilas'), 0)).toBe('12 rue des Lilas');
    expect(streetPart(readAddressText('12 rue des Lilas Bordeaux 33000'), 1)).toBe(
      '12 rue des Lilas',
    );
  });

  it('offers the last words as the start of a commune name, two letters at least', () => {
    expect(
      trailingPrefixCandidates(readAddressText('3 place du marché, Saint Ém')).map((c) => c.key),
    ).toEqual(['marche saint em', 'saint em', 'em']);
    expect(trailingPrefixCandidates(readAddressText('rue X, P')).map((c) => c.key)).toEqual([
      'rue x p',
      'x p',
    ]);
  });
});
