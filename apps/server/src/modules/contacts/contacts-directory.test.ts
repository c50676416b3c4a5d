import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactThematics } from '../../db/schema/contacts.ts';
import { files } from '../../db/schema/files.ts';
import { foodProcedures } from '../../db/schema/food-procedures.ts';
import { departements } from '../../db/schema/geo.ts';
import { initiatives } from '../../db/schema/initiatives.ts';
import { contactTypes, thematics } from '../../db/schema/taxonomy.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';

const SECRET_EMAIL = 'referente.secrete@jardins-garonne.fr';

describe('GET /api/contacts and /api/contacts/filters', () => {
  let t: TestApp;
  let association: number;
  let collectivite: number;
  let jardins: number;
  let grandAngouleme: number;

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await db.insert(departements).values([
      { code: '16', name: 'Charente' },
      { code: '33', name: 'Gironde' },
      { code: '47', name: 'Lot-et-Garonne' },
      { code: '64', name: 'Pyrénées-Atlantiques' },
    ]);
    const types = await db
      .insert(contactTypes)
      .values([
        { slug: 'collectivite', name: 'Collectivité', position: 2 },
        { slug: 'association', name: 'Association', position: 1 },
      ])
      .returning({ id: contactTypes.id });
    collectivite = types[0]!.id;
    association = types[1]!.id;
    const [economie, environnement] = await db
      .insert(thematics)
      .values([
        {
          key: 'economie',
          slug: 'economie-alimentaire',
          name: 'Économie alimentaire',
          color: '#E4794A',
          class: 'thematic-economie',
          position: 1,
        },
        {
          key: 'environnement',
          slug: 'alimentation-responsable',
          name: 'Alimentation responsable',
          color: '#68A532',
          class: 'thematic-environnement',
          position: 5,
        },
      ])
      .returning({ id: thematics.id });
    const [logo] = await db
      .insert(files)
      .values({
        storageKey: 'contacts/ab12cd.webp',
        originalName: 'logo.webp',
        mimeType: 'image/webp',
        size: 1200,
      })
      .returning({ id: files.id });

    const insert = async (values: Partial<typeof contacts.$inferInsert>) => {
      const [row] = await db
        .insert(contacts)
        .values({
          societyName: 'Sans nom',
          moderationStatus: 'published',
          displayInDirectory: true,
          ...values,
        })
        .returning({ id: contacts.id });
      return row!.id;
    };
    jardins = await insert({
      societyName: 'Les Jardins de Garonne',
      typeId: association,
      societyEmail: SECRET_EMAIL,
      addressLine1: '14 quai de la Barre',
      addressLine2: 'Bâtiment B',
      postcode: '47400',
      city: 'Tonneins',
      departementCode: '47',
      phone: '05 36 49 10 01',
      websiteUrl: 'https://jardins-garonne.exemple.fr',
      imageFileId: logo!.id,
    });
    grandAngouleme = await insert({
      societyName: 'Grand Angoulême',
      typeId: collectivite,
      departementCode: '16',
      societyEmail: '   ',
    });
    await insert({ societyName: 'École du goût', typeId: association, departementCode: '33' });
    await insert({ societyName: 'Brouillon', departementCode: '64', moderationStatus: 'pending' });
    await insert({ societyName: 'Cachée', departementCode: '64', displayInDirectory: false });
    await db.insert(contactThematics).values([
      { contactId: jardins, thematicId: environnement!.id },
      { contactId: jardins, thematicId: economie!.id },
    ]);
    await db.insert(initiatives).values([
      {
        title: 'Paniers solidaires',
        slug: 'paniers',
        contactId: jardins,
        moderationStatus: 'published',
      },
      {
        title: 'Jardin partagé',
        slug: 'jardin',
        contactId: jardins,
        moderationStatus: 'published',
      },
      { title: 'En attente', slug: 'attente', contactId: jardins, moderationStatus: 'pending' },
      { title: 'Autre', slug: 'autre', contactId: grandAngouleme, moderationStatus: 'published' },
    ]);
    await db.insert(foodProcedures).values([
      {
        title: 'PAT du Val de Garonne',
        slug: 'pat',
        contactId: jardins,
        moderationStatus: 'published',
      },
      { title: 'Refusée', slug: 'refusee', contactId: jardins, moderationStatus: 'rejected' },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the published directory contacts by name (accents ignored), exactly the spec fields', async () => {
    const response = await get('/api/contacts');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((c: { society_name: string }) => c.society_name)).toEqual([
      'École du goût',
      'Grand Angoulême',
      'Les Jardins de Garonne',
    ]);
    expect(body.data[2]).toEqual({
      id: jardins,
      type: { name: 'Association' },
      avatar_url: '/uploads/contacts/ab12cd.webp',
      society_name: 'Les Jardins de Garonne',
      address_line_1: '14 quai de la Barre',
      address_line_2: 'Bâtiment B',
      postcode: '47400',
      city: 'Tonneins',
      phone: '05 36 49 10 01',
      society_email: true,
      website_url: 'https://jardins-garonne.exemple.fr',
      thematics: [
        { name: 'Économie alimentaire', color: '#E4794A', class: 'thematic-economie' },
        { name: 'Alimentation responsable', color: '#68A532', class: 'thematic-environnement' },
      ],
      initiatives: [
        { id: expect.any(Number), title: 'Jardin partagé' },
        { id: expect.any(Number), title: 'Paniers solidaires' },
      ],
      food_procedures: [{ id: expect.any(Number), title: 'PAT du Val de Garonne' }],
    });
    // A blank address counts as none.
    expect(body.data[1]).toMatchObject({
      id: grandAngouleme,
      society_email: false,
      type: { name: 'Collectivité' },
      avatar_url: null,
      initiatives: [{ id: expect.any(Number), title: 'Autre' }],
      food_procedures: [],
      thematics: [],
    });
    expect(body.meta).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 12,
      total: 3,
      from: 1,
      to: 3,
    });
    expect(body.pages).toEqual([1]);
  });

  it('never sends the address of society_email, nor unpublished or hidden contacts', async () => {
    const response = await get('/api/contacts');
    expect(response.body).not.toContain(SECRET_EMAIL);
    expect(response.body).not.toContain('@');
    expect(response.body).not.toContain('Brouillon');
    expect(response.body).not.toContain('Cachée');
    expect(response.body).not.toContain('En attente');
    expect(response.body).not.toContain('Refusée');
    // Even when filtered on their département.
    expect((await get('/api/contacts?locations[]=64')).json().data).toEqual([]);
  });

  it('filters by types and locations, with both array syntaxes', async () => {
    const names = async (query: string) =>
      (await get(`/api/contacts?${query}`))
        .json()
        .data.map((c: { society_name: string }) => c.society_name);
    expect(await names(`types[]=${association}`)).toEqual([
      'École du goût',
      'Les Jardins de Garonne',
    ]);
    expect(await names(`types=${association}&types=${collectivite}`)).toHaveLength(3);
    expect(await names('locations[]=16&locations[]=33')).toEqual([
      'École du goût',
      'Grand Angoulême',
    ]);
    expect(await names('locations=47')).toEqual(['Les Jardins de Garonne']);
    expect(await names(`types[]=${association}&locations=33`)).toEqual(['École du goût']);
    expect(await names(`types[]=${collectivite}&locations=47`)).toEqual([]);
  });

  it('answers 422 on the parameter that does not parse', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['types[]=abc', 'types.0'],
      ['types=-1', 'types.0'],
      [`locations=${'x'.repeat(65)}`, 'locations.0'],
    ] as const) {
      const response = await get(`/api/contacts?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toEqual([field]);
    }
  });

  it('is cacheable (Cache-Control, ETag, 304)', async () => {
    const response = await get('/api/contacts?locations=47');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const etag = response.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/contacts?locations=47',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const filters = await get('/api/contacts/filters');
    expect(filters.headers['cache-control']).toBe('public, max-age=60');
  });

  it('renders the directory on the server: cards, referent button only with an e-mail', async () => {
    const response = await get('/annuaire');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<h1[^>]*>Annuaire<\/h1>/);
    expect(response.body).toContain('Les Jardins de Garonne');
    expect(response.body.match(/Contacter la personne référente<\/button>/g)).toHaveLength(1);
    expect(response.body).toContain(`href="/initiatives?contactId=${jardins}"`);
    expect(response.body).not.toContain(SECRET_EMAIL);
    const filtered = await get('/annuaire?locations=16');
    expect(filtered.body).toContain('Grand Angoulême');
    expect(filtered.body).not.toContain('Les Jardins de Garonne');
  });

  it('gives the filters: every contact type, and the départements having directory contacts', async () => {
    const response = await get('/api/contacts/filters');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      types: [
        { id: association, name: 'Association' },
        { id: collectivite, name: 'Collectivité' },
      ],
      // 64 only has an unpublished and a hidden contact.
      locations: [
        { code: '16', name: 'Charente' },
        { code: '33', name: 'Gironde' },
        { code: '47', name: 'Lot-et-Garonne' },
      ],
    });
  });
});

describe('GET /api/contacts: pagination and query count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await db.insert(departements).values({ code: '33', name: 'Gironde' });
    const [thematic] = await db
      .insert(thematics)
      .values({ key: 'economie', slug: 'e', name: 'Économie', color: '#000', class: 'c' })
      .returning({ id: thematics.id });
    const ids = (
      await db
        .insert(contacts)
        .values(
          Array.from({ length: 27 }, (_, i) => ({
            societyName: `Structure ${String(i + 1).padStart(2, '0')}`,
            departementCode: i === 0 ? '33' : null,
            moderationStatus: 'published' as const,
            displayInDirectory: true,
          })),
        )
        .returning({ id: contacts.id })
    ).map((row) => row.id);
    await db
      .insert(contactThematics)
      .values(ids.map((contactId) => ({ contactId, thematicId: thematic!.id })));
    await db.insert(initiatives).values(
      ids.flatMap((contactId, i) => [
        {
          title: `Initiative ${i}a`,
          slug: `i-${i}-a`,
          contactId,
          moderationStatus: 'published' as const,
        },
        {
          title: `Initiative ${i}b`,
          slug: `i-${i}-b`,
          contactId,
          moderationStatus: 'published' as const,
        },
      ]),
    );
    await db.insert(foodProcedures).values(
      ids.map((contactId, i) => ({
        title: `Démarche ${i}`,
        slug: `d-${i}`,
        contactId,
        moderationStatus: 'published' as const,
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('pages by 12 with links that keep the filters', async () => {
    const page3 = (await t.app.inject({ method: 'GET', url: '/api/contacts?page=3' })).json();
    expect(page3.data.map((c: { society_name: string }) => c.society_name)).toEqual([
      'Structure 25',
      'Structure 26',
      'Structure 27',
    ]);
    expect(page3.meta).toMatchObject({
      current_page: 3,
      last_page: 3,
      total: 27,
      from: 25,
      to: 27,
    });
    expect(page3.pages).toEqual([1, 2, 3]);
    expect(page3.links).toEqual({
      first: '/api/contacts?page=1',
      last: '/api/contacts?page=3',
      prev: '/api/contacts?page=2',
      next: null,
    });
    const filtered = (
      await t.app.inject({ method: 'GET', url: '/api/contacts?locations[]=33&types=1' })
    ).json();
    expect(filtered.links.first).toBe('/api/contacts?locations%5B%5D=33&types%5B%5D=1&page=1');
    // Past the last page: an empty page, not an error.
    const beyond = (await t.app.inject({ method: 'GET', url: '/api/contacts?page=9' })).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ current_page: 9, last_page: 3, from: null, to: null });
  });

  it('reads a page of 12 contacts, or of one, with their lists in two queries', async () => {
    // Distinct URLs, so that the public response cache does not answer.
    const full = await t.database.recordQueries(() =>
      t.app.inject({ method: 'GET', url: '/api/contacts?page=1' }),
    );
    expect(full.result.json().data).toHaveLength(12);
    expect(full.result.json().data[0].initiatives).toHaveLength(2);
    const one = await t.database.recordQueries(() =>
      t.app.inject({ method: 'GET', url: '/api/contacts?locations=33' }),
    );
    expect(one.result.json().data).toHaveLength(1);
    // The count, and the page with each contact's thematics, initiatives and procedures.
    expect(full.queries).toHaveLength(2);
    expect(one.queries).toHaveLength(2);
  });
});
