import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathTo, type ModerationStatus } from '@ad/contract';
import type { Deletable, MemberList, MemberListItem } from '@ad/contract/account/member-content';
import { Loader } from '../../../app/loader.tsx';
import { apiQuery } from '../../../lib/api-query.ts';
import { fr } from '../../../lib/fr.ts';
import { INSTITUTION_NEEDED, routeOf, type DashboardCardDefinition } from './dashboard-cards.ts';

const BADGE_VARIANT: Record<ModerationStatus, string> = {
  draft: '',
  pending: 'fr-badge--new',
  published: 'fr-badge--success',
  rejected: 'fr-badge--error',
};

export const memberListQuery = (type: DashboardCardDefinition['type']) =>
  apiQuery<MemberList>(`/api/user/${type}`);

const nameOf = (item: MemberListItem) => item.title ?? item.name ?? '';

/**
 * One card of the dashboard: the count, the member's items of one type (title, labelled
 * attributes, moderation badge, view / edit / delete) and the button to propose a new one.
 * `gated`: the type needs an institution the member does not have yet, nothing is loaded.
 */
export function DashboardCard({
  card,
  gated,
  onDelete,
}: {
  card: DashboardCardDefinition;
  /** null while it is not known yet whether the member has an institution. */
  gated: boolean | null;
  /** With the id of the card's title, which takes the focus once the item is gone. */
  onDelete: (deletable: Deletable, titleId: string) => void;
}) {
  const titleId = useId();
  const list = useQuery({ ...memberListQuery(card.type), enabled: gated === false });
  const count = list.data?.extra.count;

  return (
    <section
      className={fr.cx('fr-card', 'fr-card--no-arrow', 'fr-mb-4w')}
      aria-labelledby={titleId}
    >
      <div className={fr.cx('fr-card__body')}>
        <div className={fr.cx('fr-card__content')}>
          <h2 id={titleId} tabIndex={-1} className={fr.cx('fr-h4', 'fr-mb-2w')}>
            {card.title}
            {count !== undefined ? (
              <span className={fr.cx('fr-badge', 'fr-badge--info', 'fr-ml-2w')}>
                {count}
                <span className={fr.cx('fr-sr-only')}> élément{count > 1 ? 's' : ''}</span>
              </span>
            ) : null}
          </h2>
          {gated === true ? (
            <InstitutionNeeded />
          ) : gated === null || list.isPending ? (
            <Loader />
          ) : list.isError ? (
            <p role="alert" className={fr.cx('fr-error-text')}>
              La liste n'a pas pu être chargée. Veuillez recharger la page.
            </p>
          ) : list.data.data.length === 0 ? (
            <p>{card.empty}</p>
          ) : (
            <ul className="app-dashboard-list">
              {list.data.data.map((item) => (
                <DashboardItem
                  key={item.id}
                  card={card}
                  item={item}
                  attributes={list.data.extra.attributes}
                  onDelete={(deletable) => onDelete(deletable, titleId)}
                />
              ))}
            </ul>
          )}
        </div>
        {gated === true ? null : (
          <div className={fr.cx('fr-card__footer')}>
            <Link
              className={fr.cx('fr-btn', 'fr-btn--icon-left', 'fr-icon-add-line')}
              to={pathTo(routeOf(card, 'create'))}
            >
              {card.propose}
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

export function InstitutionNeeded() {
  return (
    <>
      <p>{INSTITUTION_NEEDED}</p>
      <Link className={fr.cx('fr-btn', 'fr-btn--secondary')} to={pathTo('myaccount.institution')}>
        Renseigner ma structure
      </Link>
    </>
  );
}

function DashboardItem({
  card,
  item,
  attributes,
  onDelete,
}: {
  card: DashboardCardDefinition;
  item: MemberListItem;
  attributes: { label: string; key: string }[];
  onDelete: (deletable: Deletable) => void;
}) {
  const name = nameOf(item);
  const shown = attributes
    .map((attribute) => ({ ...attribute, value: item[attribute.key] }))
    .filter((attribute) => typeof attribute.value === 'string' && attribute.value !== '');
  const iconButton = 'fr-btn fr-btn--sm fr-btn--tertiary-no-outline';

  return (
    <li className="app-dashboard-item">
      <div className="app-dashboard-item__text">
        <p className={fr.cx('fr-text--bold', 'fr-mb-1v')}>{name}</p>
        {shown.length > 0 ? (
          <ul className={`${fr.cx('fr-text--sm', 'fr-mb-1v')} app-dashboard-item__attributes`}>
            {shown.map((attribute) => (
              <li key={attribute.key}>
                {attribute.label} : {String(attribute.value)}
              </li>
            ))}
          </ul>
        ) : null}
        <p
          className={`${fr.cx('fr-badge', 'fr-badge--sm', 'fr-mb-0')} ${BADGE_VARIANT[item.moderation_status] ?? ''}`}
        >
          {item.moderation_status_label}
        </p>
      </div>
      <div className="app-dashboard-item__actions">
        <Link
          className={`${iconButton} fr-icon-eye-line`}
          to={pathTo(routeOf(card, 'show'), { id: item.id })}
          title={`Voir ${name}`}
        >
          Voir {name}
        </Link>
        <Link
          className={`${iconButton} fr-icon-edit-line`}
          to={pathTo(routeOf(card, 'update'), { id: item.id })}
          title={`Modifier ${name}`}
        >
          Modifier {name}
        </Link>
        <button
          type="button"
          className={`${iconButton} fr-icon-delete-line`}
          title={`Supprimer ${name}`}
          onClick={() => onDelete(item.deletable)}
        >
          Supprimer {name}
        </button>
      </div>
    </li>
  );
}
