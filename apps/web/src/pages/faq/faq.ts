import { MIN_DELAY_DETAIL_MS } from '@ad/contract';
import { apiQuery } from '../../lib/api-query.ts';
import type { FaqItem } from './faq-item.ts';

/** FAQ category (spec public-site §3): slug, name, order. */
export interface FaqCategory {
  slug: string;
  name: string;
  order: number;
}

/**
 * GET /api/faq (spec §7): the FAQ items (spec §3: slug, question, answer) grouped by category slug, and the categories in their
 * order (only those with questions).
 */
export interface FaqList {
  data: Record<string, FaqItem[]>;
  categories: FaqCategory[];
}

export const faqQuery = () =>
  apiQuery<FaqList>('/api/faq', {}, { minDelayMs: MIN_DELAY_DETAIL_MS });
