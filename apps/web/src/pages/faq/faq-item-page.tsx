import { fr } from '../../lib/fr.ts';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { pathTo } from '@ad/contract';
import { Loader } from '../../app/loader.tsx';
import { useRouteItem } from '../../app/route-item.tsx';
import { ItemLoadError, useMissingItemShows404 } from '../../app/item-page-errors.tsx';
import { faqItemQuery } from './faq-item.ts';

/** One question of the FAQ (spec public-site §2): question, answer, 'Retour à la FAQ'. */
export function FaqItemPage() {
  const { slug = '' } = useParams();
  const { data, error } = useQuery({ ...faqItemQuery(slug), select: (response) => response.data });
  // The question fills the title and the breadcrumb (route ':question').
  useRouteItem(data);

  const missing = useMissingItemShows404(error);
  if (error && !missing) {
    return (
      <ItemLoadError heading="Foire aux questions" error={error}>
        <p>
          <Link to={pathTo('faq')} className={fr.cx('fr-link')}>
            Retour à la FAQ
          </Link>
        </p>
      </ItemLoadError>
    );
  }
  if (!data) return <Loader />;
  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <article className={fr.cx('fr-grid-row')}>
        <div className={fr.cx('fr-col-12', 'fr-col-lg-8')}>
          <h1>{data.question}</h1>
          {/* Sanitised on the server when the team saves it. */}
          <div dangerouslySetInnerHTML={{ __html: data.answer }} />
          <p className={fr.cx('fr-mt-4w')}>
            <Link
              to={pathTo('faq')}
              className={fr.cx('fr-link', 'fr-icon-arrow-left-line', 'fr-link--icon-left')}
            >
              Retour à la FAQ
            </Link>
          </p>
        </div>
      </article>
    </div>
  );
}
