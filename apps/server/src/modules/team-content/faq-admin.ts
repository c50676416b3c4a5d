import { asc, count, eq } from 'drizzle-orm';
import { pathTo } from '@ad/contract';
import {
  faqCategoryInUseMessage,
  TEAM_CONTENT_MESSAGES,
  type FaqCategoryInput,
  type FaqCategoryRow,
  type FaqItemInput,
  type FaqItemRow,
  type FaqItemsList,
  type TeamContentDeleteResponse,
  type TeamContentList,
  type TeamContentMoveInput,
  type TeamContentWriteResponse,
} from '@ad/contract/account/team-content';
import type { DbOrTx } from '../../db/client.ts';
import { faqCategories, faqItems } from '../../db/schema/content.ts';
import { HttpError, ValidationError } from '../../platform/errors.ts';
import { freeSlug } from '../../platform/ordered-rows.ts';
import { requiredMessage } from '../../platform/uploads/form-fields.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import {
  assertTextFree,
  audit,
  changeRunner,
  found,
  moveEntry,
  nextPosition,
  removeEntry,
  titleChange,
  written,
  type Actor,
  type EntryKind,
  type OrderedTable,
  type TeamContentDeps,
} from './team-content-shared.ts';

const CATEGORIES: OrderedTable = { table: 'faq_categories' };
const ITEMS: OrderedTable = { table: 'faq_items', group: 'category_id' };

const categoryColumns = {
  id: faqCategories.id,
  name: faqCategories.name,
  slug: faqCategories.slug,
  position: faqCategories.position,
};

async function listCategories(db: DbOrTx): Promise<FaqCategoryRow[]> {
  const rows = await db
    .select({ ...categoryColumns, items_count: count(faqItems.id) })
    .from(faqCategories)
    .leftJoin(faqItems, eq(faqItems.categoryId, faqCategories.id))
    .groupBy(faqCategories.id)
    .orderBy(asc(faqCategories.position), asc(faqCategories.id));
  return rows.map((row) => ({ ...row, items_count: Number(row.items_count) }));
}

async function loadCategory(db: DbOrTx, id: number): Promise<FaqCategoryRow> {
  return found((await listCategories(db)).find((row) => row.id === id));
}

function itemsQuery(db: DbOrTx) {
  return db
    .select({
      id: faqItems.id,
      category_id: faqItems.categoryId,
      category_name: faqCategories.name,
      question: faqItems.question,
      answer: faqItems.answer,
      slug: faqItems.slug,
      position: faqItems.position,
    })
    .from(faqItems)
    .innerJoin(faqCategories, eq(faqCategories.id, faqItems.categoryId))
    .$dynamic();
}

type ItemRecord = Awaited<ReturnType<ReturnType<typeof itemsQuery>['execute']>>[number];

const presentItem = (row: ItemRecord): FaqItemRow => ({
  ...row,
  url: pathTo('faq-item', { slug: row.slug }),
});

async function loadItem(db: DbOrTx, id: number): Promise<FaqItemRow> {
  const [row] = await itemsQuery(db).where(eq(faqItems.id, id));
  return presentItem(found(row));
}

const CATEGORY: EntryKind<FaqCategoryRow> = {
  lock: 'faq',
  subject: 'faq_category',
  screen: 'faq-categories',
  load: loadCategory,
  title: (row) => row.name,
};

const ITEM: EntryKind<FaqItemRow> = {
  lock: 'faq',
  subject: 'faq_item',
  screen: 'faq-items',
  load: loadItem,
  title: (row) => row.question,
};

const assertCategoryNameFree = (db: DbOrTx, name: string, exceptId: number | null) =>
  assertTextFree(
    db,
    'faq_categories',
    'name',
    name,
    exceptId,
    TEAM_CONTENT_MESSAGES.faqCategoryNameTaken,
  );

async function assertCategoryExists(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: faqCategories.id })
    .from(faqCategories)
    .where(eq(faqCategories.id, id));
  if (!row) throw new ValidationError({ category_id: [TEAM_CONTENT_MESSAGES.faqCategoryInvalid] });
}

/** The answer as it is stored: sanitised HTML, required to show some text. */
function cleanAnswer(html: string): string {
  const answer = sanitizeRichText(html);
  if (!answer) throw new ValidationError({ answer: [requiredMessage('réponse')] });
  return answer;
}

/**
 * The FAQ (/foire-aux-questions): categories and their questions, each in the order the team
 * sets. Slugs are made when an entry is added and kept on edits, so that the links to a question
 * stay valid. A category that still holds questions is not deleted (422): deleting it would take
 * its questions with it (the foreign key cascades), which nobody asked for.
 */
