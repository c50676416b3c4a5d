import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema/contacts.ts';
import { faqCategories, faqItems, glossaryEntries } from '../../db/schema/content.ts';
import { events } from '../../db/schema/events.ts';
import { foodProcedures } from '../../db/schema/food-procedures.ts';
import { initiatives } from '../../db/schema/initiatives.ts';
import { posts } from '../../db/schema/posts.ts';
import { resources, resourceTypes } from '../../db/schema/resources.ts';
import { searchLexicon } from '../../db/schema/search.ts';
import { contactTypes } from '../../db/schema/taxonomy.ts';
import { jobsOf, schedulesOf, waitUntil } from '../../platform/jobs/testing.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';
import { excerptHtml, markedHtml, MARKS, plainText } from './search-excerpt.ts';
import { oneEditVariants, queryWords, toTsquery } from './search-terms.ts';
import { SEARCH_LEXICON_REBUILD_JOB } from './search.routes.ts';

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

type Result = {
  type: string;
  title: string;
  url: string;
  searchable: { searchable_description: string; searchable_title: string };
};
type Page = {
  data: Result[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  pages: (number | string)[];
};

const words = (n: number, word = 'mot') => Array.from({ length: n }, (_, i) => `${word}${i}`);
const published = { moderationStatus: 'published' as const, publishedAt: new Date() };

describe(`GET /api/search (${engine})`, () => {
  let t: TestApp;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { response, body: response.json() as Page };
  };
  const titles = (page: Page) => page.data.map((r) => r.title);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [fileType, linkType] = await db
      .insert(resourceTypes)
      .values([
        { slug: 'file', name: 'Fichier' },
        { slug: 'external_url', name: 'Lien externe' },
      ])
      .returning();
    const [association] = await db
      .insert(contactTypes)
      .values({ name: 'Association', slug: 'association' } as typeof contactTypes.$inferInsert)
      .returning();

    const [marketPost] = await db
      .insert(posts)
      .values([
        {
          slug: 'legumes-du-marche',
          title: 'Les légumes du marché de Bordeaux',
          description: `<p>Le marché <strong>couvert</strong> ouvre ses portes &amp; ses étals. ${words(40).join(' ')}</p>`,
          ...published,
        },
        {
          slug: 'brouillon',
          title: 'Légumes secrets du brouillon',
          description: '<p>Pas encore publié.</p>',
          moderationStatus: 'pending',
        },
        {
          slug: 'refusee',
          title: 'Légumes refusés',
          description: '<p>Refusé.</p>',
          moderationStatus: 'rejected',
        },
      ])
      .returning();
    await db.insert(events).values([
      {
        title: 'Fête des potirons',
        description: 'Dégustation au marché.',
        startedAt: '2026-10-03',
        moreInfosType: 'post',
        postId: marketPost!.id,
        ...published,
      },
      {
        title: 'Salon des potirons',
        description: 'Exposants.',
        startedAt: '2026-11-14',
        externalUrl: 'https://salon.exemple.fr/',
        moreInfosType: 'other',
        ...published,
      },
      { title: 'Bourse aux potirons', startedAt: '2026-12-05', ...published },
      { title: 'La 2ème édition du troc de graines', startedAt: '2026-12-06', ...published },
    ]);
    await db.insert(initiatives).values([
      {
        slug: 'cantine-ecole',
        title: 'La cantine de l’École Jules-Ferry',
        summary: '<p>Des repas faits maison avec un légume de saison chaque jour.</p>',
        ...published,
      },
      {
        slug: 'un-legume-oublie',
        title: 'Un légume oublié : le topinambour',
        summary: '<p>Redécouvrir le topinambour.</p>',
        ...published,
      },
      {
        slug: 'jardin-du-quartier',
        title: 'Jardin du quartier',
        summary:
          '## Le projet\n\n**Un jardin** ouvert aux [riverains](https://exemple.fr/) du quartier.',
        ...published,
      },
      {
        slug: 'cachee',
        title: 'Initiative topinambour en attente',
        summary: '<p>topinambour</p>',
        moderationStatus: 'pending',
      },
    ]);
    await db.insert(foodProcedures).values({
      slug: 'pat-landes',
      title: 'Projet alimentaire territorial des Landes',
      summary: '<p>Gouvernance partagée du compostage et des circuits courts.</p>',
      ...published,
    });
    await db.insert(resources).values([
      {
        slug: 'guide-compostage',
        name: 'Guide du compostage partagé',
        description: '<p>Un guide pour démarrer.</p>',
        typeId: fileType!.id,
        ...published,
      },
      {
        slug: 'site-compost',
        name: 'Le site national du compost',
        description: '<p>Tout sur le compostage en ligne.</p>',
        typeId: linkType!.id,
        externalUrl: 'https://compost.exemple.fr/',
        ...published,
      },
    ]);
    await db.insert(contacts).values([
      {
        societyName: 'Association Potager Solidaire',
        typeId: association!.id,
        city: 'Pau',
        postcode: '64000',
        addressLine1: '3 rue des Jardins',
        departementCode: null,
        displayInDirectory: true,
        ...published,
      },
      {
        societyName: 'Potager hors annuaire',
        displayInDirectory: false,
        ...published,
      },
      { societyName: 'Potager en attente', displayInDirectory: true, moderationStatus: 'pending' },
    ]);
    await db.insert(glossaryEntries).values({
      slug: 'circuit-court',
      title: 'Circuit court',
      definition: 'Vente avec au plus un intermédiaire entre le producteur et le consommateur.',
    });
    const [category] = await db
      .insert(faqCategories)
      .values({ slug: 'general', name: 'Général' })
      .returning();
    await db.insert(faqItems).values({
      categoryId: category!.id,
      slug: 'comment-composter',
      question: 'Comment démarrer chez soi ?',
      answer: '<p>Le compostage commence par un bac et des déchets de cuisine.</p>',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the spec shape, paginated, cacheable', async () => {
    const { response, body } = await get('/api/search?q=marché');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers.etag).toBeTruthy();
    expect(body.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 12 });
    const post = body.data.find((r) => r.type === 'posts');
    expect(post).toEqual({
      type: 'posts',
      title: 'Les légumes du marché de Bordeaux',
      url: '/actualites/legumes-du-marche',
      searchable: {
        searchable_title: 'Les légumes du <mark>marché</mark> de Bordeaux',
        searchable_description: expect.stringContaining('Le <mark>marché</mark> couvert'),
      },
    });
    expect(body.links.first).toBe('/api/search?q=march%C3%A9&page=1');
  });

  it('searches every type and gives each its address', async () => {
    const url = async (q: string, type: string) =>
      (await get(`/api/search?q=${encodeURIComponent(q)}&type=${type}`)).body.data.map(
        (r) => r.url,
      );
    expect(await url('potirons', 'events')).toEqual(
      expect.arrayContaining([
        '/actualites/legumes-du-marche',
        'https://salon.exemple.fr/',
        '/agenda?day=20261205',
      ]),
    );
    const [cantine] = (await get('/api/search?q=cantine&type=initiatives')).body.data;
    expect(cantine!.url).toMatch(/^\/initiatives\/initiative\/\d+$/);
    const [pat] = (await get('/api/search?q=gouvernance&type=food_procedures')).body.data;
    expect(pat!.url).toMatch(/^\/initiatives\/demarche\/\d+$/);
    expect(await url('compostage', 'resources')).toEqual(['/ressources/guide-compostage']);
    expect(await url('compostage', 'documentary_resources')).toEqual([
      'https://compost.exemple.fr/',
    ]);
    expect(await url('potager', 'contacts')).toEqual([
      expect.stringMatching(/^\/annuaire\?types=\d+#contact-\d+$/),
    ]);
    expect(await url('intermédiaire', 'glossary')).toEqual(['/glossaire#circuit-court']);
    expect(await url('cuisine', 'faq')).toEqual(['/foire-aux-questions/comment-composter']);
    const [contact] = (await get('/api/search?q=potager&type=contacts')).body.data;
    expect(contact!.searchable.searchable_description).toBe(
      'Association · 3 rue des Jardins, 64000 Pau',
    );
  });

  it('filters by type, and refuses an unknown type', async () => {
    const all = (await get('/api/search?q=compostage')).body;
    expect(new Set(all.data.map((r) => r.type))).toEqual(
      new Set(['resources', 'documentary_resources', 'food_procedures', 'faq']),
    );
    const faq = (await get('/api/search?q=compostage&type=faq')).body;
    expect(faq.data.map((r) => r.type)).toEqual(['faq']);
    expect(faq.links.first).toBe('/api/search?q=compostage&type=faq&page=1');
    expect((await get('/api/search?q=compostage&type=')).body.meta.total).toBe(all.meta.total);
    const bad = await t.app.inject({ method: 'GET', url: '/api/search?q=compostage&type=users' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['type']);
  });

  it('never returns unpublished items, nor contacts kept out of the directory', async () => {
    expect(titles((await get('/api/search?q=légumes')).body)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/brouillon|refusés/)]),
    );
    expect(titles((await get('/api/search?q=topinambour')).body)).toEqual([
      'Un légume oublié : le topinambour',
    ]);
    expect(titles((await get('/api/search?q=potager')).body)).toEqual([
      'Association Potager Solidaire',
    ]);
  });

  it('ignores accents and case', async () => {
    expect(titles((await get('/api/search?q=legume&type=posts')).body)).toEqual([
      'Les légumes du marché de Bordeaux',
    ]);
    expect(titles((await get('/api/search?q=ecole')).body)).toEqual([
      'La cantine de l’École Jules-Ferry',
    ]);
    expect(titles((await get('/api/search?q=ÉCOLE')).body)).toEqual([
      'La cantine de l’École Jules-Ferry',
    ]);
  });

  it('finds the other forms of a word (French stems)', async () => {
    const found = titles((await get('/api/search?q=légumes&type=initiatives')).body);
    expect(found).toContain('Un légume oublié : le topinambour');
    expect(titles((await get('/api/search?q=marchés&type=posts')).body)).toEqual([
      'Les légumes du marché de Bordeaux',
    ]);
  });

  it('finds words mixing digits and letters, accents or not', async () => {
    for (const q of ['2ème%20édition', '2eme%20edition', '2EME']) {
      expect(titles((await get(`/api/search?q=${q}&type=events`)).body)).toEqual([
        'La 2ème édition du troc de graines',
      ]);
    }
  });

  it('forgives one typo per word', async () => {
    expect(titles((await get('/api/search?q=marhcé&type=posts')).body)).toEqual([
      'Les légumes du marché de Bordeaux',
    ]);
    expect(titles((await get('/api/search?q=legumrs&type=posts')).body)).toEqual([
      'Les légumes du marché de Bordeaux',
    ]);
    // Two words, one typo each, all words must match.
    expect(titles((await get('/api/search?q=legumrs%20bordaeux')).body)).toEqual([
      'Les légumes du marché de Bordeaux',
    ]);
    // Short words too, from three letters: 'fetr' is one letter away from 'fête'.
    expect(titles((await get('/api/search?q=fetr%20potirons')).body)).toEqual(
      expect.arrayContaining(['Fête des potirons']),
    );
    expect(titles((await get('/api/search?q=fetr')).body)).toEqual(['Fête des potirons']);
    // A word neither on the site nor one edit away matches nothing.
    expect((await get('/api/search?q=xylophone')).body.data).toEqual([]);
    expect((await get('/api/search?q=legumes%20xylophone')).body.data).toEqual([]);
  });

  it('ranks a match in a title above a match in a body', async () => {
    const found = titles((await get('/api/search?q=compostage')).body);
    // Titles: the guide (its name). Bodies: the procedure, the FAQ answer, the national site.
    expect(found[0]).toBe('Guide du compostage partagé');
    expect(found.slice(1)).toEqual(
      expect.arrayContaining([
        'Projet alimentaire territorial des Landes',
        'Comment démarrer chez soi ?',
        'Le site national du compost',
      ]),
    );
  });

  it('highlights the matched words, with everything else escaped', async () => {
    const [result] = (await get('/api/search?q=etals&type=posts')).body.data;
    expect(result!.searchable.searchable_description).toMatch(
      /^Le marché couvert ouvre ses portes &amp; ses <mark>étals<\/mark>\. mot0 /,
    );
    expect(result!.searchable.searchable_title).toBe('Les légumes du marché de Bordeaux');
  });

  it('excerpts the text of a markdown summary, not its marks', async () => {
    const [result] = (await get('/api/search?q=riverains&type=initiatives')).body.data;
    expect(result?.searchable.searchable_description).toBe(
      'Le projet Un jardin ouvert aux <mark>riverains</mark> du quartier.',
    );
  });

  it('cuts the description to 30 words followed by [...]', async () => {
    const [result] = (await get('/api/search?q=bordeaux&type=posts')).body.data;
    const text = result!.searchable.searchable_description;
    expect(text.endsWith(' [...]')).toBe(true);
    expect(text.replace(/ \[\.\.\.\]$/, '').split(' ')).toHaveLength(30);
    // Short texts are whole.
    const [faq] = (await get('/api/search?q=cuisine&type=faq')).body.data;
    expect(faq!.searchable.searchable_description).toBe(
      'Le compostage commence par un bac et des déchets de <mark>cuisine</mark>.',
    );
  });

  it('answers an empty page for an empty or stop-word query, without an error', async () => {
    for (const q of ['', '%20%20', 'de%20la', '...']) {
      const { response, body } = await get(`/api/search?q=${q}`);
      expect(response.statusCode).toBe(200);
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ total: 0, last_page: 1 });
    }
    expect((await get('/api/search')).response.statusCode).toBe(200);
  });

  it('cuts a query longer than 200 characters instead of refusing it', async () => {
    const { response, body } = await get(`/api/search?q=riverains%20${'jardin%20'.repeat(40)}`);
    expect(response.statusCode).toBe(200);
    expect(titles(body)).toEqual(['Jardin du quartier']);
  });

  it('paginates, and makes the same number of queries for one result or a full page', async () => {
    const db = t.database.db;
    await db.insert(glossaryEntries).values(
      Array.from({ length: 25 }, (_, i) => ({
        title: `Rutabaga numéro ${i + 1}`,
        definition: 'Un rutabaga de plus.',
      })),
    );
    const first = (await get('/api/search?q=rutabaga')).body;
    expect(first.meta).toMatchObject({ total: 25, last_page: 3, per_page: 12 });
    expect(first.data).toHaveLength(12);
    expect(first.links.next).toBe('/api/search?q=rutabaga&page=2');
    const third = (await get('/api/search?q=rutabaga&page=3')).body;
    expect(third.data).toHaveLength(1);
    expect(new Set([...first.data, ...third.data].map((r) => r.title)).size).toBe(13);
    const beyond = (await get('/api/search?q=rutabaga&page=9')).body;
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(25);

    const many = await t.database.recordQueries(() =>
      t.app.inject({ method: 'GET', url: '/api/search?q=rutabaga&page=2' }),
    );
    const one = await t.database.recordQueries(() =>
      t.app.inject({ method: 'GET', url: '/api/search?q=topinambour' }),
    );
    expect(many.queries.length).toBeLessThanOrEqual(4);
    expect(one.queries.length).toBe(many.queries.length);
  });

  it('keeps its lexicon in step with the published content', async () => {
    const db = t.database.db;
    const ndoc = async (lexeme: string) =>
      (
        await db
          .select({ ndoc: searchLexicon.ndoc })
          .from(searchLexicon)
          .where(eq(searchLexicon.lexeme, lexeme))
      )[0]?.ndoc ?? 0;
    expect(await ndoc('topinambour')).toBe(1);
    await db
      .update(initiatives)
      .set({ moderationStatus: 'published' })
      .where(eq(initiatives.slug, 'cachee'));
    expect(await ndoc('topinambour')).toBe(2);
    // A typo finds a word that was just published.
    await db.insert(glossaryEntries).values({ title: 'Permaculture', definition: 'Conception.' });
    expect(titles((await get('/api/search?q=permaculturr')).body)).toEqual(['Permaculture']);
    await db.delete(glossaryEntries).where(eq(glossaryEntries.title, 'Permaculture'));
    expect(await ndoc('permacultur')).toBe(0);
    // The rebuild gives the same counts.
    const before = await db.select().from(searchLexicon).orderBy(searchLexicon.lexeme);
    await db.execute(sql`SELECT search_lexicon_rebuild()`);
    expect(await db.select().from(searchLexicon).orderBy(searchLexicon.lexeme)).toEqual(before);
  });

  it('rebuilds its lexicon nightly, from whatever it held', async () => {
    const db = t.database.db;
    const schedules = await schedulesOf(db);
    expect(schedules.find((s) => s.name === SEARCH_LEXICON_REBUILD_JOB)).toMatchObject({
      cron: '41 4 * * *',
    });
    const before = await db.select().from(searchLexicon).orderBy(searchLexicon.lexeme);
    await db.insert(searchLexicon).values({ lexeme: 'fantome', ndoc: 3 });
    await db.update(searchLexicon).set({ ndoc: 99 }).where(eq(searchLexicon.lexeme, 'legum'));
    await t.jobs.send(SEARCH_LEXICON_REBUILD_JOB, {});
    await waitUntil(
      async () =>
        (await jobsOf(db, SEARCH_LEXICON_REBUILD_JOB)).some((j) => j.state === 'completed'),
      10_000,
      'lexicon rebuild not run',
    );
    expect(await db.select().from(searchLexicon).orderBy(searchLexicon.lexeme)).toEqual(before);
  });

  it('lists the result types with their French labels', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search/filters' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      types: [
        { value: 'posts', label: 'Actualités' },
        { value: 'events', label: 'Évènements' },
        { value: 'initiatives', label: 'Initiatives' },
        { value: 'food_procedures', label: 'Démarches' },
        { value: 'resources', label: 'Ressources' },
        { value: 'contacts', label: 'Annuaire' },
        { value: 'glossary', label: 'Glossaire' },
        { value: 'faq', label: 'FAQ' },
        { value: 'documentary_resources', label: 'Ressources documentaires' },
      ],
    });
  });

  it("links a contact to its card, on the card's page of the directory", async () => {
    const db = t.database.db;
    const [contact] = await db
      .select({ id: contacts.id, typeId: contacts.typeId })
      .from(contacts)
      .where(eq(contacts.societyName, 'Association Potager Solidaire'));
    const { id, typeId } = contact!;
    // Twelve cards of its type come before it in the directory (accents and case ignored)...
    await db.insert(contacts).values(
      Array.from({ length: 12 }, (_, i) => ({
        societyName: `Âbeille ${i}`,
        typeId,
        displayInDirectory: true,
        ...published,
      })),
    );
    // ...and neither a contact kept out of the directory, an unpublished one nor one of
    // another type counts.
    await db.insert(contacts).values([
      { societyName: 'Abeille cachée', typeId, displayInDirectory: false, ...published },
      {
        societyName: 'Abeille en attente',
        typeId,
        displayInDirectory: true,
        moderationStatus: 'pending',
      },
      { societyName: 'Abeille sans type', displayInDirectory: true, ...published },
    ]);
    const [result] = (await get('/api/search?q=potager&type=contacts&page=1')).body.data;
    expect(result!.url).toBe(`/annuaire?types=${typeId}&page=2#contact-${id}`);
  });
});

