import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEMATICS } from '@ad/contract';
import { verifyPassword } from '../../platform/passwords.ts';
import type { Database } from '../client.ts';
import { createTestDatabase, type TestDatabase } from '../test-db.ts';
import { DEPARTEMENTS } from './content/taxonomies.ts';
import { DEMO_ACCOUNTS } from './content/site.ts';
import { seedDemoContent, seedReferenceData, seedScale } from './index.ts';
import { toIsoDate } from './util.ts';

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function countOf(db: Database, table: string, where = 'true'): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`),
  );
  return row?.n ?? -1;
}

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`demo seed (${engine})`, () => {
  let handle: TestDatabase;
  let db: Database;
  const now = new Date();
  const today = toIsoDate(now);

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = handle.db;
    await seedReferenceData(db);
    const result = await seedDemoContent(db, { now, demoAccounts: true });
    expect(result.skipped).toBe(false);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('loads the reference data, idempotently', async () => {
    const again = await seedReferenceData(db);
    expect(again).toEqual({
      thematics: 6,
      subthematics: 27,
      departements: 12,
      communes: 4293,
      communitiesOfCommunes: 156,
    });
    expect(await countOf(db, 'progress_statuses')).toBe(3);
    expect(await countOf(db, 'resource_types')).toBe(3);
    expect(await countOf(db, 'contact_us_thematics', 'id IN (4, 6, 999)')).toBe(3);
    expect(await countOf(db, 'contact_us_addresses')).toBeGreaterThan(0);
    expect(await countOf(db, 'communes', 'latitude IS NULL OR longitude IS NULL')).toBe(0);
    for (const t of THEMATICS) {
      const subs = await countOf(
        db,
        'subthematics s JOIN thematics t ON t.id = s.thematic_id',
        `t.key = '${t.key}'`,
      );
      expect(subs, t.key).toBeGreaterThanOrEqual(3);
    }
  });

  it('has the expected amounts of demo content', async () => {
    expect(await countOf(db, 'initiatives')).toBe(60);
    expect(await countOf(db, 'food_procedures')).toBe(10);
    expect(await countOf(db, 'food_procedures', 'is_pat')).toBeGreaterThanOrEqual(3);
    expect(await countOf(db, 'posts')).toBe(20);
    expect(await countOf(db, 'events')).toBe(20);
    expect(await countOf(db, 'contacts')).toBeGreaterThanOrEqual(30);
    expect(await countOf(db, 'resources')).toBe(25);
    expect(await countOf(db, 'glossary_entries')).toBe(30);
    expect(await countOf(db, 'faq_categories')).toBe(3);
    expect(await countOf(db, 'faq_items')).toBe(12);
    expect(await countOf(db, 'team_members')).toBe(4);
    const types = await rows<{ slug: string; n: number }>(
      db,
      sql`SELECT t.slug, count(*)::int AS n FROM resources r JOIN resource_types t ON t.id = r.type_id GROUP BY t.slug`,
    );
    expect(types.map((t) => t.slug).sort()).toEqual(['external_url', 'file', 'video']);
  });

  it('covers every theme and every département with a published initiative', async () => {
    const themes = await rows<{ key: string }>(
      db,
      sql`SELECT DISTINCT t.key FROM initiatives i JOIN thematics t ON t.id = i.thematic_id
          WHERE i.moderation_status = 'published'`,
    );
    expect(themes.map((t) => t.key).sort()).toEqual(THEMATICS.map((t) => t.key).sort());
    const deps = await rows<{ code: string }>(
      db,
      sql`SELECT DISTINCT departement_code AS code FROM initiatives WHERE moderation_status = 'published'`,
    );
    expect(deps.map((d) => d.code).sort()).toEqual(DEPARTEMENTS.map((d) => d.code).sort());
  });

  it('fills every detail field of the initiatives and places them in the region', async () => {
    const incomplete = await countOf(
      db,
      'initiatives',
      `summary IS NULL OR context IS NULL OR objectives IS NULL OR implementation_of_actions IS NULL
       OR keys_to_success IS NULL OR potential_brakes IS NULL OR prospects_for_future IS NULL
       OR originality_of_approach IS NULL OR nb_team_members IS NULL OR project_cost IS NULL
       OR released_at IS NULL OR progress_status_id IS NULL OR project_holder_type_id IS NULL
       OR area_of_influence_id IS NULL OR jsonb_array_length(website_urls) = 0
       OR latitude NOT BETWEEN 42.7 AND 47.3 OR longitude NOT BETWEEN -1.9 AND 2.7`,
    );
    expect(incomplete).toBe(0);
    expect(await countOf(db, 'initiatives', 'food_procedure_id IS NOT NULL')).toBeGreaterThan(15);
    expect(await countOf(db, 'initiatives', 'contact_id IS NOT NULL')).toBeGreaterThan(20);
    const withoutPlace = await countOf(
      db,
      'initiatives i',
      `NOT EXISTS (SELECT 1 FROM initiative_communes c WHERE c.initiative_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM initiative_communities_of_communes e WHERE e.initiative_id = i.id)`,
    );
    expect(withoutPlace).toBe(0);
  });

  it('has events before, around and after today, some spanning several days', async () => {
    expect(await countOf(db, 'events', `ended_at < '${today}'`)).toBeGreaterThan(0);
    expect(await countOf(db, 'events', `started_at > '${today}'`)).toBeGreaterThan(3);
    expect(
      await countOf(
        db,
        'events',
        `date_trunc('month', started_at) = date_trunc('month', '${today}'::date)`,
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(await countOf(db, 'events', 'ended_at > started_at')).toBeGreaterThan(2);
    expect(
      await countOf(db, 'events', `more_infos_type = 'post' AND post_id IS NOT NULL`),
    ).toBeGreaterThan(2);
  });

  it('creates the demo accounts with argon2id hashes', async () => {
    const accounts = await rows<{
      email: string;
      role: string;
      password_hash: string;
      contact_id: number | null;
    }>(db, sql`SELECT email, role, password_hash, contact_id FROM users ORDER BY id`);
    expect(accounts.map((a) => a.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    for (const demo of DEMO_ACCOUNTS) {
      const account = accounts.find((a) => a.email === demo.email);
      expect(account?.role).toBe(demo.role);
      expect(account?.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(account!.password_hash, demo.password)).toBe(true);
    }
    const member = accounts.find((a) => a.email === 'membre.structure@exemple.fr');
    const [institution] = await rows<{ society_name: string }>(
      db,
      sql`SELECT society_name FROM contacts WHERE id = ${member?.contact_id ?? 0}`,
    );
    expect(institution?.society_name).toBe('Association Les Jardins de Garonne');
  });

  it('gives the member with an institution published and pending items; everything else is published', async () => {
    const [member] = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM users WHERE email = 'membre.structure@exemple.fr'`,
    );
    for (const table of ['initiatives', 'posts', 'events', 'resources']) {
      expect(await countOf(db, table, `user_id = ${member!.id}`), table).toBeGreaterThan(0);
    }
    expect(
      await countOf(db, 'initiatives', `user_id = ${member!.id} AND moderation_status = 'pending'`),
    ).toBe(1);
    for (const table of [
      'initiatives',
      'food_procedures',
      'posts',
      'events',
      'resources',
      'contacts',
    ]) {
      const wrong = await countOf(
        db,
        table,
        `(moderation_status = 'published' AND published_at IS NULL)
         OR (moderation_status <> 'published' AND (user_id IS NULL OR user_id <> ${member!.id}))`,
      );
      expect(wrong, table).toBe(0);
    }
  });

  it('does nothing the second time', async () => {
    const again = await seedDemoContent(db, { now });
    expect(again.skipped).toBe(true);
    expect(await countOf(db, 'initiatives')).toBe(60);
  });
});