export function faqAdmin(deps: TeamContentDeps & { db: DbOrTx }) {
  const { db } = deps;
  const change = changeRunner(deps);
  return {
    async listCategories(): Promise<TeamContentList<FaqCategoryRow>> {
      return { data: await listCategories(db) };
    },

    async createCategory(
      input: FaqCategoryInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<FaqCategoryRow>> {
      const category = await change('faq', async ({ tx }) => {
        await assertCategoryNameFree(tx, input.name, null);
        const [row] = await tx
          .insert(faqCategories)
          .values({
            name: input.name,
            slug: await freeSlug(tx, 'faq_categories', input.name, 'categorie'),
            position: await nextPosition(tx, CATEGORIES),
          })
          .returning({ id: faqCategories.id });
        await audit(tx, actor, 'faq_category', 'create', row!.id, { title: input.name });
        return loadCategory(tx, row!.id);
      });
      return written(CATEGORY, category, 'ajouté');
    },

    async updateCategory(
      id: number,
      input: FaqCategoryInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<FaqCategoryRow>> {
      const category = await change('faq', async ({ tx }) => {
        const before = await loadCategory(tx, id);
        await assertCategoryNameFree(tx, input.name, id);
        await tx.update(faqCategories).set({ name: input.name }).where(eq(faqCategories.id, id));
        await audit(tx, actor, 'faq_category', 'update', id, titleChange(before.name, input.name));
        return loadCategory(tx, id);
      });
      return written(CATEGORY, category, 'modifié');
    },

    removeCategory(id: number, actor: Actor): Promise<TeamContentDeleteResponse> {
      // Questions are written under the same lock: none can join the category meanwhile.
      return removeEntry(change, CATEGORY, id, actor, async ({ tx }, before) => {
        if (before.items_count > 0) {
          throw new HttpError(422, faqCategoryInUseMessage(before.name, before.items_count));
        }
        await tx.delete(faqCategories).where(eq(faqCategories.id, id));
      });
    },

    moveCategory(
      id: number,
      input: TeamContentMoveInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<FaqCategoryRow>> {
      return moveEntry(change, CATEGORY, CATEGORIES, id, input, actor);
    },

    async listItems(): Promise<FaqItemsList> {
      const [rows, categories] = await Promise.all([
        itemsQuery(db).orderBy(
          asc(faqCategories.position),
          asc(faqCategories.id),
          asc(faqItems.position),
          asc(faqItems.id),
        ),
        db
          .select({ id: faqCategories.id, name: faqCategories.name })
          .from(faqCategories)
          .orderBy(asc(faqCategories.position), asc(faqCategories.id)),
      ]);
      return { data: rows.map(presentItem), categories };
    },

    async createItem(
      input: FaqItemInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<FaqItemRow>> {
      const answer = cleanAnswer(input.answer);
      const item = await change('faq', async ({ tx }) => {
        await assertCategoryExists(tx, input.category_id);
        const [row] = await tx
          .insert(faqItems)
          .values({
            categoryId: input.category_id,
            question: input.question,
            answer,
            slug: await freeSlug(tx, 'faq_items', input.question, 'question'),
            position: await nextPosition(tx, ITEMS, input.category_id),
          })
          .returning({ id: faqItems.id });
        await audit(tx, actor, 'faq_item', 'create', row!.id, {
          title: input.question,
          category_id: input.category_id,
        });
        return loadItem(tx, row!.id);
      });
      return written(ITEM, item, 'ajouté');
    },

    /** A question moved to another category goes to the end of it. */
    async updateItem(
      id: number,
      input: FaqItemInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<FaqItemRow>> {
      const answer = cleanAnswer(input.answer);
      const item = await change('faq', async ({ tx }) => {
        const before = await loadItem(tx, id);
        await assertCategoryExists(tx, input.category_id);
        const moved = before.category_id !== input.category_id;
        await tx
          .update(faqItems)
          .set({
            categoryId: input.category_id,
            question: input.question,
            answer,
            ...(moved ? { position: await nextPosition(tx, ITEMS, input.category_id) } : {}),
          })
          .where(eq(faqItems.id, id));
        await audit(tx, actor, 'faq_item', 'update', id, {
          ...titleChange(before.question, input.question),
          ...(moved
            ? { category_id: input.category_id, previous_category_id: before.category_id }
            : {}),
        });
        return loadItem(tx, id);
      });
      return written(ITEM, item, 'modifié');
    },

    removeItem(id: number, actor: Actor): Promise<TeamContentDeleteResponse> {
      return removeEntry(
        change,
        ITEM,
        id,
        actor,
        async ({ tx }) => {
          await tx.delete(faqItems).where(eq(faqItems.id, id));
        },
        (before) => ({ category_id: before.category_id }),
      );
    },

    moveItem(
      id: number,
      input: TeamContentMoveInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<FaqItemRow>> {
      return moveEntry(change, ITEM, ITEMS, id, input, actor, (row) => row.category_id);
    },
  };
}
