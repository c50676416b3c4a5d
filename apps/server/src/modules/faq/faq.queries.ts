import { eq } from 'drizzle-orm';
import { faqItems } from '../../db/schema/content.ts';
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
