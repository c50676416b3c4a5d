import { Link, useParams } from 'react-router';
import { pathTo } from '@ad/contract';
import type { FileEntry } from '@ad/contract/account/member-content';
import type { ProjectPreview } from '@ad/contract/account/projects';
import { formatFileSize, ModerationBadge } from '../../../features/account-forms/index.ts';
import { fr } from '../../../lib/fr.ts';
import { formatEuros } from '../../../lib/french-numbers.ts';
import { PublicationPage } from '../publications/publication-form-parts.tsx';
import {
  ExternalLink,
  PreviewActions,
  PreviewList,
  RichText,
  frenchDay,
  type PreviewItem,
} from '../publications/publication-preview.tsx';
import { useQueryOr404 } from '../publications/publication-queries.ts';
import { projectQueries } from './project-queries.ts';

/** « Initiative : aperçu » and « Démarche : aperçu » (spec account-area §2 'Initiative preview'). */

const list = (names: string[]) =>
  names.length ? (
    <ul className={fr.cx('fr-mb-0')}>
      {names.map((name, i) => (
        <li key={`${name}-${i}`}>{name}</li>
      ))}
    </ul>
  ) : null;

/** Plain text of a textarea: its line breaks kept. */
const plain = (value: string | null) =>
  value ? (
    <p className={fr.cx('fr-mb-0')} style={{ whiteSpace: 'pre-line' }}>
      {value}
    </p>
  ) : null;

