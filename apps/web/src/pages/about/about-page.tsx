import { fr } from '../../lib/fr.ts';
import { CallOut } from '@codegouvfr/react-dsfr/CallOut';
import { Card } from '@codegouvfr/react-dsfr/Card';
import { useQuery } from '@tanstack/react-query';
import { CONTACT_THEMATIC_IDEAS, THEMATICS, pathTo } from '@ad/contract';
import { Link } from 'react-router';
import { usePageConfig } from '../../app/page-config.ts';
import { Loader } from '../../app/loader.tsx';
import { mapFiltersQuery } from '../../features/maps/api.ts';
import { useInternalTeamMembers, type InternalTeamMember } from './team-members.ts';

const IDEAS_PATH = `${pathTo('contact-us')}?thematic=${CONTACT_THEMATIC_IDEAS}`;

const STAKES = [
  'économique',
  'environnemental',
  'santé',
  'solidarité et cohésion territoriale',
] as const;

/** Presentation of the platform, its partners and the coordination team (spec public-site §2, About). */
export function AboutPage() {
  const { appName } = usePageConfig();
  // The themes' names as the team set them (the server renders the page with them).
  const themes = useQuery(mapFiltersQuery()).data?.themes ?? THEMATICS;

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>À propos</h1>

      <p className={fr.cx('fr-text--lead')}>
        {appName} est un outil collaboratif régional et gratuit, au service de tous les acteurs de
        l'alimentation saine et durable en Nouvelle-Aquitaine : producteurs, transformateurs,
        collectivités, institutions, industriels, associations et restauration.
      </p>
      <p>
        La plateforme recense sur une carte interactive les initiatives et les démarches
        alimentaires menées sur le territoire régional. Elle les fait connaître, facilite la mise en
        relation de leurs porteurs et donne des idées à celles et ceux qui souhaitent agir à leur
        tour. Elle rassemble également des actualités, un agenda des évènements, un annuaire des
        contacts, des ressources documentaires, un glossaire et une foire aux questions.
      </p>

      <section className={fr.cx('fr-mt-6w')} aria-labelledby="about-definitions">
        <h2 id="about-definitions">Initiatives et démarches : de quoi parle-t-on ?</h2>
        <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
            <h3 className={fr.cx('fr-h4')}>Une initiative</h3>
            <p>Une initiative est une action :</p>
            <ul>
              <li>ancrée sur le territoire de la Nouvelle-Aquitaine ;</li>
              <li>qui s'adresse à un public délimité ;</li>
              <li>qui s'inscrit dans une thématique de l'alimentation ;</li>
              <li>
                qui répond à au moins 2 des 4 enjeux suivants : {STAKES.slice(0, -1).join(', ')} ou{' '}
                {STAKES[STAKES.length - 1]}.
              </li>
            </ul>
          </div>
          <div className={fr.cx('fr-col-12', 'fr-col-md-6')}>
            <h3 className={fr.cx('fr-h4')}>Une démarche alimentaire</h3>
            <p>
              Une démarche alimentaire est un projet territorial pluriannuel doté d'une gouvernance
              : un comité stratégique, qui en fixe les orientations, et un comité technique, qui en
              assure le suivi. Elle réunit plusieurs acteurs autour des 4 enjeux et se compose de
              plusieurs initiatives.
            </p>
            <p>
              Certaines démarches s'inscrivent dans un projet alimentaire territorial : elles sont
              signalées par la mention <abbr title="projet alimentaire territorial">PAT</abbr>.
            </p>
          </div>
        </div>
        <p className={fr.cx('fr-mt-2w')}>
          Initiatives et démarches sont classées selon six thématiques :{' '}
          {themes.map((thematic) => thematic.name.toLowerCase()).join(', ')}.
        </p>
      </section>

      <section className={fr.cx('fr-mt-6w')} aria-labelledby="about-initiators">
        <h2 id="about-initiators">Les initiateurs</h2>
        <p>
          La plateforme est née de la volonté commune de partenaires publics engagés en faveur d'une
          alimentation saine et durable pour toutes et tous en Nouvelle-Aquitaine :
        </p>
        <ul>
          <li>
            les services de l'État en région, notamment la direction régionale de l'alimentation, de
            l'agriculture et de la forêt (DRAAF) et la direction régionale de l'environnement, de
            l'aménagement et du logement (DREAL) Nouvelle-Aquitaine, ainsi que l'agence régionale de
            santé (ARS) Nouvelle-Aquitaine ;
          </li>
          <li>le Conseil régional de Nouvelle-Aquitaine ;</li>
          <li>l'Agence de la transition écologique (ADEME) ;</li>
          <li>des universités et des établissements d'enseignement supérieur et de recherche ;</li>
          <li>
            des organismes territoriaux : départements, intercommunalités, pays et pôles d'équilibre
            territorial et rural ;
          </li>
          <li>des têtes de réseau de l'alimentation et de l'agriculture.</li>
        </ul>
        <p>
          Ensemble, ils définissent les orientations de la plateforme et accompagnent son équipe
          d'animation.
        </p>
      </section>

      <section className={fr.cx('fr-mt-6w')} aria-labelledby="about-boosters">
        <h2 id="about-boosters">Les boosters</h2>
        <p>
          Les boosters font vivre la plateforme au plus près des territoires. Animateurs de projets
          alimentaires territoriaux, chargés de mission de collectivités, de chambres consulaires ou
          d'associations, ils repèrent les initiatives de leur secteur, accompagnent leurs porteurs
          dans la publication et veillent à ce que les informations restent à jour.
        </p>
        <p>
          Vous souhaitez devenir booster sur votre territoire ?{' '}
          <Link to={pathTo('contact-us')} className={fr.cx('fr-link')}>
            Contactez l'équipe d'animation
          </Link>
          .
        </p>
      </section>

      <section className={fr.cx('fr-mt-6w')} aria-labelledby="about-networks">
        <h2 id="about-networks">Les réseaux contributeurs</h2>
        <p>
          Des réseaux régionaux et nationaux enrichissent la plateforme de leurs actualités, de
          leurs évènements et de leurs ressources : réseaux d'agriculture biologique et paysanne, de
          circuits courts, de restauration collective, de lutte contre le gaspillage et la précarité
          alimentaires, d'éducation à l'alimentation et de l'économie sociale et solidaire.
        </p>
        <p>
          Leurs coordonnées figurent dans l'
          <Link to={pathTo('contacts')} className={fr.cx('fr-link')}>
            annuaire
          </Link>
          .
        </p>
      </section>

      <section className={fr.cx('fr-mt-6w')} aria-labelledby="about-everyone">
        <h2 id="about-everyone">Tous acteurs</h2>
        <p>
          Vous portez une initiative ou une démarche alimentaire en Nouvelle-Aquitaine ? Quelle que
          soit votre structure, vous pouvez la faire connaître sur la plateforme :
        </p>
        <ol>
          <li>
            <Link to={pathTo('register')} className={fr.cx('fr-link')}>
              créez votre compte
            </Link>{' '}
            ou{' '}
            <Link to={pathTo('login')} className={fr.cx('fr-link')}>
              connectez-vous
            </Link>{' '}
            ;
          </li>
          <li>
            depuis votre espace (menu «&nbsp;Mon espace&nbsp;», puis «&nbsp;Tableau de bord&nbsp;»),
            renseignez votre structure puis décrivez votre initiative : thématique, lieu, public
            visé et enjeux ;
          </li>
          <li>
            l'équipe d'animation relit votre proposition : elle apparaît sur la carte dès sa
            publication.
          </li>
        </ol>
        <p>
          Votre espace vous permet aussi de proposer des démarches, des actualités, des évènements
          pour l'agenda et des ressources.
        </p>
        <p>
          <Link to={pathTo('myaccount.dashboard')} className={fr.cx('fr-btn', 'fr-btn--secondary')}>
            Publier mon initiative
          </Link>
        </p>
      </section>

      <CallOut
        className={fr.cx('fr-mt-6w')}
        iconId="fr-icon-lightbulb-line"
        title="Une idée pour la plateforme ?"
        titleAs="h2"
        bodyAs="div"
      >
        <p>
          Une fonctionnalité qui vous manque, un contenu à ajouter, une piste d'amélioration ?
          Faites-nous part de vos idées : elles nous aident à faire évoluer l'outil.
        </p>
        <Link to={IDEAS_PATH} className={fr.cx('fr-btn', 'fr-mt-3w')}>
          Soumettre mon idée
        </Link>
      </CallOut>

      <TeamSection />

      <section className={fr.cx('fr-mt-6w')} aria-labelledby="about-faq">
        <h2 id="about-faq">Une question ?</h2>
        <p>
          Les réponses aux questions les plus fréquentes sur la plateforme et son fonctionnement
          sont rassemblées dans la{' '}
          <Link to={pathTo('faq')} className={fr.cx('fr-link')}>
            foire aux questions
          </Link>
          .
        </p>
      </section>
    </div>
  );
}

