import { z } from 'zod';
import type { FaqItemRow } from './faq.queries.ts';

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
