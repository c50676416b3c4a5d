import { MIN_DELAY_DETAIL_MS } from '@ad/contract';
import { apiQuery } from '../../lib/api-query.ts';

/** FAQ item, as GET /api/faq/{slug} returns it (spec public-site §3). */
export type FaqItem = {
  slug: string;
  question: string;
  /** Sanitised HTML (the team writes it in the back office). */
  answer: string;
};

export const faqItemQuery = (slug: string) =>
  apiQuery<{ data: FaqItem }>('/api/faq/:slug', { slug }, { minDelayMs: MIN_DELAY_DETAIL_MS });
