import { fr } from '../../lib/fr.ts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CONTACT_THEMATIC_IDEAS, HOME_FIRST_POSTS, HOME_LAST_POSTS, pathTo } from '@ad/contract';
import { Loader } from '../../app/loader.tsx';
import { usePageConfig } from '../../app/page-config.ts';
import { ArticleCard } from '../../features/posts/article-card.tsx';
import { isValidDay } from '../../features/events/calendar.ts';
import { EventsCalendar } from '../../features/events/events-calendar.tsx';
import { homeEventsQuery, homepageQuery, splitHomePosts } from './homepage.ts';
import './home-page.css';

const IDEAS_PATH = `${pathTo('contact-us')}?thematic=${CONTACT_THEMATIC_IDEAS}`;

/** The home page (spec public-site §2 'Home page'). */
export function HomePage() {
  const { appName } = usePageConfig();
  return (
    <>
      <section className="app-home-intro" aria-labelledby="home-title">
        <div className={fr.cx('fr-container', 'fr-py-6w')}>
          <h1 id="home-title">Agir ensemble pour une alimentation saine et durable</h1>
          <p className={fr.cx('fr-text--lead')}>
            {appName} fait connaître les initiatives et les démarches alimentaires de la Nouvelle-
            Aquitaine : producteurs, collectivités, associations, restauration… Découvrez ce qui se
            fait près de chez vous et faites connaître vos actions.
          </p>
          <ul
            className={fr.cx(
              'fr-btns-group',
              'fr-btns-group--inline-md',
              'fr-btns-group--icon-left',
            )}
          >
            <li>
              <Link
                to={pathTo('initiatives')}
                className={fr.cx('fr-btn', 'fr-icon-map-pin-2-line', 'fr-btn--icon-left')}
              >
                Découvrir les initiatives
              </Link>
            </li>
            <li>
              <Link
                to={pathTo('myaccount.dashboard')}
                className={fr.cx(
                  'fr-btn',
                  'fr-btn--secondary',
                  'fr-icon-add-circle-line',
                  'fr-btn--icon-left',
                )}
              >
                Ajouter mon initiative
              </Link>
            </li>
          </ul>
        </div>
      </section>

      <div className={fr.cx('fr-container', 'fr-my-6w')}>
        <LatestNews />
        <Agenda />
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-mt-6w')}>
          <HomeBlock
            id="home-network"
            title="Le réseau"
            text="Collectivités, associations, chambres consulaires, établissements de recherche : découvrez les partenaires de la plateforme et les acteurs de l'annuaire."
            links={[
              { to: pathTo('about'), label: 'Découvrir le réseau' },
              { to: pathTo('contacts'), label: "Consulter l'annuaire", secondary: true },
            ]}
          />
          <HomeBlock
            id="home-resources"
            title="Les ressources"
            text="Guides, vidéos et liens utiles pour agir en faveur d'une alimentation saine et durable."
            links={[
              { to: pathTo('resources'), label: 'Voir les ressources' },
              {
                to: pathTo('myaccount.resources.create'),
                label: 'Proposer une ressource',
                secondary: true,
              },
            ]}
          />
          <HomeBlock
            id="home-ideas"
            title="Boîte à idées"
            text="Une idée pour améliorer la plateforme, un contenu qui vous manque ? Dites-le nous."
            links={[{ to: IDEAS_PATH, label: 'Soumettre mon idée' }]}
          />
        </div>
      </div>
    </>
  );
}

function LatestNews() {
  const { data, isPending } = useQuery(homepageQuery());
  const { first, last } = splitHomePosts(data?.posts ?? [], HOME_FIRST_POSTS, HOME_LAST_POSTS);
  return (
    <section aria-labelledby="home-news">
      <h2 id="home-news">Les dernières actualités</h2>
      <Loader loading={isPending}>
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
          {first.map((post) => (
            <div key={post.id} className={fr.cx('fr-col-12', 'fr-col-md-6')}>
              <ArticleCard post={post} headingLevel="h3" />
            </div>
          ))}
        </div>
        {last.length > 0 && (
          <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-mt-1w')}>
            {last.map((post) => (
              <div key={post.id} className={fr.cx('fr-col-12', 'fr-col-md-4')}>
                <ArticleCard post={post} headingLevel="h3" />
              </div>
            ))}
          </div>
        )}
      </Loader>
      <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mt-3w')}>
        <li>
          <Link to={pathTo('posts')} className={fr.cx('fr-btn')}>
            Voir toutes les actualités
          </Link>
        </li>
        <li>
          <Link
            to={pathTo('myaccount.posts.create')}
            className={fr.cx('fr-btn', 'fr-btn--secondary')}
          >
            Proposer une actualité
          </Link>
        </li>
      </ul>
    </section>
  );
}

function Agenda() {
  const navigate = useNavigate();
  // Spec §4: posts load first, then events (the server's render carries both).
  const posts = useQuery(homepageQuery());
  const { data } = useQuery({ ...homeEventsQuery(), enabled: !posts.isPending });
  // Spec §4: the selected day comes from `day`; a day opens the agenda on it, the selected day
  // clicked again clears it.
  const [search, setSearch] = useSearchParams();
  const selectedDay = search.get('day');
  return (
    <section className={fr.cx('fr-mt-6w')} aria-labelledby="home-agenda">
      <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
        <div className={fr.cx('fr-col-12', 'fr-col-lg-6')}>
          <h2 id="home-agenda">L'agenda</h2>
          <p>
            Marchés de producteurs, formations, rencontres, journées portes ouvertes : les
            évènements des acteurs de l'alimentation saine et durable près de chez vous.
          </p>
          <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md', 'fr-mt-3w')}>
            <li>
              <Link to={pathTo('events')} className={fr.cx('fr-btn')}>
                Voir toutes les dates
              </Link>
            </li>
            <li>
              <Link
                to={pathTo('myaccount.events.create')}
                className={fr.cx('fr-btn', 'fr-btn--secondary')}
              >
                Proposer un évènement
              </Link>
            </li>
          </ul>
        </div>
        {/* The calendar is for large screens only (spec); the buttons are for everybody. */}
        <div className={fr.cx('fr-col-12', 'fr-col-lg-6')}>
          <div className="app-home-calendar">
            <EventsCalendar
              events={data?.events ?? []}
              today={data?.min_date}
              selectedDay={isValidDay(selectedDay) ? selectedDay : null}
              onSelectDay={(day) => {
                if (day) {
                  navigate(`${pathTo('events')}?day=${day}`);
                  return;
                }
                const next = new URLSearchParams(search);
                next.delete('day');
                setSearch(next, { preventScrollReset: true });
              }}
            />
          </div>
        </div>
      </div>
    </section>
  );
}

function HomeBlock(props: {
  id: string;
  title: string;
  text: string;
  links: { to: string; label: string; secondary?: boolean }[];
}) {
  return (
    <section className={fr.cx('fr-col-12', 'fr-col-md-4')} aria-labelledby={props.id}>
      <div className="app-home-block">
        <h2 id={props.id} className={fr.cx('fr-h4')}>
          {props.title}
        </h2>
        <p>{props.text}</p>
        <ul className={fr.cx('fr-btns-group', 'fr-btns-group--sm')}>
          {props.links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className={fr.cx('fr-btn', 'fr-btn--sm', link.secondary && 'fr-btn--secondary')}
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
