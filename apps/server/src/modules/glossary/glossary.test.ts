import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glossaryEntries } from '../../db/schema/content.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';
import { glossaryLetter, presentGlossary } from './glossary.presenter.ts';

const get = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/glossary' });

describe('glossaryLetter', () => {
  it('folds accents, ligatures and case to a letter A to Z, anything else to #', () => {
    expect(glossaryLetter('Économie')).toBe('E');
    expect(glossaryLetter('écologie')).toBe('E');
    expect(glossaryLetter('Œnologie')).toBe('O');
    expect(glossaryLetter('  amap')).toBe('A');
    expect(glossaryLetter('Ça')).toBe('C');
    expect(glossaryLetter('4 enjeux')).toBe('#');
    expect(glossaryLetter('« Bio »')).toBe('#');
    expect(glossaryLetter('')).toBe('#');
  });
});

describe('presentGlossary', () => {
  it('sorts in French order: accents and case only break ties', () => {
    const rows = ['Étang', 'école', 'Eau', 'Ecole', 'Élan', 'Zèbre', 'AMAP', 'Agro'].map(
      (title, id) => ({ id, title, definition: '' }),
    );
    const grouped = presentGlossary(rows);
    expect(Object.keys(grouped)).toEqual(['A', 'E', 'Z']);
    expect(grouped.A!.map((e) => e.title)).toEqual(['Agro', 'AMAP']);
    expect(grouped.E!.map((e) => e.title)).toEqual(['Eau', 'Ecole', 'école', 'Élan', 'Étang']);
  });

  it('gives an empty object for no entries', () => {
    expect(presentGlossary([])).toEqual({});
  });
});

describe('GET /api/glossary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an empty object when the glossary is empty', async () => {
    const response = await get(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: {} });
  });

  it('groups the entries by unaccented first letter, letters in order, # first', async () => {
    await t.database.db.insert(glossaryEntries).values([
      { slug: 'zone', title: 'Zone agricole protégée', definition: 'Zone.' },
      { slug: 'epicerie', title: 'Épicerie solidaire', definition: 'Épicerie.' },
      { slug: 'espace', title: 'Espace-test agricole', definition: 'Espace.' },
      { slug: 'amap', title: 'AMAP', definition: 'Association.' },
      { slug: 'agro', title: 'agroécologie', definition: 'Pratiques.' },
      { slug: 'egalim', title: 'EGalim', definition: 'Loi.' },
      { slug: 'cinq', title: '5 fruits et légumes', definition: 'Repère.' },
      { slug: 'oeuf', title: 'Œuf', definition: 'Œuf.' },
    ]);
    // The empty answer of the test above stays cached until the insert's notification arrives.
    await t.contentSettled();
    const response = await get(t);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      data: {
        '#': [{ title: '5 fruits et légumes', definition: 'Repère.' }],
        A: [
          { title: 'agroécologie', definition: 'Pratiques.' },
          { title: 'AMAP', definition: 'Association.' },
        ],
        E: [
          { title: 'EGalim', definition: 'Loi.' },
          { title: 'Épicerie solidaire', definition: 'Épicerie.' },
          { title: 'Espace-test agricole', definition: 'Espace.' },
        ],
        O: [{ title: 'Œuf', definition: 'Œuf.' }],
        Z: [{ title: 'Zone agricole protégée', definition: 'Zone.' }],
      },
    });
    // toEqual ignores key order: the JSON text must list the letters in order.
    expect(Object.keys(body.data)).toEqual(['#', 'A', 'E', 'O', 'Z']);
    expect(response.body.indexOf('"A"')).toBeLessThan(response.body.indexOf('"E"'));
  });

  it('is cacheable and revalidates with an ETag', async () => {
    const first = await get(t);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/glossary',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
  });

  it('makes the same number of queries for one entry or many', async () => {
    const count = async () => {
      t.app.publicCache.invalidate();
      const { result, queries } = await t.database.recordQueries(() => get(t));
      expect(result.statusCode).toBe(200);
      return queries.length;
    };
    const many = await count();
    await t.database.db.delete(glossaryEntries);
    await t.database.db
      .insert(glossaryEntries)
      .values({ slug: 'seule', title: 'Seule', definition: 'Une.' });
    const one = await count();
    expect(many).toBeGreaterThan(0);
    expect(many).toBeLessThanOrEqual(1);
    expect(one).toBe(many);
  });

  it('renders the glossary page on the server from the same read', async () => {
    t.app.publicCache.invalidate();
    const response = await t.app.inject({ method: 'GET', url: '/glossaire' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<h1[^>]*>Glossaire<\/h1>/);
    expect(response.body).toContain('Seule');
    expect(response.body).toContain('"queryKey":["/api/glossary",{}]');
    expect(response.body).toContain('"@type":"DefinedTermSet"');
  });
});