/** Address lines as a postal address reads, one per line. */
const lines = (values: string[]) =>
  values.length ? (
    <p className={fr.cx('fr-mb-0')}>
      {values.map((line, i) => (
        <span key={i} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </p>
  ) : null;

const yesNo = (value: boolean) => (value ? 'Oui' : 'Non');

function logoList(logos: FileEntry[]) {
  if (!logos.length) return null;
  return (
    <ul className={fr.cx('fr-mb-0')}>
      {logos.map((logo) => (
        <li key={logo.id}>
          <img
            src={logo.thumb_url ?? logo.url}
            alt=""
            style={{ maxWidth: '8rem', height: 'auto', display: 'block' }}
            loading="lazy"
          />
          {logo.displayedName || logo.filename}
        </li>
      ))}
    </ul>
  );
}

function documentList(documents: FileEntry[]) {
  if (!documents.length) return null;
  return (
    <ul className={fr.cx('fr-mb-0')}>
      {documents.map((doc) => (
        <li key={doc.id}>
          <a
            href={doc.url}
            target="_blank"
            rel="noopener noreferrer"
            title={`${doc.displayedName || doc.filename} - nouvelle fenêtre`}
          >
            {doc.displayedName ? `${doc.displayedName} / ` : ''}
            {doc.filename} ({formatFileSize(doc.size)})
          </a>
        </li>
      ))}
    </ul>
  );
}

function items(p: ProjectPreview, middle: PreviewItem[], costLabel: string, extra: PreviewItem[]) {
  const address = [
    p.address_line_1,
    p.address_line_2,
    [p.postcode, p.city].filter(Boolean).join(' '),
  ].filter((line): line is string => Boolean(line));
  return [
    { label: 'Titre', value: p.title },
    { label: 'Résumé', value: p.summary ? <RichText html={p.summary} /> : null },
    { label: 'Porteur de projet', value: p.project_holder?.name ?? null },
    { label: 'Adresse', value: lines(address) },
    ...middle,
    { label: 'Partenaires techniques', value: list(p.technical_partners.map((t) => t.partner)) },
    {
      label: 'Partenaires financiers',
      value: list(
        p.financial_partners.map((f) => (f.device ? `${f.partner} (${f.device})` : f.partner)),
      ),
    },
    {
      label: "Nombre de membres de l'équipe",
      value: p.nb_team_members === null ? null : String(p.nb_team_members),
    },
    {
      label: costLabel,
      value: p.project_cost === null ? null : formatEuros(p.project_cost),
    },
    { label: 'Date de lancement', value: frenchDay(p.released_at) },
    { label: 'Date de fin', value: frenchDay(p.ended_at) },
    { label: "État d'avancement", value: p.status_for_humans },
    { label: 'Contexte', value: plain(p.context) },
    { label: 'Objectifs', value: plain(p.objectives) },
    { label: 'Mise en œuvre des actions', value: plain(p.implementation_of_actions) },
    { label: 'Clés de réussite', value: plain(p.keys_to_success) },
    { label: 'Perspectives', value: plain(p.prospects_for_future) },
    { label: 'Freins potentiels', value: plain(p.potential_brakes) },
    { label: 'Originalité de la démarche', value: plain(p.originality_of_approach) },
    ...extra,
    {
      label: 'Liens',
      value: p.website_urls.length ? (
        <ul className={fr.cx('fr-mb-0')}>
          {p.website_urls.map((w, i) => (
            <li key={i}>
              <ExternalLink href={w.website_url} />
            </li>
          ))}
        </ul>
      ) : null,
    },
    { label: 'Afficher les documents', value: yesNo(p.display_documents) },
    { label: 'Logos', value: logoList(p.logos) },
    { label: 'Documents', value: documentList(p.documents) },
  ].filter((item) => item.value !== null) as PreviewItem[];
}

const geoItems = (p: ProjectPreview): PreviewItem[] => [
  { label: 'Territoire de réalisation', value: p.territory_of_realization },
  { label: 'Communes', value: list(p.communes.map((c) => c.name_formatted)) },
  { label: 'Communautés de communes', value: list(p.communities_of_communes.map((c) => c.name)) },
];

export function InitiativePreviewPage() {
  const { id = '' } = useParams();
  const { data } = useQueryOr404(projectQueries.initiative(id));
  const p = data?.data;
  return (
    <PublicationPage title="Initiative : aperçu">
      {p ? (
        <>
          <ModerationBadge label={p.moderation_status_label} />
          <PreviewList
            items={items(
              p,
              [
                { label: 'Thématique', value: p.thematic?.name ?? null },
                { label: 'Thématique secondaire', value: p.secondary_thematic?.name ?? null },
                { label: 'Sous-thématiques', value: list(p.subthematics.map((s) => s.name)) },
                { label: "Zone d'influence", value: p.area_of_influence?.name ?? null },
                { label: 'Bénéficiaires', value: list(p.beneficiaries.map((b) => b.name)) },
                ...geoItems(p),
                {
                  label: 'Démarche associée',
                  value: !p.food_procedure ? null : p.food_procedure.url ? (
                    <Link to={p.food_procedure.url}>{p.food_procedure.title}</Link>
                  ) : (
                    p.food_procedure.title
                  ),
                },
              ],
              'Coût du projet',
              [
                {
                  label: 'Enjeux',
                  value:
                    p.issues.types.length || p.issues.description ? (
                      <>
                        {list(p.issues.types.map((t) => t.name))}
                        {plain(p.issues.description)}
                      </>
                    ) : null,
                },
              ],
            )}
          />
          <PreviewActions
            editTo={pathTo('myaccount.initiatives.update', { id })}
            editLabel="Modifier mon initiative"
            deleteLabel="Supprimer mon initiative"
            deletable={p.deletable}
          />
        </>
      ) : null}
    </PublicationPage>
  );
}

export function FoodProcedurePreviewPage() {
  const { id = '' } = useParams();
  const { data } = useQueryOr404(projectQueries.foodProcedure(id));
  const p = data?.data;
  return (
    <PublicationPage title="Démarche : aperçu">
      {p ? (
        <>
          <ModerationBadge label={p.moderation_status_label} />
          <PreviewList
            items={items(
              p,
              [
                { label: 'PAT', value: yesNo(p.is_pat) },
                { label: 'Thématiques', value: list(p.thematics_detail.map((t) => t.name)) },
                { label: "Zone d'influence", value: p.area_of_influence?.name ?? null },
                ...geoItems(p),
              ],
              "Coût de l'animation",
              [],
            )}
          />
          <PreviewActions
            editTo={pathTo('myaccount.foodProcedures.update', { id })}
            editLabel="Modifier ma démarche"
            deleteLabel="Supprimer ma démarche"
            deletable={p.deletable}
          />
        </>
      ) : null}
    </PublicationPage>
  );
}
