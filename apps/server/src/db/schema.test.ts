import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { migrateDatabase } from './migrate.ts';
import {
  FTS_CONFIG,
  ftsQuery,
  initiatives,
  revisions,
  thematics,
  unaccentLower,
  users,
} from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) return an object with `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe(`database schema (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('answers ping and migrating again is a no-op', async () => {
    await handle.ping();
    await migrateDatabase(handle);
  });

  it('has the unaccent and pg_trgm extensions and the French unaccent search configuration', async () => {
    const extensions = await rows<{ extname: string }>(
      db,
      sql`SELECT extname FROM pg_extension WHERE extname IN ('unaccent', 'pg_trgm') ORDER BY extname`,
    );
    expect(extensions.map((e) => e.extname)).toEqual(['pg_trgm', 'unaccent']);
    const configs = await rows<{ cfgname: string }>(
      db,
      sql`SELECT cfgname FROM pg_ts_config WHERE cfgname = ${FTS_CONFIG}`,
    );
    expect(configs).toHaveLength(1);
    const [vector] = await rows<{ v: string }>(
      db,
      sql`SELECT to_tsvector('fr_unaccent', 'Légumes à l''école')::text AS v`,
    );
    expect(vector?.v).toContain("'legum'");
    expect(vector?.v).toContain("'ecol'");
  });

  it('finds an initiative with an accent-insensitive French full-text query', async () => {
    const [thematic] = await db
      .insert(thematics)
      .values({
        key: 'nutrition',
        slug: 'nutrition-sante',
        name: 'Nutrition et santé',
        color: '#009081',
        class: 'thematic-nutrition',
      })
      .returning();
    await db.insert(initiatives).values([
      {
        title: 'Légumes bio à la cantine',
        slug: 'legumes-bio-a-la-cantine',
        summary: '<p>Des produits <strong>locaux</strong> servis aux élèves.</p>',
        thematicId: thematic!.id,
        latitude: 44.8378,
        longitude: -0.5792,
        moderationStatus: 'published',
        technicalPartners: [{ partner: 'Mairie' }],
      },
      {
        title: 'Jardin partagé',
        slug: 'jardin-partage',
        summary: 'Un potager collectif.',
        thematicId: thematic!.id,
      },
    ]);

    const found = await db
      .select({ title: initiatives.title })
      .from(initiatives)
      .where(sql`${initiatives.searchVector} @@ ${ftsQuery('legume cantine')}`);
    expect(found).toEqual([{ title: 'Légumes bio à la cantine' }]);

    // Words of the summary (weight B) match too, accents and inflections ignored.
    const bySummary = await db
      .select({ title: initiatives.title })
      .from(initiatives)
      .where(sql`${initiatives.searchVector} @@ ${ftsQuery('eleve local')}`);
    expect(bySummary).toEqual([{ title: 'Légumes bio à la cantine' }]);

    // Title words rank above summary words.
    const [vector] = await rows<{ v: string }>(
      db,
      sql`SELECT search_vector::text AS v FROM initiatives WHERE slug = 'legumes-bio-a-la-cantine'`,
    );
    expect(vector?.v).toContain("'legum':1A");
    expect(vector?.v).toMatch(/'local':\d+B/);
    expect(vector?.v).not.toContain('strong');

    // Accent-insensitive substring search through the trigram expression.
    const bySubstring = await db
      .select({ title: initiatives.title })
      .from(initiatives)
      .where(sql`${unaccentLower(initiatives.title)} LIKE ${'%' + 'legumes bio' + '%'}`);
    expect(bySubstring).toHaveLength(1);

    // Bounding-box query of the map.
    const inBox = await db
      .select({ id: initiatives.id })
      .from(initiatives)
      .where(
        and(
          eq(initiatives.moderationStatus, 'published'),
          sql`${initiatives.latitude} BETWEEN 44 AND 45`,
          sql`${initiatives.longitude} BETWEEN -1 AND 0`,
        ),
      );
    expect(inBox).toHaveLength(1);
  });

  it('has trigram and full-text GIN indexes', async () => {
    const indexes = await rows<{ indexname: string; indexdef: string }>(
      db,
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
          AND (indexdef LIKE '%gin_trgm_ops%' OR indexname LIKE '%search_vector_idx')`,
    );
    const names = indexes.map((i) => i.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        'initiatives_title_trgm_idx',
        'food_procedures_title_trgm_idx',
        'posts_title_trgm_idx',
        'events_title_trgm_idx',
        'resources_name_trgm_idx',
        'contacts_society_name_trgm_idx',
        'communes_name_trgm_idx',
        ...[
          'initiatives',
          'food_procedures',
          'posts',
          'events',
          'resources',
          'faq_items',
          'glossary_entries',
          'contacts',
        ].map((table) => `${table}_search_vector_idx`),
      ]),
    );
    const trgm = indexes.find((i) => i.indexname === 'initiatives_title_trgm_idx');
    expect(trgm?.indexdef).toMatch(/USING gin .*gin_trgm_ops/);
  });

  it('indexes every foreign key column', async () => {
    const unindexed = await rows<{ fk: string }>(
      db,
      sql`SELECT c.conrelid::regclass::text || '.' || a.attname AS fk
          FROM pg_constraint c
          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
          WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
            AND NOT EXISTS (
              SELECT 1 FROM pg_index i
              WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1]
            )`,
    );
    expect(unindexed).toEqual([]);
  });

  it('keeps e-mails unique case-insensitively', async () => {
    await db.insert(users).values({ firstname: 'A', lastname: 'B', email: 'Membre@Exemple.fr' });
    await expect(
      db.insert(users).values({ firstname: 'C', lastname: 'D', email: 'membre@exemple.fr' }),
    ).rejects.toThrow();
  });

  it('allows one pending revision per item', async () => {
    await db.insert(revisions).values({ subjectType: 'post', subjectId: 1, payload: { a: 1 } });
    await expect(
      db.insert(revisions).values({ subjectType: 'post', subjectId: 1, payload: { a: 2 } }),
    ).rejects.toThrow();
    await db
      .insert(revisions)
      .values({ subjectType: 'post', subjectId: 1, payload: { a: 3 }, status: 'approved' });
  });
});
