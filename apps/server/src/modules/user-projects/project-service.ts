import { eq, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Deletable, MemberList, MemberListItem } from '@ad/contract/account/member-content';
import {
  PROJECT_NEEDS_INSTITUTION,
  type ProjectFormResource,
  type ProjectPreview,
} from '@ad/contract/account/projects';
import type { ModerationStatus } from '@ad/contract';
import type { DbOrTx, Transaction } from '../../db/client.ts';
import type { RevisionSubjectType } from '../../db/schema/moderation.ts';
import { users } from '../../db/schema/users.ts';
import { slugify } from '../../platform/slug.ts';
import type { Config } from '../../env.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { notFound, ValidationError } from '../../platform/errors.ts';
import type { FileStore, FileTransaction } from '../../platform/uploads/file-store.ts';
import type { FormObject } from '../../platform/uploads/multipart-form.ts';
import {
  moderationStatusFor,
  ownedOr404,
  pendingPayloads,
  pendingRevision,
  replacePendingPayload,
  submitEdit,
  deleteRevisions,
} from '../member-content/submissions.ts';
import { sharedValuesOf, type ProjectFieldsForm, type SharedValues } from './project-fields.ts';
import {
  allFileIds,
  checkKeptFiles,
  checkNewFiles,
  fileEntries,
  persistFiles,
  type ProjectFiles,
} from './project-files.ts';
import {
  communeOptions,
  communityOptions,
  departementOfPostcode,
  namedOption,
  statusLabel,
} from './project-lookups.ts';
import { areasOfInfluence, projectHolderTypes } from '../../db/schema/taxonomy.ts';

/**
 * What initiatives and food procedures share: the member's list, the save (create, or edit
 * through the moderation lifecycle), the delete, the preview and the form's values. Each type
 * gives its tables and its own fields as a `ProjectKind`.
 */

export interface GeoRelations {
  communeCodes: string[];
  communityCodes: string[];
}

/**
 * An item as the member submitted it: column values (drizzle property names), relation ids and
 * files. It is also the payload of a pending revision (docs/decisions/0003).
 */
export interface ProjectState<V = object, R = object> {
  values: SharedValues & V;
  relations: GeoRelations & R;
  files: ProjectFiles;
}

export interface OwnedRow {
  id: number;
  userId: number | null;
  moderationStatus: ModerationStatus;
  slug: string;
}

export interface ProjectKind<F extends ProjectFieldsForm, V, R, P, Res> {
  /** API path segment: 'initiatives' | 'food_procedures'. */
  path: 'initiatives' | 'food_procedures';
  subjectType: RevisionSubjectType & ('initiative' | 'food_procedure');
  texts: {
    label: string;
    sentence: string;
    deleted: string;
    added: string;
    modified: string;
  };
  listAttributes: { label: string; key: string }[];
  parse(form: FormObject): F;
  /** Checks against the database (choices that must exist, thematic rules); field → message. */
  validate(
    db: DbOrTx,
    form: F,
    userId: number,
    itemId: number | null,
  ): Promise<Record<string, string>>;
  stateOf(
    db: DbOrTx,
    form: F,
    shared: SharedValues,
    files: ProjectFiles,
  ): Promise<ProjectState<V, R>>;
  findRow(db: DbOrTx, id: number): Promise<OwnedRow | undefined>;
  /** The member's items, newest change first, with the values their dashboard list shows. */
  listRows(db: DbOrTx, userId: number): Promise<ListRow<V>[]>;
  loadState(db: DbOrTx, id: number): Promise<ProjectState<V, R>>;
  insert(tx: Transaction, row: SharedValues & V & InsertMeta): Promise<number>;
  /** Writes a state to the item; returns the files it no longer uses. */
  apply(
    tx: Transaction,
    id: number,
    state: ProjectState<V, R>,
    columns?: ApplyColumns,
  ): Promise<number[]>;
  /** Deletes the item (join rows cascade); returns its files. */
  remove(tx: Transaction, id: number): Promise<number[]>;
  /** The list's own columns (`listAttributes`) of each item's values. */
  listValues(db: DbOrTx, values: ListRow<V>['values'][]): Promise<Record<string, string>[]>;
  /** The preview's own fields; `userId` is the member who reads it (the item's owner). */
  preview(db: DbOrTx, state: ProjectState<V, R>, userId: number): Promise<P>;
  /** The form's values; `ownerId` is the item's owner (whose choices the form offers). */
  resource(db: DbOrTx, state: ProjectState<V, R>, ownerId: number | null): Promise<Res>;
}

/**
 * An item of the member's list: only the columns the list shows (title, city and each kind's
 * own), read with the item, never its relations.
 */