describe('search terms and excerpts', () => {
  it('splits a query into folded words', () => {
    expect(queryWords("L'École des légumes, l'ÉCOLE !")).toEqual(['l', 'ecole', 'des', 'legumes']);
    expect(queryWords('  ')).toEqual([]);
  });

  it('lists the one-edit variants of words of 3 letters or more', () => {
    const variants = oneEditVariants('marhce');
    expect(variants).toContain('marche'); // swap
    expect(oneEditVariants('legumrs')).toContain('legumes'); // replace
    expect(oneEditVariants('legume')).toContain('legumes'); // insert
    expect(oneEditVariants('legumess')).toContain('legumes'); // delete
    expect(variants).not.toContain('marhce');
    expect(oneEditVariants('vni')).toContain('vin'); // swap in a short word
    expect(oneEditVariants('ab')).toEqual([]);
  });

  it('writes a full-text query, optionally restricted to titles', () => {
    expect(toTsquery([['circuit'], ['court', 'cour']])).toBe(`'circuit' & ('court' | 'cour')`);
    expect(toTsquery([['circuit']], 'A')).toBe(`'circuit':A`);
  });

  it('escapes the text and keeps only the marks as HTML', () => {
    const { start, stop } = MARKS;
    expect(markedHtml(`<script>alert("x")</script> ${start}pain${stop} & 'vin'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <mark>pain</mark> &amp; &#39;vin&#39;',
    );
  });

  it('takes a body as text, each entity decoded once', () => {
    expect(plainText('<p>La balise &amp;lt;b&amp;gt; et &#233;t&#xE9;</p>').text).toBe(
      'La balise &lt;b&gt; et été',
    );
    expect(plainText('<p>Écrire &lt;b&gt;</p>').text).toBe('Écrire <b>');
  });

  it('shows the first 30 words followed by [...] (spec §9)', () => {
    const { start, stop } = MARKS;
    const text = [...words(10), `${start}pain${stop}`, ...words(50, 'suite')].join(' ');
    const html = excerptHtml(text);
    expect(html.startsWith(`${words(10).join(' ')} <mark>pain</mark> `)).toBe(true);
    expect(html.endsWith(' [...]')).toBe(true);
    expect(html.replace(/ \[\.\.\.\]$/, '').split(' ')).toHaveLength(30);
    // A match further on is not shown: the excerpt still starts with the text.
    const later = excerptHtml([...words(50), `${start}pain${stop}`].join(' '));
    expect(later).toBe(`${words(30).join(' ')} [...]`);
    expect(excerptHtml('un deux trois')).toBe('un deux trois');
    expect(excerptHtml('un deux trois', { cut: true })).toBe('un deux trois [...]');
  });
});
