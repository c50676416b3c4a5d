import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { FRENCH_MONTHS, pathTo, type MapContact, type MapItemDetail } from '@ad/contract';
import { fr } from '../../lib/fr.ts';
import { formatEuros } from '../../lib/french-numbers.ts';
import { ContactAddress, ContactPhone } from '../contacts/contact-address.tsx';
import { ThematicTags } from '../contacts/thematic-tags.tsx';
import { downloadName, fileDetail } from '../resources/file-size.ts';
import './item-detail.css';

/**
 * '3 mars 2025' from '2025-03-03' (a calendar day: read and written in UTC, so that neither the
 * server's nor the visitor's time zone moves it). Anything else than YYYY-MM-DD gives ''.
 */
export function formatItemDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCDate()} ${FRENCH_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const names = (list: { name: string }[]) => list.map((entry) => entry.name).join(', ');

/** The item's short fields, in the spec's order, as [label, value]: only those with a value. */
function detailFields(
  item: MapItemDetail,
  location: string,
  released: string,
  ended: string,
  /** The page's query string, kept by the link to the procedure. */
  search: string,
): [string, ReactNode][] {
  const partners = (list: string[]) =>
    list.length ? (
      <ul className="app-item-detail__list">
        {list.map((partner, index) => (
          <li key={index}>{partner}</li>
        ))}
      </ul>
    ) : null;
  const fields: [string, ReactNode][] = [
    ['Porteur de projet', item.project_holder?.name],
    ['Localisation', location],
    ['Thématique secondaire', item.secondary_thematic?.name],
    ['Thématiques', names(item.thematics_detail)],
    ['Sous-thématiques', names(item.subthematics)],
    [
      'Démarche alimentaire',
      item.food_procedure && item.food_procedure_id ? (
        <Link
          className={fr.cx('fr-link')}
          to={{
            pathname: pathTo('initiative-item', {
              selectedResourceType: 'demarche',
              selectedResource: item.food_procedure_id,
            }),
            search,
          }}
        >
          {item.food_procedure.title}
        </Link>
      ) : null,
    ],
    ["Aire d'influence", item.area_of_influence?.name],
    ['Territoire de réalisation', item.territory_of_realization?.trim()],
    ['Communes', item.communes.map((commune) => commune.name_formatted).join(', ')],
    ['Communautés de communes', names(item.communities_of_communes)],
    ['Bénéficiaires', names(item.beneficiaries)],
    ['Partenaires techniques', partners(item.technical_partners.map((entry) => entry.partner))],
    [
      'Partenaires financiers',
      partners(
        item.financial_partners.map((entry) =>
          entry.device ? `${entry.partner} — ${entry.device}` : entry.partner,
        ),
      ),
    ],
    [
      "Nombre de membres de l'équipe",
      item.nb_team_members === null ? null : String(item.nb_team_members),
    ],
    [
      // A procedure's cost is that of its animation (account-area spec §2, its form's label).
      item.resource_type === 'demarche' ? "Coût de l'animation" : 'Coût du projet',
      item.project_cost === null ? null : formatEuros(item.project_cost),
    ],
    ['Date de lancement', released],
    ['Date de fin', ended],
    ["État d'avancement", item.status_for_humans],
  ];
  return fields.filter(([, value]) => value !== null && value !== undefined && value !== '');
}

/**
 * The level of the detail's section headings: one below its title's (h3 in the modal, h4 in the
 * moderation's preview, where the title is an h3 under « Aperçu public »).
 */
const SectionLevel = createContext<'h3' | 'h4'>('h3');

function Sub(props: { id?: string; className?: string; children: ReactNode }) {
  const Heading = useContext(SectionLevel);
  return <Heading {...props} />;
}

/** A section of plain text (line breaks kept); nothing when empty. */
function TextSection({ title, text }: { title: string; text: string | null }) {
  if (!text?.trim()) return null;
  return (
    <section className="app-item-detail__section">
      <Sub className={fr.cx('fr-h6')}>{title}</Sub>
      <p className="app-item-detail__text">{text}</p>
    </section>
  );
}

function ExternalLink({
  href,
  label,
  title,
  className,
}: {
  href: string;
  label: string;
  title?: string;
  className?: string;
}) {
  return (
    <a
      className={className ?? fr.cx('fr-link')}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={`${title ?? label} - nouvelle fenêtre`}
    >
      {label}
    </a>
  );
}

/** 'bordeaux.fr' from 'https://www.bordeaux.fr/': a website's readable label. */
function siteLabel(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '') || url;
  } catch {
    return url;
  }
}