export interface ListRow<V> {
  id: number;
  moderationStatus: ModerationStatus;
  values: Pick<SharedValues, 'title' | 'city'> & Partial<V>;
}

/** Columns a write sets besides the state's values. */
export interface ApplyColumns {
  /** A member's edit of an unpublished item submits it again. */
  moderationStatus?: 'pending';
  /** The team's correction keeps the item's date (`sql\`updated_at\``): its place in the queue. */
  updatedAt?: SQL;
}

export interface InsertMeta {
  slug: string;
  userId: number;
  contactId: number;
  moderationStatus: 'pending';
}

// Any kind: the service reads only what every kind has.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKind = ProjectKind<any, any, any, any, any>;

const deletableOf = (kind: AnyKind, id: number, title: string): Deletable => ({
  label: kind.texts.label,
  sentence: kind.texts.sentence,
  name: title,
  success: kind.texts.deleted,
  url: `/api/user/${kind.path}/${id}`,
});

/** The live state, or the pending revision's when the member's edit waits for the team. */
async function currentState(db: DbOrTx, kind: AnyKind, row: OwnedRow) {
  const revision = await pendingRevision<ProjectState>(db, kind.subjectType, row.id);
  return { state: revision ? revision.payload : await kind.loadState(db, row.id), revision };
}

