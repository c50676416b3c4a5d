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

/** schema.org FAQPage of questions and their answers (the page's JSON-LD). */
export function faqPageJsonLd(items: Pick<FaqItem, 'question' | 'answer'>[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
