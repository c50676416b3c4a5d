import { VIDEO_FRAME_ORIGINS } from '@ad/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files.ts';
import {
  resourceCategories,
  resources,
  resourceSubthematics,
  resourceTypes,
} from '../../db/schema/resources.ts';
import { subthematics, thematics } from '../../db/schema/taxonomy.ts';
import { contentSecurityPolicy } from '../../platform/csp.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

describe('GET /api/resources, /api/resources/filters, /api/resources/{slug}', () => {
  let t: TestApp;
  let guides: number;
  let etudes: number;
  let circuits: number;
  let gaspillage: number;
  let cantines: number;

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const slugs = async (query: string) =>
    (await get(`/api/resources?${query}`)).json().data.map((r: { slug: string }) => r.slug);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [economie, environnement] = await db
      .insert(thematics)
      .values([
        {
          key: 'environnement',
          slug: 'alimentation-responsable',
          name: 'Alimentation responsable',
          color: '#68A532',
          class: 'thematic-environnement',
          position: 5,
        },
        {
          key: 'economie',
          slug: 'economie-alimentaire',
          name: 'Économie alimentaire',
          color: '#E4794A',
          class: 'thematic-economie',
          position: 1,
        },
      ])
      .returning({ id: thematics.id })
      .then((rows) => [rows[1]!, rows[0]!] as const);
    [circuits, gaspillage, cantines] = (
      await db
        .insert(subthematics)
        .values([
          { thematicId: economie.id, name: 'Circuits courts', position: 1 },
          { thematicId: environnement.id, name: 'Gaspillage', position: 1 },
          { thematicId: economie.id, name: 'Cantines', position: 2 },
        ])
        .returning({ id: subthematics.id })
    ).map((row) => row.id) as [number, number, number];
    const types = await db
      .insert(resourceTypes)
      .values([
        { slug: 'video', name: 'Vidéo', position: 2 },
        { slug: 'file', name: 'Fichier', position: 1 },
        { slug: 'external_url', name: 'Lien externe', position: 3 },
      ])
      .returning({ id: resourceTypes.id });
    const [video, file, link] = types.map((row) => row.id) as [number, number, number];
    const [thumb, pdf, cover] = await db
      .insert(files)
      .values([
        {
          storageKey: 'resources/thumb1.webp',
          originalName: 'a.webp',
          mimeType: 'image/webp',
          size: 10,
        },
        {
          storageKey: 'resources/guide-egalim.pdf',
          originalName: 'Guide.pdf',
          mimeType: 'application/pdf',
          size: 1_258_291,
        },
        {
          storageKey: 'categories/guides.webp',
          originalName: 'g.webp',
          mimeType: 'image/webp',
          size: 10,
        },
      ])
      .returning({ id: files.id });
    const categories = await db
      .insert(resourceCategories)
      .values([
        {
          slug: 'guides',
          name: 'Guides',
          featuredImageFileId: cover!.id,
          featuredImageName: 'Des guides',
          position: 1,
        },
        { slug: 'etudes', name: 'Études', position: 2 },
      ])
      .returning({ id: resourceCategories.id });
    guides = categories[0]!.id;
    etudes = categories[1]!.id;

    const rows = await db
      .insert(resources)
      .values([
        {
          slug: 'guide-egalim',
          name: 'Guide EGalim',
          description: '<p>Le guide.</p>',
          imageFileId: thumb!.id,
          categoryId: guides,
          typeId: file,
          documentFileId: pdf!.id,
          moderationStatus: 'published',
          publishedAt: day(3),
          updatedAt: day(4),
        },
        {
          slug: 'video-legumerie',
          name: 'La légumerie en vidéo',
          description: '<p>Reportage.</p>',
          categoryId: etudes,
          typeId: video,
          videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          moderationStatus: 'published',
          publishedAt: day(5),
        },
        {
          slug: 'observatoire',
          name: 'Observatoire',
          typeId: link,
          externalUrl: 'https://observatoire.exemple.fr',
          moderationStatus: 'published',
          publishedAt: day(1),
        },
        { slug: 'brouillon', name: 'Brouillon', typeId: file, moderationStatus: 'pending' },
        {
          slug: 'refusee',
          name: 'Refusée',
          typeId: file,
          moderationStatus: 'rejected',
          publishedAt: day(9),
        },
      ])
      .returning({ id: resources.id });
    await db.insert(resourceSubthematics).values([
      { resourceId: rows[0]!.id, subthematicId: cantines },
      { resourceId: rows[1]!.id, subthematicId: circuits },
      { resourceId: rows[1]!.id, subthematicId: cantines },
      { resourceId: rows[2]!.id, subthematicId: gaspillage },
      { resourceId: rows[3]!.id, subthematicId: gaspillage },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the published resources, newest first, with exactly the spec fields', async () => {
    const response = await get('/api/resources');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((r: { slug: string }) => r.slug)).toEqual([
      'video-legumerie',
      'guide-egalim',
      'observatoire',
    ]);
    expect(body.data[1]).toEqual({
      slug: 'guide-egalim',
      name: 'Guide EGalim',
      description: '<p>Le guide.</p>',
      updated_at: expect.any(String),
      thumbUrl: '/uploads/resources/thumb1.webp',
      type: { slug: 'file', name: 'Fichier' },
      external_url: null,
      video_url: null,
      resourceFile: { file: '/uploads/resources/guide-egalim.pdf', size: 1_258_291 },
      category: {
        name: 'Guides',
        featured_image: { image: '/uploads/categories/guides.webp', name: 'Des guides' },
      },
    });
    expect(new Date(body.data[1].updated_at).getTime()).toBeGreaterThan(0);
    expect(body.data[0]).toMatchObject({
      type: { slug: 'video', name: 'Vidéo' },
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      resourceFile: null,
      thumbUrl: null,
      category: { name: 'Études', featured_image: null },
    });
    expect(body.data[2]).toMatchObject({
      type: { slug: 'external_url', name: 'Lien externe' },
      external_url: 'https://observatoire.exemple.fr',
      category: null,
      description: null,
    });
    expect(body.meta).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 12,
      total: 3,
      from: 1,
      to: 3,
    });
    expect(response.body).not.toContain('Brouillon');
    expect(response.body).not.toContain('Refusée');
  });

  it('filters by subthematics, types (slugs) and categories, with both array syntaxes', async () => {
    expect(await slugs(`subthematics[]=${cantines}`)).toEqual(['video-legumerie', 'guide-egalim']);
    expect(await slugs(`subthematics=${circuits}&subthematics=${gaspillage}`)).toEqual([
      'video-legumerie',
      'observatoire',
    ]);
    expect(await slugs('types[]=file&types[]=external_url')).toEqual([
      'guide-egalim',
      'observatoire',
    ]);
    expect(await slugs('types=video')).toEqual(['video-legumerie']);
    expect(await slugs(`categories=${guides}`)).toEqual(['guide-egalim']);
    expect(await slugs(`categories[]=${etudes}&types[]=file`)).toEqual([]);
    // A pending resource never matches, whatever the filter.
    expect(await slugs(`subthematics=${gaspillage}`)).toEqual(['observatoire']);
    expect(await slugs('types=inconnu')).toEqual([]);
  });

  it('answers 422 on the parameter that does not parse', async () => {
    for (const [query, field] of [
      ['page=-2', 'page'],
      ['categories[]=x', 'categories.0'],
      ['subthematics=1.5', 'subthematics.0'],
      [`types=${'v'.repeat(65)}`, 'types.0'],
    ] as const) {
      const response = await get(`/api/resources?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toEqual([field]);
    }
  });

  it('gives the filters, subthematics grouped by thematic in the themes order', async () => {
    const response = await get('/api/resources/filters');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.json()).toEqual({
      types: [
        { slug: 'file', name: 'Fichier' },
        { slug: 'video', name: 'Vidéo' },
        { slug: 'external_url', name: 'Lien externe' },
      ],
      categories: [
        { id: guides, name: 'Guides' },
        { id: etudes, name: 'Études' },
      ],
      subthematics: [
        {
          thematic: { name: 'Économie alimentaire', color: '#E4794A', class: 'thematic-economie' },
          subthematics: [
            { id: circuits, name: 'Circuits courts' },
            { id: cantines, name: 'Cantines' },
          ],
        },
        {
          thematic: {
            name: 'Alimentation responsable',
            color: '#68A532',
            class: 'thematic-environnement',
          },
          subthematics: [{ id: gaspillage, name: 'Gaspillage' }],
        },
      ],
    });
  });

  it('answers a published resource by slug, cacheable; 404 when missing or unpublished', async () => {
    const response = await get('/api/resources/guide-egalim');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers.etag).toBeTruthy();
    expect(response.json().data).toMatchObject({
      slug: 'guide-egalim',
      resourceFile: { file: '/uploads/resources/guide-egalim.pdf', size: 1_258_291 },
    });
    expect(Object.keys(response.json().data).sort()).toEqual(
      [
        'category',
        'description',
        'external_url',
        'name',
        'resourceFile',
        'slug',
        'thumbUrl',
        'type',
        'updated_at',
        'video_url',
      ].sort(),
    );
    for (const slug of ['inconnue', 'brouillon', 'refusee']) {
      const missing = await get(`/api/resources/${slug}`);
      expect(missing.statusCode, slug).toBe(404);
      expect(missing.json()).toEqual({ message: "La ressource demandée n'existe pas." });
    }
  });

  it('renders the resource page on the server (title, breadcrumb, JSON-LD); a missing one goes to 404', async () => {
    const response = await get('/ressources/guide-egalim');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<h1[^>]*>Guide EGalim<\/h1>/);
    expect(response.body).toContain('PDF – 1,2 Mo');
    expect(response.body).toMatch(
      /<a class="fr-breadcrumb__link" aria-current="page">Guide EGalim<\/a>/,
    );
    expect(response.body).toContain('"@type":"DigitalDocument"');
    const missing = await get('/ressources/brouillon');
    expect(missing.statusCode).toBe(302);
    expect(missing.headers.location).toBe('/404');
  });

  it('renders the list page on the server with its cards', async () => {
    const response = await get('/ressources?types=file');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<h1[^>]*>Les ressources<\/h1>/);
    expect(response.body).toMatch(/href="\/ressources\/guide-egalim"/);
    expect(response.body).not.toContain('La légumerie en vidéo');
  });

  it('makes two queries per page, whatever the number of resources', async () => {
    const many = await t.database.recordQueries(() => get('/api/resources?page=1'));
    expect(many.result.json().data).toHaveLength(3);
    const one = await t.database.recordQueries(() =>
      get(`/api/resources?categories[]=${guides}&types=file`),
    );
    expect(one.result.json().data).toHaveLength(1);
    expect(many.queries).toHaveLength(2);
    expect(one.queries).toHaveLength(2);
  });

  it('pages by 12', async () => {
    await t.database.db.insert(resources).values(
      Array.from({ length: 14 }, (_, i) => ({
        slug: `lot-${i}`,
        name: `Lot ${i}`,
        moderationStatus: 'published' as const,
        publishedAt: day(10 + i),
      })),
    );
    const page2 = (await get('/api/resources?page=2')).json();
    expect(page2.meta).toMatchObject({
      current_page: 2,
      last_page: 2,
      total: 17,
      from: 13,
      to: 17,
    });
    expect(page2.data.map((r: { slug: string }) => r.slug)).toEqual([
      'lot-1',
      'lot-0',
      'video-legumerie',
      'guide-egalim',
      'observatoire',
    ]);
    expect(page2.links.prev).toBe('/api/resources?page=1');
  });

  it('the video frames the page may embed are the ones the CSP allows', () => {
    const frames = contentSecurityPolicy({
      TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      captchaProvider: 'altcha',
      secureCookies: false,
    } as never)['frame-src'];
    for (const origin of VIDEO_FRAME_ORIGINS) expect(frames).toContain(origin);
  });
});
