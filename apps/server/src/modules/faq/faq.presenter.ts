import { z } from 'zod';
import type { FaqItemRow, FaqListRow } from './faq.queries.ts';

/** FAQ item (spec public-site §3): slug, question, answer (sanitised HTML). */
export const faqItemSchema = z.object({
  slug: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export function presentFaqItem(row: FaqItemRow): FaqItem {
  return { slug: row.slug, question: row.question, answer: row.answer };
}

/** FAQ category (spec public-site §3): slug, name, order (its position). */
export const faqCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  order: z.number().int(),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

/** GET /api/faq (spec §7): `data` grouped by category slug, and the `categories` in order. */
export const faqListSchema = z.object({
  data: z.record(z.string(), z.array(faqItemSchema)),
  categories: z.array(faqCategorySchema),
});
export type FaqList = z.infer<typeof faqListSchema>;

/**
 * Rows come ordered by category then question (listFaqQuestions). Clients read the order from
 * `categories`: an object's keys would not keep it for a slug such as '2024'.
 */
export function presentFaqList(rows: readonly FaqListRow[]): FaqList {
  const groups = new Map<string, FaqItem[]>();
  const categories: FaqCategory[] = [];
  for (const row of rows) {
    let questions = groups.get(row.categorySlug);
    if (!questions) {
      groups.set(row.categorySlug, (questions = []));
      categories.push({
        slug: row.categorySlug,
        name: row.categoryName,
        order: row.categoryPosition,
      });
    }
    questions.push(presentFaqItem(row));
  }
  return { data: Object.fromEntries(groups), categories };
}