export function projectService(deps: {
  config: Config;
  db: AppDatabase;
  fileStore: () => FileStore;
}) {
  const { config, db } = deps;

  const ownedRow = async (kind: AnyKind, id: number, userId: number) =>
    ownedOr404(await kind.findRow(db, id), userId);

  /**
   * Checks a submitted form (fields, choices against the database as its owner `userId` may
   * make them, kept files among the item's current `files`, new files by content): a 422 with the
   * errors, nothing written. The result names the new files (stored before the file transaction
   * opens) and, inside that transaction, records them and gives the state to write.
   */
  async function prepare(
    kind: AnyKind,
    formObject: FormObject,
    target: { userId: number; itemId: number | null; files: ProjectFiles | null },
  ) {
    const form = kind.parse(formObject);
    const dbErrors = await kind.validate(db, form, target.userId, target.itemId);
    if (Object.keys(dbErrors).length > 0) {
      throw new ValidationError(
        Object.fromEntries(Object.entries(dbErrors).map(([k, v]) => [k, [v]])),
      );
    }
    checkKeptFiles(form, target.files);
    const checked = await checkNewFiles(config, form);
    const departementCode = await departementOfPostcode(db, form.postcode);
    return {
      uploads: [...checked.values()],
      build: async (files: FileTransaction, uploadedBy: number) => {
        const attached = await persistFiles(files, form, checked, uploadedBy);
        const state: ProjectState = await kind.stateOf(
          files.tx,
          form,
          sharedValuesOf(form, departementCode),
          attached,
        );
        return { form, state };
      },
    };
  }

  return {
    /** Two queries whatever the number of items: the rows, then the pending edits' payloads. */
    async list(kind: AnyKind, userId: number): Promise<MemberList> {
      const rows: ListRow<object>[] = await kind.listRows(db, userId);
      const pending = await pendingPayloads<ProjectState>(
        db,
        kind.subjectType,
        rows.map((r) => r.id),
      );
      const values = rows.map((row) => pending.get(row.id)?.values ?? row.values);
      const extras = await kind.listValues(db, values);
      const data: MemberListItem[] = rows.map((row, i) => {
        const title = values[i]!.title;
        return {
          id: row.id,
          title,
          ...moderationStatusFor(row.moderationStatus, pending.has(row.id)),
          deletable: deletableOf(kind, row.id, title),
          ...extras[i],
        };
      });
      return { data, extra: { count: data.length, attributes: kind.listAttributes } };
    },

    async preview(kind: AnyKind, id: number, userId: number) {
      const row = await ownedRow(kind, id, userId);
      const { state, revision } = await currentState(db, kind, row);
      const base = await sharedPreview(db, state);
      return {
        id: row.id,
        ...base,
        ...(await kind.preview(db, state, userId)),
        ...moderationStatusFor(row.moderationStatus, Boolean(revision)),
        deletable: deletableOf(kind, row.id, state.values.title),
      } as ProjectPreview;
    },

    async resource(kind: AnyKind, id: number, userId: number) {
      const row = await ownedRow(kind, id, userId);
      const { state, revision } = await currentState(db, kind, row);
      return {
        id: row.id,
        ...moderationStatusFor(row.moderationStatus, Boolean(revision)),
        ...(await sharedResource(db, state)),
        ...(await kind.resource(db, state, userId)),
      } as ProjectFormResource;
    },

    /** Create (`id` null) or edit. Every check runs before anything is written. */
    async save(
      kind: AnyKind,
      input: { form: FormObject; userId: number; itemId: number | null; ip: string | null },
    ): Promise<{ message: string; data: { id: number } }> {
      const { userId, itemId } = input;
      const row = itemId === null ? null : await ownedRow(kind, itemId, userId);
      let contactId: number | null = null;
      if (!row) {
        const [user] = await db
          .select({ contactId: users.contactId })
          .from(users)
          .where(eq(users.id, userId));
        contactId = user?.contactId ?? null;
        if (contactId === null) {
          throw new ValidationError(
            { form: [PROJECT_NEEDS_INSTITUTION[kind.path]] },
            PROJECT_NEEDS_INSTITUTION[kind.path],
          );
        }
      }
      const current = row ? await currentState(db, kind, row) : null;
      const prepared = await prepare(kind, input.form, {
        userId,
        itemId,
        files: current?.state.files ?? null,
      });

      const id = await deps.fileStore().transaction(async (files) => {
        const { tx } = files;
        const { form, state } = await prepared.build(files, userId);
        if (!row) {
          const slug = `${slugify(form.title, 60) || 'item'}-${randomUUID().slice(0, 8)}`;
          const newId = await kind.insert(tx, {
            ...state.values,
            slug,
            userId,
            contactId: contactId as number,
            moderationStatus: 'pending',
          });
          await kind.apply(tx, newId, state);
          await recordAudit(tx, {
            actorId: userId,
            action: `${kind.subjectType}.create`,
            subjectType: kind.subjectType,
            subjectId: newId,
            ip: input.ip,
          });
          return newId;
        }
        const previousRevision = current?.revision?.payload as ProjectState | undefined;
        const outcome = await submitEdit(tx, {
          subjectType: kind.subjectType,
          item: row,
          revisionId: current?.revision?.id ?? null,
          authorId: userId,
          payload: state as unknown as Record<string, unknown>,
          applyNow: async () => {
            const unused = await kind.apply(tx, row.id, state, { moderationStatus: 'pending' });
            await files.discard(unused);
          },
        });
        if (outcome === 'revision' && previousRevision) {
          await discardReplacedRevision(files, kind, row.id, previousRevision, state);
        }
        await recordAudit(tx, {
          actorId: userId,
          action: `${kind.subjectType}.update`,
          subjectType: kind.subjectType,
          subjectId: row.id,
          data: { outcome },
          ip: input.ip,
        });
        return row.id;
      }, prepared.uploads);
      return { message: row ? kind.texts.modified : kind.texts.added, data: { id } };
    },

    async remove(kind: AnyKind, id: number, userId: number, ip: string | null) {
      const row = await ownedRow(kind, id, userId);
      await deps.fileStore().transaction(async (files) => {
        const { tx } = files;
        const revision = await pendingRevision<ProjectState>(tx, kind.subjectType, row.id);
        const itemFiles = await kind.remove(tx, row.id);
        await deleteRevisions(tx, kind.subjectType, row.id);
        await files.discard([...new Set([...itemFiles, ...allFileIds(revision?.payload.files)])]);
        await recordAudit(tx, {
          actorId: userId,
          action: `${kind.subjectType}.delete`,
          subjectType: kind.subjectType,
          subjectId: row.id,
          ip,
        });
      });
      return { message: kind.texts.deleted };
    },

    /**
     * An item with its current state (its pending revision's, if any), whoever submitted it: the
     * team's back office (issue 10). 404 when it does not exist.
     */
    async teamItem(kind: AnyKind, id: number) {
      const row = await kind.findRow(db, id);
      if (!row) throw notFound();
      return { row, ...(await currentState(db, kind, row)) };
    },

    /** The form's values of an item loaded by `teamItem` (what `resource` gives its owner). */
    async teamResource(kind: AnyKind, item: TeamItem) {
      return {
        id: item.row.id,
        ...moderationStatusFor(item.row.moderationStatus, Boolean(item.revision)),
        ...(await sharedResource(db, item.state)),
        ...(await kind.resource(db, item.state, item.row.userId)),
      } as ProjectFormResource;
    },

    /**
     * The team's correction of a pending submission (issue 10): the form is checked as its owner's
     * would be; a new item's row and relations take the state and it stays pending (owner and
     * date unchanged); the pending revision of a published item takes it as its payload, the live
     * item untouched. `write` runs inside the file transaction once the correction is written
     * (audit). A 404 when the item no longer waits (decided meanwhile), thrown inside the
     * transaction: nothing is written, the new files' bytes are removed.
     */
    async correct<T>(
      kind: AnyKind,
      item: TeamItem,
      input: { form: FormObject; uploadedBy: number },
      write: (tx: Transaction, before: ProjectState, after: ProjectState) => Promise<T>,
    ): Promise<T> {
      const { row, revision } = item;
      const prepared = await prepare(kind, input.form, {
        userId: row.userId ?? 0,
        itemId: row.id,
        files: item.state.files,
      });
      return deps.fileStore().transaction(async (files) => {
        const { tx } = files;
        const { state } = await prepared.build(files, input.uploadedBy);
        if (revision) {
          const payload = state as unknown as Record<string, unknown>;
          if (!(await replacePendingPayload(tx, kind.subjectType, row.id, payload))) {
            throw notFound();
          }
          await discardReplacedRevision(files, kind, row.id, revision.payload, state);
        } else {
          if ((await kind.findRow(tx, row.id))?.moderationStatus !== 'pending') throw notFound();
          await files.discard(await kind.apply(tx, row.id, state, { updatedAt: sql`updated_at` }));
        }
        return write(tx, item.state, state);
      }, prepared.uploads);
    },
  };
}

