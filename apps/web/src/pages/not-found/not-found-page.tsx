import { fr } from '../../lib/fr.ts';
import TechnicalError from '@codegouvfr/react-dsfr/picto/TechnicalError';
import { pathTo } from '@ad/contract';
import { Link } from 'react-router';

/** 404 screen, laid out as the DSFR error page (text column + pictogram). */
export function NotFoundPage() {
  return (
    <div className={fr.cx('fr-container')}>
      <div
        className={fr.cx(
          'fr-my-7w',
          'fr-mt-md-12w',
          'fr-mb-md-10w',
          'fr-grid-row',
          'fr-grid-row--gutters',
          'fr-grid-row--middle',
          'fr-grid-row--center',
        )}
      >
        <div className={fr.cx('fr-py-0', 'fr-col-12', 'fr-col-md-6')}>
          <h1>Erreur 404</h1>
          <p className={fr.cx('fr-text--lead', 'fr-mb-5w')}>
            La page que vous cherchez n'existe pas.
          </p>
          <ul className={fr.cx('fr-btns-group', 'fr-btns-group--inline-md')}>
            <li>
              <Link to={pathTo('homepage')} className={fr.cx('fr-btn')}>
                Retour à l'accueil
              </Link>
            </li>
          </ul>
        </div>
        <div
          className={fr.cx(
            'fr-col-12',
            'fr-col-md-3',
            'fr-col-offset-md-1',
            'fr-px-6w',
            'fr-px-md-0',
            'fr-py-0',
          )}
        >
          <TechnicalError fontSize="10rem" />
        </div>
      </div>
    </div>
  );
}
