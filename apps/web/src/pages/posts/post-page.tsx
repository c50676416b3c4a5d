import { useEffect } from 'react';
import { fr } from '../../lib/fr.ts';
import { useQuery } from '@tanstack/react-query';
import { useNavigationType, useParams } from 'react-router';
import { Loader } from '../../app/loader.tsx';
import { useRouteItem } from '../../app/route-item.tsx';
import { useMissingItemShows404 } from '../../app/item-page-errors.tsx';
import { ArticleCard } from '../../features/posts/article-card.tsx';
import { postQuery } from '../../features/posts/posts.ts';
import { PostArticleBody } from './post-article.tsx';

/**
 * A post (spec public-site §2, News detail): title, category, last modification, the optional
 * event, description, image, 'En savoir plus' and 'Ces actualités peuvent vous intéresser...'.
 * A post missing or failing to load leads to the 404 page (spec §8).
 */
export function PostPage() {
  const { slug = '' } = useParams();
  const { data: response, error } = useQuery(postQuery(slug));
  const post = response?.post;
  // The title and description fill the head and the breadcrumb (route ':title').
  useRouteItem(post);

  // Another post opened from this one (a related post): the frame scrolls to the top only on a
  // change of route, and this page is mounted again for each post, so it does it itself.
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'PUSH') window.scrollTo({ top: 0 });
  }, [navigationType, slug]);

  // Spec §8: a post not found or failing to load leads to the 404 page.
  // A post already shown stays when a later refetch fails.
  useMissingItemShows404(response ? null : error, { anyError: true });
  if (!post || !response) return <Loader />;

  const related = response.related_posts;
  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <article className={fr.cx('fr-grid-row', 'fr-grid-row--center')}>
        <div className={fr.cx('fr-col-12', 'fr-col-lg-10', 'fr-col-xl-8')}>
          <PostArticleBody post={post} />
        </div>
      </article>

      {related.length > 0 && (
        <section className={fr.cx('fr-mt-8w')} aria-labelledby="related-posts">
          <h2 id="related-posts">Ces actualités peuvent vous intéresser...</h2>
          <ul className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-raw-list')}>
            {related.map((item) => (
              <li key={item.id} className={fr.cx('fr-col-12', 'fr-col-md-4')}>
                <ArticleCard post={item} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
