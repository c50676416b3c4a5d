import { eq } from 'drizzle-orm';
import {
  TEAM_CONTENT_MESSAGES,
  type GlossaryEntryInput,
  type GlossaryEntryRow,
  type TeamContentDeleteResponse,
  type TeamContentList,
  type TeamContentWriteResponse,
} from '@ad/contract/account/team-content';
import type { DbOrTx } from '../../db/client.ts';
import { glossaryEntries } from '../../db/schema/content.ts';
import { freeSlug } from '../../platform/ordered-rows.ts';
import { compareGlossaryTitles } from '../glossary/glossary.presenter.ts';
import {
  assertTextFree,
  audit,
  changeRunner,
  found,
  removeEntry,
  titleChange,
  written,
  type Actor,
  type EntryKind,
  type TeamContentDeps,
} from './team-content-shared.ts';

const columns = {
  id: glossaryEntries.id,
  title: glossaryEntries.title,
  definition: glossaryEntries.definition,
};

async function loadEntry(db: DbOrTx, id: number): Promise<GlossaryEntryRow> {
  const [row] = await db.select(columns).from(glossaryEntries).where(eq(glossaryEntries.id, id));
  return found(row);
}

const ENTRY: EntryKind<GlossaryEntryRow> = {
  lock: 'glossary',
  subject: 'glossary',
  screen: 'glossary',
  load: loadEntry,
  title: (row) => row.title,
};

const assertTitleFree = (db: DbOrTx, title: string, exceptId: number | null) =>
  assertTextFree(
    db,
    'glossary_entries',
    'title',
    title,
    exceptId,
    TEAM_CONTENT_MESSAGES.glossaryTitleTaken,
  );

/**
 * The glossary (/glossaire): terms and their plain-text definitions, listed in the public page's
 * French order. The slug is made when a term is added and kept (the seed finds terms by it).
 */
export function glossaryAdmin(deps: TeamContentDeps & { db: DbOrTx }) {
  const { db } = deps;
  const change = changeRunner(deps);
  return {
    async list(): Promise<TeamContentList<GlossaryEntryRow>> {
      const rows = await db.select(columns).from(glossaryEntries);
      rows.sort((a, b) => compareGlossaryTitles(a.title, b.title) || a.id - b.id);
      return { data: rows };
    },

    async create(
      input: GlossaryEntryInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<GlossaryEntryRow>> {
      const entry = await change('glossary', async ({ tx }) => {
        await assertTitleFree(tx, input.title, null);
        const slug = await freeSlug(tx, 'glossary_entries', input.title, 'terme');
        const [row] = await tx
          .insert(glossaryEntries)
          .values({ slug, title: input.title, definition: input.definition })
          .returning(columns);
        await audit(tx, actor, 'glossary', 'create', row!.id, { title: row!.title });
        return row!;
      });
      return written(ENTRY, entry, 'ajouté');
    },

    async update(
      id: number,
      input: GlossaryEntryInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<GlossaryEntryRow>> {
      const entry = await change('glossary', async ({ tx }) => {
        const before = await loadEntry(tx, id);
        await assertTitleFree(tx, input.title, id);
        const [row] = await tx
          .update(glossaryEntries)
          .set({ title: input.title, definition: input.definition })
          .where(eq(glossaryEntries.id, id))
          .returning(columns);
        await audit(tx, actor, 'glossary', 'update', id, titleChange(before.title, row!.title));
        return row!;
      });
      return written(ENTRY, entry, 'modifié');
    },

    remove(id: number, actor: Actor): Promise<TeamContentDeleteResponse> {
      return removeEntry(change, ENTRY, id, actor, async ({ tx }) => {
        await tx.delete(glossaryEntries).where(eq(glossaryEntries.id, id));
      });
    },
  };
}