function ContactBlock({
  contact,
  headingId,
  onAskContact,
  itemsLink,
}: {
  contact: MapContact;
  headingId: string;
  onAskContact?: (contact: { id: number; society_name: string }) => void;
  itemsLink: boolean;
}) {
  return (
    <section className="app-item-detail__section" aria-labelledby={headingId}>
      <Sub id={headingId} className={fr.cx('fr-h6')}>
        Contact
      </Sub>
      <div className="app-item-detail__contact">
        {contact.avatar_url ? (
          <img
            className="app-item-detail__avatar"
            src={contact.avatar_url}
            alt=""
            width={64}
            height={64}
            loading="lazy"
          />
        ) : null}
        <div>
          <p className={fr.cx('fr-text--bold', 'fr-mb-0')}>{contact.society_name}</p>
          {contact.type ? (
            <p className={fr.cx('fr-text--sm', 'fr-mb-1w')}>{contact.type.name}</p>
          ) : null}
          <ContactAddress contact={contact} className={fr.cx('fr-mb-1w')} />
          <ContactPhone phone={contact.phone} className={fr.cx('fr-mb-1w')} />
          {contact.website_url ? (
            <p className={fr.cx('fr-mb-1w')}>
              <ExternalLink
                href={contact.website_url}
                label="Site web"
                title={`Site web de ${contact.society_name}`}
              />
            </p>
          ) : null}
          <ThematicTags thematics={contact.thematics} />
          {itemsLink && contact.initiatives.length + contact.food_procedures.length > 1 ? (
            <p className={fr.cx('fr-mb-1w')}>
              <Link
                className={fr.cx('fr-link', 'fr-icon-map-pin-2-line', 'fr-link--icon-left')}
                to={`${pathTo('initiatives')}?contactId=${contact.id}`}
              >
                Voir ses initiatives{' '}
                <span className={fr.cx('fr-sr-only')}>({contact.society_name})</span>
              </Link>
            </p>
          ) : null}
          {contact.society_email && onAskContact ? (
            <button
              type="button"
              className={fr.cx(
                'fr-btn',
                'fr-btn--secondary',
                'fr-btn--sm',
                'fr-icon-mail-line',
                'fr-btn--icon-left',
                'fr-mt-1w',
              )}
              aria-haspopup="dialog"
              onClick={() => onAskContact({ id: contact.id, society_name: contact.society_name })}
            >
              Demander à être contacté
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/**
 * The content of the map's detail modal (spec public-site §2 'Initiatives page', §3 'Initiative /
 * food procedure'): the title (h2, `titleId`, focusable for the modal), the 'PAT' badge and the
 * thematic, then every field the item has (none of the empty ones), its texts, links, logos,
 * documents, PDF sheet and contact. The modal and its routing belong to the page: it passes
 * `onShowRelated` ('Voir les initiatives liées' on a procedure) and `onAskContact` (the contact
 * form, offered only when the contact has a society_email) and `onReportError` (« Signaler une
 * erreur », features/error-reports). Without `contactItemsLink` (a preview), the contact's
 * 'Voir ses initiatives' link to the map is left out.
 */
export function ItemDetail({
  item,
  onShowRelated,
  onAskContact,
  onReportError,
  titleId,
  contactItemsLink = true,
  headingLevel = 2,
}: {
  item: MapItemDetail;
  /** Without it (a preview), no « Voir les initiatives liées ». */
  onShowRelated?: (procedureId: number) => void;
  /** Without it (a preview), no « Demander à être contacté ». */
  onAskContact?: (contact: { id: number; society_name: string }) => void;
  onReportError?: () => void;
  titleId: string;
  contactItemsLink?: boolean;
  /** The title's level: 2 in the modal, 3 in a page that has its own h2 above. */
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 3 ? 'h3' : 'h2';
  const isProcedure = item.resource_type === 'demarche';
  // The page's query (filters, search, bounds) stays with the linked procedure's detail.
  const { search } = useLocation();
  const location = [
    item.city,
    item.department ? `${item.department.name} (${item.department.code})` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const released = item.released_at ? formatItemDate(item.released_at) : '';
  const ended = item.ended_at ? formatItemDate(item.ended_at) : '';
  const fields = detailFields(item, location, released, ended, search);

  return (
    <SectionLevel value={headingLevel === 3 ? 'h4' : 'h3'}>
      <div className="app-item-detail">
        <Title id={titleId} tabIndex={-1} className={fr.cx('fr-modal__title')}>
          {item.title}
        </Title>
        {item.is_pat === 1 || item.thematic ? (
          <ul className={`${fr.cx('fr-badges-group')} app-item-detail__badges`}>
            {item.is_pat === 1 ? (
              <li>
                <p className={fr.cx('fr-badge', 'fr-badge--info')}>
                  <abbr title="Projet alimentaire territorial">PAT</abbr>
                </p>
              </li>
            ) : null}
            {item.thematic ? (
              <li>
                <p
                  className={`${fr.cx('fr-badge', 'fr-badge--no-icon')} app-item-detail__thematic ${item.thematic.class}`}
                  style={{ '--thematic-color': item.thematic.color } as CSSProperties}
                >
                  <span className={fr.cx('fr-sr-only')}>Thématique : </span>
                  {item.thematic.name}
                </p>
              </li>
            ) : null}
          </ul>
        ) : null}

        {(isProcedure && onShowRelated) || item.pqna_external_url || item.pdf_url ? (
          <ul
            className={fr.cx(
              'fr-btns-group',
              'fr-btns-group--inline-md',
              'fr-btns-group--sm',
              'fr-btns-group--icon-left',
            )}
          >
            {isProcedure && onShowRelated ? (
              <li>
                <button
                  type="button"
                  className={fr.cx('fr-btn', 'fr-btn--sm', 'fr-icon-map-pin-2-line')}
                  onClick={() => onShowRelated(item.id)}
                >
                  Voir les initiatives liées
                </button>
              </li>
            ) : null}
            {item.pdf_url ? (
              <li>
                <a
                  className={fr.cx(
                    'fr-btn',
                    'fr-btn--secondary',
                    'fr-btn--sm',
                    'fr-icon-download-line',
                  )}
                  href={item.pdf_url}
                  download
                >
                  Télécharger la fiche (PDF)
                </a>
              </li>
            ) : null}
            {item.pqna_external_url ? (
              <li>
                <ExternalLink
                  href={item.pqna_external_url}
                  label="Voir la fiche sur le site partenaire"
                  className={fr.cx(
                    'fr-btn',
                    'fr-btn--tertiary',
                    'fr-btn--sm',
                    'fr-icon-external-link-line',
                  )}
                />
              </li>
            ) : null}
          </ul>
        ) : null}

        {item.summary?.trim() ? (
          <section className="app-item-detail__section">
            <Sub className={fr.cx('fr-h6')}>Résumé</Sub>
            {/* Sanitised HTML from the server (rendered from markdown when written so). */}
            <div
              className="app-item-detail__summary"
              dangerouslySetInnerHTML={{ __html: item.summary }}
            />
          </section>
        ) : null}

        {fields.length ? (
          <section className="app-item-detail__section">
            <Sub className={fr.cx('fr-h6')}>Informations</Sub>
            <dl className="app-item-detail__fields">
              {fields.map(([label, value]) => (
                <div key={label} className="app-item-detail__field">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}

        <TextSection title="Contexte" text={item.context} />
        <TextSection title="Objectifs" text={item.objectives} />
        <TextSection title="Mise en œuvre des actions" text={item.implementation_of_actions} />
        <TextSection title="Clés de réussite" text={item.keys_to_success} />
        <TextSection title="Freins potentiels" text={item.potential_brakes} />
        <TextSection title="Perspectives" text={item.prospects_for_future} />
        <TextSection title="Originalité de la démarche" text={item.originality_of_approach} />

        {item.website_urls.length ? (
          <section className="app-item-detail__section">
            <Sub className={fr.cx('fr-h6')}>Sites web</Sub>
            <ul className="app-item-detail__list">
              {item.website_urls.map(({ website_url }, index) => (
                <li key={index}>
                  <ExternalLink href={website_url} label={siteLabel(website_url)} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {item.documents.length ? (
          <section className="app-item-detail__section">
            <Sub className={fr.cx('fr-h6')}>Documents</Sub>
            <ul className="app-item-detail__list">
              {item.documents.map((document, index) => (
                <li key={index}>
                  <a
                    className={fr.cx('fr-link', 'fr-link--download')}
                    href={document.file}
                    download={downloadName(document.name, document.file)}
                  >
                    {document.name}
                    <span className={fr.cx('fr-link__detail')}>
                      {fileDetail(document.file, document.size)}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {item.logos.length ? (
          <section className="app-item-detail__section">
            <Sub className={fr.cx('fr-h6')}>Logos</Sub>
            <ul className="app-item-detail__logos">
              {item.logos.map((logo, index) => (
                <li key={index}>
                  <img src={logo.thumbs} alt={logo.name} loading="lazy" />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {item.contact ? (
          <ContactBlock
            contact={item.contact}
            headingId={`${titleId}-contact`}
            onAskContact={onAskContact}
            itemsLink={contactItemsLink}
          />
        ) : null}

        {onReportError ? (
          <p className="app-item-detail__report">
            <button
              type="button"
              className={fr.cx(
                'fr-btn',
                'fr-btn--tertiary-no-outline',
                'fr-btn--sm',
                'fr-icon-flag-line',
                'fr-btn--icon-left',
              )}
              aria-haspopup="dialog"
              onClick={onReportError}
            >
              Signaler une erreur
            </button>
          </p>
        ) : null}
      </div>
    </SectionLevel>
  );
}