/** An item as the team's back office reads it: its row and current state. */
export interface TeamItem {
  row: OwnedRow;
  state: ProjectState;
  revision: { id: number; payload: ProjectState } | null;
}

/** Files uploaded for a replaced revision that neither the live item nor the new state use. */
async function discardReplacedRevision(
  files: FileTransaction,
  kind: AnyKind,
  itemId: number,
  previous: ProjectState,
  state: ProjectState,
) {
  const live = new Set(allFileIds((await kind.loadState(files.tx, itemId)).files));
  const kept = new Set(allFileIds(state.files));
  await files.discard(allFileIds(previous.files).filter((f) => !live.has(f) && !kept.has(f)));
}

export type ProjectService = ReturnType<typeof projectService>;

async function sharedPreview(db: DbOrTx, state: ProjectState) {
  const v = state.values;
  return {
    title: v.title,
    summary: v.summary,
    project_holder: await namedOption(db, projectHolderTypes, v.projectHolderTypeId),
    address_line_1: v.addressLine1,
    address_line_2: v.addressLine2,
    postcode: v.postcode,
    city: v.city,
    area_of_influence: await namedOption(db, areasOfInfluence, v.areaOfInfluenceId),
    territory_of_realization: v.territoryOfRealization,
    communes: await communeOptions(db, state.relations.communeCodes),
    communities_of_communes: await communityOptions(db, state.relations.communityCodes),
    technical_partners: v.technicalPartners,
    financial_partners: v.financialPartners,
    nb_team_members: v.nbTeamMembers,
    project_cost: v.projectCost,
    released_at: v.releasedAt,
    ended_at: v.endedAt,
    status_for_humans: await statusLabel(db, v.progressStatusId),
    context: v.context,
    objectives: v.objectives,
    implementation_of_actions: v.implementationOfActions,
    keys_to_success: v.keysToSuccess,
    prospects_for_future: v.prospectsForFuture,
    potential_brakes: v.potentialBrakes,
    originality_of_approach: v.originalityOfApproach,
    website_urls: v.websiteUrls,
    display_documents: v.displayDocuments,
    logos: await fileEntries(db, state.files.logos),
    documents: await fileEntries(db, state.files.documents),
  };
}

async function sharedResource(db: DbOrTx, state: ProjectState) {
  const v = state.values;
  return {
    title: v.title,
    summary: v.summary,
    project_holder_id: v.projectHolderTypeId,
    area_of_influence_id: v.areaOfInfluenceId,
    territory_of_realization: v.territoryOfRealization,
    technical_partners: v.technicalPartners,
    financial_partners: v.financialPartners,
    nb_team_members: v.nbTeamMembers,
    project_cost: v.projectCost,
    released_at: v.releasedAt,
    ended_at: v.endedAt,
    status: v.progressStatusId,
    context: v.context,
    objectives: v.objectives,
    implementation_of_actions: v.implementationOfActions,
    keys_to_success: v.keysToSuccess,
    potential_brakes: v.potentialBrakes,
    prospects_for_future: v.prospectsForFuture,
    originality_of_approach: v.originalityOfApproach,
    website_urls: v.websiteUrls,
    display_documents: v.displayDocuments,
    address_line_1: v.addressLine1,
    address_line_2: v.addressLine2,
    postcode: v.postcode,
    city: v.city,
    latitude: v.latitude,
    longitude: v.longitude,
    communes: await communeOptions(db, state.relations.communeCodes),
    communities_of_communes: await communityOptions(db, state.relations.communityCodes),
    logos: await fileEntries(db, state.files.logos),
    documents: await fileEntries(db, state.files.documents),
  };
}
