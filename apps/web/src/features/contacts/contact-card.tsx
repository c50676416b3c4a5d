import { fr } from '../../lib/fr.ts';
import { Link } from 'react-router';
import { directoryCardId, pathTo } from '@ad/contract';
import type { DirectoryContact } from './api.ts';
import { ContactAddress, ContactPhone } from './contact-address.tsx';
import { ThematicTags } from './thematic-tags.tsx';
import './directory.css';

/**
 * A card of the directory (spec public-site §2): name, type, address, phone, thematics, and the
 * actions: 'Contacter la personne référente' (only with a society_email), 'Site web' (new
 * window) and its initiatives on the map.
 */
export function ContactCard({
  contact,
  onAsk,
}: {
  contact: DirectoryContact;
  onAsk: (contact: DirectoryContact) => void;
}) {
  const id = directoryCardId(contact.id);
  const titleId = `${id}-title`;

  return (
    <article
      id={id}
      className={`${fr.cx('fr-card', 'fr-card--no-arrow')} app-contact-card`}
      aria-labelledby={titleId}
    >
      <div className={fr.cx('fr-card__body')}>
        <div className={fr.cx('fr-card__content')}>
          <div className="app-contact-card__head">
            {contact.avatar_url ? (
              <img
                className="app-contact-card__logo"
                src={contact.avatar_url}
                alt=""
                width={64}
                height={64}
                loading="lazy"
              />
            ) : null}
            <h2 id={titleId} className={fr.cx('fr-card__title')}>
              {contact.society_name}
            </h2>
          </div>
          <div className={fr.cx('fr-card__desc')}>
            <ContactAddress contact={contact} />
            <ContactPhone phone={contact.phone} className={fr.cx('fr-mt-1w', 'fr-mb-0')} />
          </div>
          {contact.type ? (
            <div className={fr.cx('fr-card__start')}>
              <p className={fr.cx('fr-card__detail')}>{contact.type.name}</p>
            </div>
          ) : null}
          <div className={fr.cx('fr-card__end')}>
            <ThematicTags thematics={contact.thematics} />
          </div>
        </div>
        <div className={fr.cx('fr-card__footer')}>
          <ul
            className={fr.cx(
              'fr-btns-group',
              'fr-btns-group--sm',
              'fr-btns-group--inline-lg',
              'fr-btns-group--icon-left',
            )}
          >
            {contact.society_email ? (
              <li>
                <button
                  type="button"
                  className={fr.cx('fr-btn', 'fr-btn--sm', 'fr-icon-mail-line')}
                  aria-haspopup="dialog"
                  onClick={() => onAsk(contact)}
                >
                  Contacter la personne référente
                </button>
              </li>
            ) : null}
            {contact.website_url ? (
              <li>
                <a
                  className={fr.cx('fr-btn', 'fr-btn--secondary', 'fr-btn--sm')}
                  href={contact.website_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={`Site web de ${contact.society_name} - nouvelle fenêtre`}
                >
                  Site web
                </a>
              </li>
            ) : null}
          </ul>
          {/* Spec §2: every card links to the map filtered by the contact. */}
          <p className={fr.cx('fr-mb-0')}>
            <Link
              className={fr.cx('fr-link', 'fr-icon-map-pin-2-line', 'fr-link--icon-left')}
              to={`${pathTo('initiatives')}?contactId=${contact.id}`}
            >
              Voir ses initiatives
              <span className={fr.cx('fr-sr-only')}> ({contact.society_name})</span>
            </Link>
          </p>
        </div>
      </div>
    </article>
  );
}
