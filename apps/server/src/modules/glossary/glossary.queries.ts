import { asc } from 'drizzle-orm';
import { glossaryEntries } from '../../db/schema/content.ts';
import type { AppDatabase } from '../../platform/database.ts';

/**
 * Every entry of the glossary, in one query (the page shows them all, grouped by letter). The
 * French order is applied by the presenter with `Intl.Collator`, the same whatever the database's
 * collation (PGlite and PostgreSQL servers differ there).
 */
export function listGlossaryEntries(db: AppDatabase) {
  return db
    .select({
      id: glossaryEntries.id,
      title: glossaryEntries.title,
      definition: glossaryEntries.definition,
    })
    .from(glossaryEntries)
    .orderBy(asc(glossaryEntries.id));
}

export type GlossaryEntryRow = Awaited<ReturnType<typeof listGlossaryEntries>>[number];