/** 'Vos contacts': rendered only when the team list is not empty. */
function TeamSection() {
  const { data: members, isPending } = useInternalTeamMembers();

  if (isPending) return <Loader />;
  if (!members || members.length === 0) return null;

  return (
    <section className={fr.cx('fr-mt-6w')} aria-labelledby="about-team">
      <h2 id="about-team">Vos contacts</h2>
      <p>L'équipe d'animation de la plateforme est à votre écoute.</p>
      <ul className={fr.cx('fr-grid-row', 'fr-grid-row--gutters', 'fr-raw-list')}>
        {members.map((member, index) => (
          <li
            key={`${member.name}-${index}`}
            className={fr.cx('fr-col-12', 'fr-col-md-6', 'fr-col-lg-4')}
          >
            <TeamMemberCard member={member} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TeamMemberCard({ member }: { member: InternalTeamMember }) {
  const common = {
    title: member.name,
    titleAs: 'h3' as const,
    detail: member.department ?? undefined,
    desc: member.description ?? undefined,
    className: fr.cx('fr-card--no-arrow'),
  };
  // The name is the card title, so the portrait is decorative (empty alt). The team is at the
  // bottom of the page: its portraits load when they come near the viewport.
  return member.avatar_url ? (
    <Card
      {...common}
      imageUrl={member.avatar_url}
      imageAlt=""
      nativeImgProps={{ loading: 'lazy', decoding: 'async' }}
    />
  ) : (
    <Card {...common} />
  );
}
