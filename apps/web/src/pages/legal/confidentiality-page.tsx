import { fr } from '../../lib/fr.ts';
import {
  COOKIES,
  RETENTION_AUDIENCE_MONTHS,
  RETENTION_SUBMITTED_DATA_YEARS,
  pathTo,
} from '@ad/contract';
import { Link } from 'react-router';
import { usePageConfig } from '../../app/page-config.ts';
import { ScrollableTable } from './scrollable-table.tsx';

const CNIL_COMPLAINT_URL = 'https://www.cnil.fr/fr/adresser-une-plainte';
/** Name of the session cookie in COOKIES, whose duration comes from the settings. */
const SESSION_COOKIE = 'ad_session';

function plural(count: number, word: string): string {
  return `${count} ${word}${count > 1 ? 's' : ''}`;
}

/**
 * Idle lifetime of the session cookie in words: 120 -> '2 heures sans activité',
 * 90 -> '1 h 30 sans activité', 45 -> '45 minutes sans activité'.
 */
export function sessionDuration(minutes: number): string {
  const total = Math.max(1, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  let text: string;
  if (hours === 0) text = plural(rest, 'minute');
  else if (rest === 0) text = plural(hours, 'heure');
  else text = `${hours} h ${String(rest).padStart(2, '0')}`;
  return `${text} sans activité`;
}

/** Privacy policy (spec public-site §9: retention periods, under-16s, cookies). */
export function ConfidentialityPage() {
  const { appName, settings } = usePageConfig();
  const { publisher, host } = settings;
  const submittedRetention = `${RETENTION_SUBMITTED_DATA_YEARS} ans après leur publication`;
  const audienceRetention = `${RETENTION_AUDIENCE_MONTHS} mois`;

  // Audience cookies are only set when a measurement tool is enabled and the visitor accepted it.
  const audienceLegalBasis = settings.cookieConsentEnabled
    ? 'Votre consentement (article 6-1-a du RGPD), recueilli par le gestionnaire de cookies du site et retirable à tout moment'
    : 'Votre consentement (article 6-1-a du RGPD), retirable à tout moment';
  const cookies = COOKIES.map((cookie) =>
    cookie.name === SESSION_COOKIE
      ? {
          ...cookie,
          duration: `${sessionDuration(settings.sessionLifetimeMinutes)} ; ${settings.sessionRememberDays} jours avec « Se souvenir de moi »`,
        }
      : cookie,
  );

  const purposes: [string, string, string][] = [
    [
      'Gestion des comptes des membres : inscription, connexion, informations personnelles et structure',
      'Civilité, nom, prénom, fonction, adresse électronique, mot de passe (chiffré), structure de rattachement',
      "Exécution d'une mission d'intérêt public (article 6-1-e du RGPD)",
    ],
    [
      'Publication des initiatives, démarches, actualités, évènements et ressources, et leur modération',
      'Contenus proposés, coordonnées des référents et des structures, logos, images et documents joints',
      "Exécution d'une mission d'intérêt public (article 6-1-e du RGPD)",
    ],
    [
      "Traitement des formulaires de contact (formulaire «\u00a0Nous contacter\u00a0», message au référent d'une initiative)",
      'Nom, prénom, adresse électronique, objet et contenu du message',
      "Exécution d'une mission d'intérêt public (article 6-1-e du RGPD)",
    ],
    [
      "Envoi par courriel des rapports d'initiatives demandés depuis la carte",
      'Adresse électronique, critères de recherche choisis',
      "Exécution d'une mission d'intérêt public (article 6-1-e du RGPD)",
    ],
    [
      "Envoi de la lettre d'information",
      'Adresse électronique',
      'Votre consentement (article 6-1-a du RGPD), retirable à tout moment',
    ],
    [
      "Mesure d'audience du site, uniquement lorsqu'elle est activée et que vous l'avez acceptée",
      'Données de navigation : pages consultées, date et durée de la visite, type de terminal et de navigateur, adresse IP tronquée',
      audienceLegalBasis,
    ],
  ];

  const retention: [string, string][] = [
    [
      'Données et contenus soumis par les membres (comptes, initiatives, démarches, actualités, évènements, ressources)',
      submittedRetention,
    ],
    ['Messages envoyés par les formulaires de contact et demandes de rapport', submittedRetention],
    ["Adresse d'inscription à la lettre d'information", "Jusqu'à votre désinscription"],
    ["Données de mesure d'audience", audienceRetention],
  ];

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <div className={fr.cx('fr-grid-row')}>
        <div className={fr.cx('fr-col-12', 'fr-col-lg-10')}>
          <h1>Politique de confidentialité</h1>
          <p className={fr.cx('fr-text--lead')}>
            Cette page explique quelles données personnelles le site {appName} collecte, pourquoi,
            pendant combien de temps, et comment exercer vos droits.
          </p>
          <p>
            Les traitements décrits ici respectent le règlement (UE) 2016/679 du 27 avril 2016
            relatif à la protection des données (RGPD) et la loi n° 78-17 du 6 janvier 1978 relative
            à l'informatique, aux fichiers et aux libertés.
          </p>

          <h2>Responsable de traitement</h2>
          <p>
            Le responsable des traitements est l'éditeur du site :{' '}
            {[publisher.name, publisher.address].filter(Boolean).join(', ')}.
            {publisher.email && (
              <>
                <br />
                Pour toute question relative à vos données, y compris pour joindre le délégué à la
                protection des données, écrivez à{' '}
                <a className={fr.cx('fr-link')} href={`mailto:${publisher.email}`}>
                  {publisher.email}
                </a>
                .
              </>
            )}
          </p>

          <h2>Finalités, données traitées et bases légales</h2>
          <ScrollableTable
            caption="Finalités des traitements de données personnelles"
            headers={['Finalité', 'Données traitées', 'Base légale']}
            data={purposes}
            bordered
          />
          <p>
            Les formulaires ouverts à tous sont protégés contre les envois automatisés par un
            dispositif anti-robot
            {settings.captchaProvider === 'recaptcha'
              ? ' (Google reCAPTCHA, qui traite des données techniques de votre navigateur)'
              : " hébergé par l'éditeur, qui ne transmet aucune donnée à un tiers"}
            .
          </p>
          <p>
            Aucune décision automatisée ni aucun profilage n'est réalisé à partir de vos données.
          </p>

          <h2>Destinataires des données</h2>
          <p>Vos données sont accessibles uniquement :</p>
          <ul>
            <li>à l'équipe d'animation et de modération de la plateforme, pour ses missions ;</li>
            <li>
              aux référents des initiatives et des démarches, pour les messages qui leur sont
              adressés ;
            </li>
            <li>
              à l'hébergeur du site{host.name ? ` (${host.name})` : ''} et, pour la lettre
              d'information, au prestataire d'envoi de courriels, qui agissent comme sous-traitants
              et pour le seul compte de l'éditeur.
            </li>
          </ul>
          <p>
            Les contenus publiés (initiatives, démarches, actualités, évènements, ressources) et les
            informations qu'ils contiennent sont visibles par tous les visiteurs du site. Aucune
            donnée n'est vendue ni cédée à des fins commerciales.
          </p>

          <h2>Durées de conservation</h2>
          <ScrollableTable
            caption="Durées de conservation des données"
            headers={['Données', 'Durée de conservation']}
            data={retention}
            bordered
          />

          <h2>Sécurité</h2>
          <p>
            Les échanges avec le site sont chiffrés, les mots de passe sont stockés sous une forme
            chiffrée irréversible et l'accès aux données est réservé aux personnes habilitées.
          </p>

          <h2>Vos droits</h2>
          <p>Vous disposez sur vos données des droits suivants :</p>
          <ul>
            <li>droit d'accès ;</li>
            <li>droit de rectification ;</li>
            <li>droit à l'effacement ;</li>
            <li>droit d'opposition et droit à la limitation du traitement ;</li>
            <li>
              droit de retirer votre consentement à tout moment, pour les traitements qui reposent
              sur celui-ci.
            </li>
          </ul>
          <p>
            Si vous avez un compte, vous pouvez modifier vos informations depuis la page
            «&nbsp;Informations personnelles&nbsp;» de votre espace. Pour exercer vos autres droits,{' '}
            {publisher.email && (
              <>
                écrivez à{' '}
                <a className={fr.cx('fr-link')} href={`mailto:${publisher.email}`}>
                  {publisher.email}
                </a>{' '}
                ou{' '}
              </>
            )}
            utilisez le formulaire{' '}
            <Link to={pathTo('contact-us')} className={fr.cx('fr-link')}>
              Nous contacter
            </Link>
            . Une réponse vous sera apportée dans un délai d'un mois.
          </p>
          <p>
            Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous
            pouvez adresser une réclamation à la Commission nationale de l'informatique et des
            libertés (
            <a
              className={fr.cx('fr-link')}
              href={CNIL_COMPLAINT_URL}
              target="_blank"
              rel="noopener noreferrer"
              title="Adresser une plainte à la CNIL - nouvelle fenêtre"
            >
              CNIL
            </a>
            ).
          </p>

          <h2>Mineurs</h2>
          <p>
            Le site n'est pas destiné aux enfants de moins de 16 ans, qui ne font pas partie de son
            public cible : ils ne doivent pas y créer de compte ni y transmettre de données
            personnelles.
          </p>

          <h2>Cookies</h2>
          <p>
            Un cookie est un petit fichier déposé sur votre terminal lors de la visite d'un site.
            Les cookies de session et de sécurité sont indispensables au fonctionnement du site et
            ne peuvent pas être désactivés.
            {settings.cookieConsentEnabled
              ? ' Vos choix en matière de cookies sont conservés dans le stockage local de votre navigateur, et non dans un cookie.'
              : ''}
          </p>
          <p>
            Les cookies de mesure d'audience servent à établir des statistiques de fréquentation.
            Ils ne sont déposés que si une mesure d'audience est activée sur le site et que vous
            l'avez acceptée
            {settings.cookieConsentEnabled
              ? ' ; vous pouvez modifier votre choix à tout moment grâce au lien «\u00a0Gestion des cookies\u00a0» en bas de page'
              : ''}
            .
          </p>
          <ScrollableTable
            caption="Cookies et stockage local utilisés par le site"
            headers={['Nom', 'Type de stockage', 'Finalité', 'Durée de conservation']}
            data={cookies.map((cookie) => [
              <code key="name">{cookie.name}</code>,
              cookie.storage,
              cookie.purpose,
              cookie.duration,
            ])}
            bordered
          />
          <p>
            Vous pouvez également supprimer les cookies ou en bloquer le dépôt depuis les réglages
            de votre navigateur.
          </p>
        </div>
      </div>
    </div>
  );
}
