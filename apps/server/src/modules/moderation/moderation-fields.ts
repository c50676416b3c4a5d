import { sql } from 'drizzle-orm';
import type {
  ModerationChange,
  ModerationField,
  ModerationType,
} from '@ad/contract/account/moderation';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A submission field by field, in the shape of its revision payload (`values`, `relations` and
 * `files` flattened): French labels, ids resolved to names, rich text as plain text. The same
 * flat state of the published version gives the field-by-field comparison of an edit.
 */

export type FlatState = Record<string, unknown>;

const PROJECT_FIELDS: Record<string, string> = {
  title: 'Titre',
  summary: 'Résumé',
  projectHolderTypeId: 'Porteur de projet',
  areaOfInfluenceId: "Aire d'influence",
  territoryOfRealization: 'Territoire de réalisation',
  communeCodes: 'Communes',
  communityCodes: 'Communautés de communes',
  technicalPartners: 'Partenaires techniques',
  financialPartners: 'Partenaires financiers',
  nbTeamMembers: "Nombre de membres de l'équipe",
  projectCost: 'Coût du projet',
  releasedAt: 'Date de lancement',
  endedAt: 'Date de fin',
  progressStatusId: "État d'avancement",
  context: 'Contexte',
  objectives: 'Objectifs',
  implementationOfActions: 'Mise en œuvre des actions',
  keysToSuccess: 'Clés de réussite',
  potentialBrakes: 'Freins potentiels',
  prospectsForFuture: 'Perspectives',
  originalityOfApproach: 'Originalité de la démarche',
  websiteUrls: 'Sites internet',
  displayDocuments: 'Afficher les documents',
  addressLine1: 'Adresse',
  addressLine2: "Complément d'adresse",
  postcode: 'Code postal',
  city: 'Ville',
  departementCode: 'Département',
  logos: 'Logos',
  documents: 'Documents',
};

/** The fields of each type, in the order of its form. */
export const FIELD_LABELS: Record<ModerationType, Record<string, string>> = {
  posts: {
    categoryId: 'Catégorie',
    title: 'Titre',
    authors: 'Auteurs',
    description: 'Description',
    externalUrl: 'Lien externe',
    imageFileId: 'Image',
  },
  events: {
    categoryId: 'Catégorie',
    title: 'Titre',
    startedAt: 'Date de début',
    endedAt: 'Date de fin',
    place: 'Lieu',
    planner: 'Organisateur',
    description: 'Description',
    externalUrl: 'Lien externe',
    imageFileId: 'Image',
  },
  resources: {
    categoryId: 'Catégorie',
    thematicId: 'Thématique',
    typeId: 'Type',
    name: 'Nom',
    description: 'Description',
    externalUrl: 'Lien externe',
    videoUrl: 'Lien de la vidéo',
    imageFileId: 'Image',
    documentFileId: 'Document',
  },
  initiatives: {
    ...PROJECT_FIELDS,
    thematicId: 'Thématique',
    secondaryThematicId: 'Thématique secondaire',
    subthematicIds: 'Sous-thématiques',
    beneficiaryIds: 'Bénéficiaires',
    issueTypeIds: 'Enjeux',
    issuesDescription: 'Description des enjeux',
    foodProcedureId: 'Démarche',
  },
  food_procedures: {
    ...PROJECT_FIELDS,
    isPat: 'PAT',
    thematicIds: 'Thématiques',
  },
  institutions: {
    typeId: 'Type de structure',
    societyName: 'Nom de la structure',
    societyEmail: 'E-mail de la structure',
    addressLine1: 'Adresse',
    addressLine2: "Complément d'adresse",
    postcode: 'Code postal',
    city: 'Ville',
    departementCode: 'Département',
    phone: 'Téléphone',
    websiteUrl: 'Site internet',
    imageFileId: 'Logo',
    displayInDirectory: "Afficher dans l'annuaire",
    sendAlsoToPersonalEmail: 'Envoyer aussi les messages à mon adresse e-mail personnelle',
  },
};

/** Table and label column of the fields that hold ids (or codes) of reference rows. */
interface Lookup {
  table: string;
  key: string;
  label: string;
}
const option = (table: string): Lookup => ({ table, key: 'id', label: 'name' });
const FILES: Lookup = { table: 'files', key: 'id', label: 'original_name' };

function lookupOf(type: ModerationType, field: string): Lookup | null {
  switch (field) {
    case 'categoryId':
      return option(
        type === 'posts'
          ? 'post_categories'
          : type === 'events'
            ? 'event_categories'
            : 'resource_categories',
      );
    case 'thematicId':
    case 'secondaryThematicId':
    case 'thematicIds':
      return option('thematics');
    case 'typeId':
      return option(type === 'institutions' ? 'contact_types' : 'resource_types');
    case 'projectHolderTypeId':
      return option('project_holder_types');
    case 'areaOfInfluenceId':
      return option('areas_of_influence');
    case 'beneficiaryIds':
      return option('beneficiaries');
    case 'issueTypeIds':
      return option('issue_types');
    case 'subthematicIds':
      return option('subthematics');
    case 'progressStatusId':
      return { table: 'progress_statuses', key: 'id', label: 'label' };
    case 'foodProcedureId':
      return { table: 'food_procedures', key: 'id', label: 'title' };
    case 'imageFileId':
    case 'documentFileId':
    case 'logos':
    case 'documents':
      return FILES;
    case 'communeCodes':
      return { table: 'communes', key: 'insee_code', label: 'name' };
    case 'communityCodes':
      return { table: 'communities_of_communes', key: 'code', label: 'name' };
    case 'departementCode':
      return { table: 'departements', key: 'code', label: 'name' };
    default:
      return null;
  }
}

