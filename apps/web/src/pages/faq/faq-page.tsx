import { fr } from '../../lib/fr.ts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import { Loader } from '../../app/loader.tsx';
import { EmptyResults } from '../../features/lists/pagination.tsx';
import type { FaqItem } from './faq-item.ts';
import { faqQuery, type FaqCategory } from './faq.ts';
import './faq-page.css';

/** The FAQ (spec public-site §2): one card per category, listing its questions (faq-item). */
export function FaqPage() {
  const { data, error } = useQuery(faqQuery());

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>Foire aux questions</h1>
      {error ? (
        <p role="alert">{error.message}</p>
      ) : !data ? (
        <Loader />
      ) : data.categories.length === 0 ? (
        <EmptyResults />
      ) : (
        <ul className={`${fr.cx('fr-grid-row', 'fr-grid-row--gutters')} app-faq-categories`}>
          {data.categories.map((category) => (
            <li key={category.slug} className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-col-lg-4')}>
              <CategoryCard category={category} questions={data.data[category.slug] ?? []} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CategoryCard({ category, questions }: { category: FaqCategory; questions: FaqItem[] }) {
  const titleId = `faq-${category.slug}`;
  // The DSFR card's markup: react-dsfr's Card puts `desc` in a <p>, which cannot hold a list.
  return (
    <section
      className={`${fr.cx('fr-card', 'fr-card--shadow')} app-faq-card`}
      aria-labelledby={titleId}
    >
      <div className={fr.cx('fr-card__body')}>
        <div className={fr.cx('fr-card__content')}>
          <h2 id={titleId} className={fr.cx('fr-card__title')}>
            {category.name}
          </h2>
          <ul className={`${fr.cx('fr-card__desc')} app-faq-card__questions`}>
            {questions.map((question) => (
              <li key={question.slug}>
                <Link to={pathTo('faq-item', { slug: question.slug })} className={fr.cx('fr-link')}>
                  {question.question}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
