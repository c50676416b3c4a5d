import { asc, eq } from 'drizzle-orm';
import { faqCategories, faqItems } from '../../db/schema/content.ts';
import type { AppDatabase } from '../../platform/database.ts';

export async function findFaqItem(db: AppDatabase, slug: string) {
  const [row] = await db
    .select({ slug: faqItems.slug, question: faqItems.question, answer: faqItems.answer })
    .from(faqItems)
    .where(eq(faqItems.slug, slug))
    .limit(1);
  return row ?? null;
}

export type FaqItemRow = NonNullable<Awaited<ReturnType<typeof findFaqItem>>>;

/**
 * Every FAQ item with its category, in one query, categories by position then questions by
 * position. The inner join leaves out the categories without questions.
 */
export function listFaqQuestions(db: AppDatabase) {
  return db
    .select({
      categorySlug: faqCategories.slug,
      categoryName: faqCategories.name,
      categoryPosition: faqCategories.position,
      slug: faqItems.slug,
      question: faqItems.question,
      answer: faqItems.answer,
    })
    .from(faqItems)
    .innerJoin(faqCategories, eq(faqCategories.id, faqItems.categoryId))
    .orderBy(
      asc(faqCategories.position),
      asc(faqCategories.id),
      asc(faqItems.position),
      asc(faqItems.id),
    );
}

export type FaqListRow = Awaited<ReturnType<typeof listFaqQuestions>>[number];