/** Ids of a lookup field: a scalar, a list, or attached files `{ fileId }`. */
function keysOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((v) =>
      v && typeof v === 'object' && 'fileId' in v ? (v as { fileId: unknown }).fileId : v,
    )
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String);
}

/** Names of every referenced row, one query per table. */
async function resolveLookups(
  db: DbOrTx,
  type: ModerationType,
  states: FlatState[],
): Promise<Map<string, Map<string, string>>> {
  const wanted = new Map<string, { lookup: Lookup; keys: Set<string> }>();
  for (const state of states) {
    for (const [field, value] of Object.entries(state)) {
      const lookup = lookupOf(type, field);
      if (!lookup) continue;
      const entry = wanted.get(lookup.table) ?? { lookup, keys: new Set<string>() };
      keysOf(value).forEach((k) => entry.keys.add(k));
      wanted.set(lookup.table, entry);
    }
  }
  const resolved = new Map<string, Map<string, string>>();
  await Promise.all(
    [...wanted.values()].map(async ({ lookup, keys }) => {
      // Integer ids are compared as integers, so that the primary key's index finds them.
      const integer = lookup.key === 'id';
      const values = integer
        ? [...keys].filter((k) => /^\d{1,10}$/.test(k) && Number(k) <= 2_147_483_647)
        : [...keys];
      if (values.length === 0) return;
      const column = sql.identifier(lookup.key);
      const result = await db.execute(sql`
        SELECT ${column}::text AS key, ${sql.identifier(lookup.label)} AS label
        FROM ${sql.identifier(lookup.table)}
        WHERE ${column} = ANY(${sql.param(values)}::${sql.raw(integer ? 'int[]' : 'text[]')})`);
      const rows = (result as unknown as { rows: { key: string; label: string }[] }).rows;
      resolved.set(lookup.table, new Map(rows.map((r) => [r.key, r.label])));
    }),
  );
  return resolved;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Sanitised rich text as plain text (the comparison shows words, not markup). */
export function plainText(html: string): string {
  return html
    .replace(/<\/(p|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

function display(
  type: ModerationType,
  field: string,
  value: unknown,
  names: Map<string, Map<string, string>>,
): string | null {
  const lookup = lookupOf(type, field);
  if (lookup) {
    const table = names.get(lookup.table);
    const list = Array.isArray(value) ? value : [value];
    const labels = list
      .filter((v) => v !== null && v !== undefined && v !== '')
      .map((v) => {
        if (v && typeof v === 'object' && 'fileId' in v) {
          const file = v as { fileId: number; displayedName?: string | null };
          return file.displayedName || table?.get(String(file.fileId)) || `#${file.fileId}`;
        }
        return table?.get(String(v)) ?? String(v);
      });
    return labels.length ? labels.join(', ') : null;
  }
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'string') return plainText(value) || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    // Partners `{ partner, device }`, websites `{ website_url }`.
    const parts = value.map((entry) =>
      entry && typeof entry === 'object'
        ? Object.values(entry as Record<string, unknown>)
            .filter((v) => v !== null && v !== '')
            .join(' — ')
        : String(entry),
    );
    return parts.filter(Boolean).join(' ; ') || null;
  }
  return JSON.stringify(value);
}

/** Equal for the comparison: the same JSON, with a missing value read as empty. */
const normalized = (value: unknown) =>
  JSON.stringify(value === undefined || value === '' ? null : value);

/** The fields of a type whose value differs between two flat states, in the form's order. */
export function changedFields(type: ModerationType, before: FlatState, after: FlatState): string[] {
  return Object.keys(FIELD_LABELS[type]).filter(
    (field) => normalized(before[field]) !== normalized(after[field]),
  );
}

/** The submission field by field (and, given the published state, what the edit changes). */
export async function describeFields(
  db: DbOrTx,
  type: ModerationType,
  submitted: FlatState,
  published: FlatState | null,
): Promise<{ fields: ModerationField[]; changes: ModerationChange[] }> {
  const labels = FIELD_LABELS[type];
  const names = await resolveLookups(db, type, published ? [submitted, published] : [submitted]);
  const fields = Object.entries(labels).map(([field, label]) => ({
    field,
    label,
    value: display(type, field, submitted[field], names),
  }));
  const changes: ModerationChange[] = [];
  if (published) {
    for (const [field, label] of Object.entries(labels)) {
      if (normalized(submitted[field]) === normalized(published[field])) continue;
      changes.push({
        field,
        label,
        before: display(type, field, published[field], names),
        after: display(type, field, submitted[field], names),
      });
    }
  }
  return { fields, changes };
}

/** A revision payload (or a project's state) as one flat record of its fields. */
export function flatten(payload: {
  values?: unknown;
  relations?: unknown;
  files?: unknown;
}): FlatState {
  const files = (payload.files ?? {}) as Record<string, unknown>;
  return {
    ...(payload.relations as FlatState | undefined),
    // Only the projects' attached file lists are fields; other `files` entries are bookkeeping.
    ...(Array.isArray(files.logos) ? { logos: files.logos } : {}),
    ...(Array.isArray(files.documents) ? { documents: files.documents } : {}),
    ...(payload.values as FlatState | undefined),
  };
}
