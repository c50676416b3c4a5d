import { Fragment, type ReactNode } from 'react';
import { fr } from '../../lib/fr.ts';
import { pathTo } from '@ad/contract';
import { Link } from 'react-router';
import { usePageConfig } from '../../app/page-config.ts';
import { htmlToText } from './html-to-text.ts';

const ETALAB_LICENCE_URL = 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/';

/** Legal notice: publisher, host, intellectual property, data licences, accessibility. */
export function LegalNoticePage() {
  const { appName, settings } = usePageConfig();
  const { publisher, host, helpPhone } = settings;
  const tileAttribution = htmlToText(settings.tileAttribution);

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <div className={fr.cx('fr-grid-row')}>
        <div className={fr.cx('fr-col-12', 'fr-col-lg-10')}>
          <h1>Mentions légales</h1>
          <p className={fr.cx('fr-text--lead')}>
            Le site {appName} est la plateforme régionale des initiatives pour une alimentation
            saine et durable en Nouvelle-Aquitaine.
          </p>

          <h2>Éditeur</h2>
          <Lines
            lines={[
              'Le site est édité par :',
              publisher.name,
              publisher.address,
              publisher.director &&
                `Directeur ou directrice de la publication : ${publisher.director}`,
              publisher.email && (
                <>
                  Adresse électronique :{' '}
                  <a className={fr.cx('fr-link')} href={`mailto:${publisher.email}`}>
                    {publisher.email}
                  </a>
                </>
              ),
            ]}
          />

          <h2>Hébergement</h2>
          <Lines
            lines={[
              'Le site est hébergé par :',
              host.name,
              host.address,
              host.phone && (
                <>
                  Téléphone : <a href={telHref(host.phone)}>{host.phone}</a>
                </>
              ),
            ]}
          />

          <h2>Propriété intellectuelle</h2>
          <p>
            Sauf mention contraire, les textes rédigés par l'éditeur pour ce site peuvent être
            reproduits librement, à condition d'en citer la source ({appName}) et de ne pas en
            altérer le sens. Cette autorisation ne s'étend pas aux logos, photographies,
            illustrations et documents, qui restent la propriété de leurs auteurs.
          </p>
          <p>
            Les contenus proposés par les membres (descriptions d'initiatives et de démarches,
            actualités, évènements, ressources, logos et images) sont publiés sous la responsabilité
            de leurs auteurs, qui déclarent disposer des droits nécessaires à leur diffusion.
            L'équipe d'animation se réserve le droit de retirer tout contenu contraire à la loi ou à
            l'objet de la plateforme.
          </p>
          <p>
            La marque de l'État (bloc Marianne) et les logos des partenaires ne peuvent être
            reproduits sans l'autorisation de leurs titulaires.
          </p>

          <h2>Données géographiques</h2>
          <p>
            Les contours et les noms des régions, départements et communes utilisés par la carte et
            les filtres sont issus de données publiques réutilisées sous la{' '}
            <a
              className={fr.cx('fr-link')}
              href={ETALAB_LICENCE_URL}
              target="_blank"
              rel="noopener noreferrer"
              title="Licence Ouverte / Open Licence version 2.0 d'Etalab - nouvelle fenêtre"
            >
              Licence Ouverte / Open Licence version 2.0 d'Etalab
            </a>
            .
          </p>
          <p>
            « Sources : INSEE, DGCL, La Poste via @etalab/decoupage-administratif 6.0.0 ; IGN Admin
            Express COG 2018 via gregoiredavid/france-geojson. »
          </p>

          <h2>Fonds de carte</h2>
          <p>
            Les fonds de carte sont fournis par un service de tuiles cartographiques tiers
            {tileAttribution ? <> : {tileAttribution}</> : null}. Lorsque les tuiles ne peuvent pas
            être chargées, la carte reste utilisable : les marqueurs et les contours restent
            affichés.
          </p>

          <h2>Liens hypertextes</h2>
          <p>
            Le site contient des liens vers d'autres sites, notamment ceux des porteurs
            d'initiatives et des partenaires. L'éditeur n'exerce aucun contrôle sur ces sites et
            décline toute responsabilité quant à leur contenu.
          </p>
          <p>
            Tout site public ou privé peut faire un lien vers les pages de ce site sans autorisation
            préalable. Les pages ne doivent toutefois pas être intégrées à l'intérieur des pages
            d'un autre site.
          </p>

          <h2>Données personnelles et cookies</h2>
          <p>
            Le traitement de vos données personnelles et l'usage des cookies sont décrits dans la{' '}
            <Link to={pathTo('confidentiality')} className={fr.cx('fr-link')}>
              politique de confidentialité
            </Link>
            .
          </p>

          <h2>Accessibilité</h2>
          <p>
            <strong>Accessibilité : partiellement conforme.</strong>
          </p>
          <p>
            Le site s'appuie sur le système de design de l'État (DSFR) et vise le respect du
            référentiel général d'amélioration de l'accessibilité (RGAA). Il est à ce jour
            partiellement conforme : certains contenus proposés par les membres, comme les documents
            téléchargeables ou la carte interactive, peuvent ne pas être totalement accessibles. Les
            initiatives de la carte sont également consultables sous forme de liste.
          </p>
          <p>
            Si vous n'arrivez pas à accéder à un contenu ou à un service, écrivez-nous au moyen du
            formulaire de contact : nous vous orienterons vers une alternative accessible ou vous
            transmettrons le contenu sous une autre forme. Si vous constatez un défaut
            d'accessibilité et n'obtenez pas de réponse satisfaisante, vous pouvez saisir le{' '}
            <a
              className={fr.cx('fr-link')}
              href="https://www.defenseurdesdroits.fr/"
              target="_blank"
              rel="noopener noreferrer"
              title="Défenseur des droits - nouvelle fenêtre"
            >
              Défenseur des droits
            </a>
            .
          </p>

          <h2>Nous contacter</h2>
          <p>
            Pour toute question sur le site ou son contenu, utilisez le formulaire{' '}
            <Link to={pathTo('contact-us')} className={fr.cx('fr-link')}>
              Nous contacter
            </Link>
            {helpPhone ? (
              <>
                {' '}
                ou appelez le <a href={telHref(helpPhone)}>{helpPhone}</a>
              </>
            ) : null}
            .
          </p>
        </div>
      </div>
    </div>
  );
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A paragraph of line-separated entries; empty settings are left out. */
function Lines({ lines }: { lines: ReactNode[] }) {
  const present = lines.filter((line) => line !== '' && line !== null && line !== undefined);
  return (
    <p>
      {present.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </p>
  );
}