describe(`demo seed in production (${engine})`, () => {
  let handle: TestDatabase;
  const previous = process.env.NODE_ENV;

  beforeAll(async () => {
    handle = await createTestDatabase();
  });

  afterAll(async () => {
    process.env.NODE_ENV = previous;
    await handle?.close();
  });

  it('creates no demo account and no orphan pending item when NODE_ENV=production', async () => {
    process.env.NODE_ENV = 'production';
    await seedReferenceData(handle.db);
    const result = await seedDemoContent(handle.db);
    process.env.NODE_ENV = previous;
    expect(result.skipped).toBe(false);
    expect(await countOf(handle.db, 'users')).toBe(0);
    expect(await countOf(handle.db, 'initiatives', `moderation_status <> 'published'`)).toBe(0);
    expect(await countOf(handle.db, 'initiatives')).toBe(59);
  });

  it('adds a deterministic scale data set on top', async () => {
    const counts = await seedScale(handle.db, { initiatives: 400, seed: 7 });
    expect(counts).toEqual({
      initiatives: 400,
      foodProcedures: 20,
      contacts: 20,
      posts: 8,
      events: 8,
      resources: 8,
    });
    expect(await countOf(handle.db, 'initiatives')).toBe(459);
    expect(
      await countOf(
        handle.db,
        'initiatives',
        'latitude NOT BETWEEN 42.7 AND 47.3 OR longitude NOT BETWEEN -1.9 AND 2.7',
      ),
    ).toBe(0);
    expect(
      await countOf(
        handle.db,
        'initiatives i',
        `NOT EXISTS (SELECT 1 FROM initiative_subthematics s WHERE s.initiative_id = i.id)`,
      ),
    ).toBe(0);
  });
});

describe(`scale seed determinism (${engine})`, () => {
  let first: TestDatabase;
  let second: TestDatabase;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('generates the same data from the same seed', async () => {
    const fingerprint = async (handle: TestDatabase) => {
      await seedReferenceData(handle.db);
      await seedScale(handle.db, {
        initiatives: 100,
        seed: 42,
        now: new Date('2026-01-15T12:00:00Z'),
      });
      return rows<{ slug: string; latitude: number; thematic_id: number }>(
        handle.db,
        sql`SELECT slug, latitude, thematic_id FROM initiatives ORDER BY id`,
      );
    };
    const a = await fingerprint(first);
    const b = await fingerprint(second);
    expect(a).toHaveLength(100);
    expect(b).toEqual(a);
  });
});
