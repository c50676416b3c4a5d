import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pathTo, type ModerationStatus } from '@ad/contract';
import {
  MODERATION_MESSAGES,
  type ModerationDecision,
  type ModerationDecisionResponse,
  type ModerationType,
} from '@ad/contract/account/moderation';
import type { Transaction } from '../../db/client.ts';
import { revisions, users } from '../../db/schema/index.ts';
import type { Config } from '../../env.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { Clock } from '../../platform/database.ts';
import { HttpError, ValidationError } from '../../platform/errors.ts';
import type { FileTransaction } from '../../platform/uploads/file-store.ts';
import type { PendingRevision } from '../member-content/submissions.ts';
import {
  applyContactRevision,
  type InstitutionRevisionPayload,
} from '../user-account/institution.ts';
import {
  applyFoodProcedureRevision,
  type FoodProcedureState,
} from '../user-projects/food-procedures.ts';
import { applyInitiativeRevision, type InitiativeState } from '../user-projects/initiatives.ts';
import {
  applyEventRevision,
  applyPostRevision,
  applyResourceRevision,
} from '../user-publications/user-publications.routes.ts';
import type { EventRevision } from '../user-publications/user-events.ts';
import type { PostRevision } from '../user-publications/user-posts.ts';
import type { ResourceRevision } from '../user-publications/user-resources.ts';
import { flatten } from './moderation-fields.ts';
import {
  fileIdsOf,
  findItem,
  liveState,
  revisionOf,
  reviewVersion,
  type ModeratedItem,
} from './moderation-items.ts';
import type { ModerationEmails } from './moderation.emails.tsx';
import { subjectOf } from './moderation-subjects.ts';

/**
 * The team's decisions (docs/decisions/0003, issue 10).
 *
 * - publish: a new item becomes 'published'; an edit is applied to the live row in the same
 *   transaction and its revision is 'approved'.
 * - refuse: a new item becomes 'rejected' (« Refusé ») with the comment; an edit's revision is
 *   'rejected' and the published version stays online untouched.
 * - request_changes: a new item goes to 'draft' (« Brouillon ») with the comment: it leaves the
 *   queue, the author sees what to change, and their next save puts it back to 'pending' (an edit
 *   of an unpublished item always does). For an edit, the revision is 'rejected' with the comment
 *   (revisions have no draft state): the published version stays online and the author edits
 *   again. Refusing is final in intent, asking for changes is not; the audit action and the
 *   e-mail tell the two apart.
 * - unpublish: a published item becomes 'rejected' with the reason (not 'pending', which would
 *   put it back in the queue without the author changing anything); a pending edit of it is
 *   rejected with the same reason. The author's next save submits it again.
 */

type Outcome = ModerationDecision | 'unpublish';

const AUDIT_ACTIONS: Record<Outcome, string> = {
  publish: 'moderation.publish',
  refuse: 'moderation.refuse',
  request_changes: 'moderation.request_changes',
  unpublish: 'moderation.unpublish',
};

const RESPONSES: Record<Outcome, string> = {
  publish: MODERATION_MESSAGES.published,
  refuse: MODERATION_MESSAGES.refused,
  request_changes: MODERATION_MESSAGES.changesRequested,
  unpublish: MODERATION_MESSAGES.unpublished,
};

/** Applies an approved revision to the live row; the files it no longer uses are discarded. */
async function applyRevision(
  files: FileTransaction,
  type: ModerationType,
  id: number,
  payload: Record<string, unknown>,
): Promise<void> {
  const { tx } = files;
  switch (type) {
    case 'posts':
      return files.discard(await applyPostRevision(tx, id, payload as PostRevision));
    case 'events':
      return files.discard(await applyEventRevision(tx, id, payload as EventRevision));
    case 'resources':
      return files.discard(await applyResourceRevision(tx, id, payload as ResourceRevision));
    case 'initiatives':
      return files.discard(
        await applyInitiativeRevision(tx, id, payload as unknown as InitiativeState),
      );
    case 'food_procedures':
      return files.discard(
        await applyFoodProcedureRevision(tx, id, payload as unknown as FoodProcedureState),
      );
    case 'institutions':
      return applyContactRevision(files, id, payload as InstitutionRevisionPayload);
  }
}

export function moderationDecisions(deps: {
  app: FastifyInstance;
  config: Config;
  clock: Clock;
  emails: ModerationEmails;
}) {
  const { app, config, clock, emails } = deps;

  /** Sets the item's moderation columns (table chosen from the registry). */
  async function setItemStatus(
    tx: Transaction,
    item: ModeratedItem,
    actor: SessionUser,
    changes: { status: ModerationStatus; comment: string | null },
  ) {
    const now = sql`${clock().toISOString()}::timestamptz`;
    const publishedAt =
      changes.status === 'published' ? sql`COALESCE(published_at, ${now})` : sql`published_at`;
    await tx.execute(sql`
      UPDATE ${sql.identifier(subjectOf(item.type).table)}
      SET moderation_status = ${changes.status}, moderation_comment = ${changes.comment},
        published_at = ${publishedAt}, moderated_at = ${now}, moderated_by = ${actor.id}
      WHERE id = ${item.id}`);
  }

  async function closeRevision(
    files: FileTransaction,
    item: ModeratedItem,
    revision: PendingRevision<Record<string, unknown>>,
    actor: SessionUser,
    status: 'approved' | 'rejected',
    comment: string | null,
  ) {
    const { tx } = files;
    if (status === 'rejected') {
      // Files uploaded for the edit and never linked to the live item lose their last use.
      const live = new Set(fileIdsOf(await liveState(tx, item.type, item.id)));
      await files.discard(fileIdsOf(flatten(revision.payload)).filter((id) => !live.has(id)));
    }
    await tx
      .update(revisions)
      .set({ status, comment, reviewedAt: clock(), reviewedBy: actor.id })
      .where(and(eq(revisions.id, revision.id), eq(revisions.status, 'pending')));
  }

  async function notifyAuthor(
    tx: Transaction,
    item: ModeratedItem,
    outcome: Outcome,
    edit: boolean,
    title: string,
    comment: string | null,
  ) {
    if (item.userId === null) return;
    const [author] = await tx.select().from(users).where(eq(users.id, item.userId));
    if (!author) return;
    const subject = subjectOf(item.type);
    const path =
      subject.accountRoute === 'myaccount.institution'
        ? pathTo(subject.accountRoute)
        : pathTo(subject.accountRoute, { id: item.id });
    const mail = await emails.decision({
      to: author.email,
      firstname: author.firstname,
      outcome,
      edit,
      yours: subject.yours,
      feminine: subject.feminine,
      title,
      comment,
      link: `${config.APP_URL}${path}`,
    });
    await app.mailer.queue(mail, { tx });
  }

  async function record(
    tx: Transaction,
    item: ModeratedItem,
    outcome: Outcome,
    actor: SessionUser,
    data: { comment: string | null; kind: 'new' | 'edit' | 'published'; ip: string | null },
  ) {
    await recordAudit(tx, {
      actorId: actor.id,
      action: AUDIT_ACTIONS[outcome],
      subjectType: subjectOf(item.type).subjectType,
      subjectId: item.id,
      data: { comment: data.comment, kind: data.kind },
      ip: data.ip,
    });
  }

  const titleOf = (
    item: ModeratedItem,
    revision: PendingRevision<Record<string, unknown>> | null,
  ) => String(flatten(revision?.payload ?? {})[subjectOf(item.type).titleKey] ?? item.title);

  /**
   * Runs one decision in one transaction: the item (or its revision) changes, the audit event is
   * written and the author's e-mail is queued, all or nothing. The public cache of this instance
   * is emptied after the commit (the triggers tell the other instances).
   */
  async function run(
    input: {
      type: ModerationType;
      id: number;
      version: string;
      actor: SessionUser;
      ip: string | null;
    },
    outcome: Outcome,
    comment: string | null,
  ): Promise<ModerationDecisionResponse> {
    const { actor } = input;
    const status = await app.fileStore.transaction(async (files) => {
      const { tx } = files;
      const item = await findItem(tx, input.type, input.id, { lock: true });
      const revision = await revisionOf(tx, item);
      // Decided on what the moderator read, or not at all.
      if (reviewVersion(item, revision) !== input.version) {
        throw new HttpError(409, MODERATION_MESSAGES.changedMeanwhile);
      }
      const title = titleOf(item, revision);
      let next: ModerationStatus = item.moderationStatus;
      let kind: 'new' | 'edit' | 'published';

      if (outcome === 'unpublish') {
        if (item.moderationStatus !== 'published') {
          throw new HttpError(409, MODERATION_MESSAGES.notPublished);
        }
        kind = 'published';
        if (revision) await closeRevision(files, item, revision, actor, 'rejected', comment);
        next = 'rejected';
        await setItemStatus(tx, item, actor, { status: next, comment });
      } else if (revision) {
        kind = 'edit';
        if (outcome === 'publish') {
          await applyRevision(files, item.type, item.id, revision.payload);
          await closeRevision(files, item, revision, actor, 'approved', comment);
          await setItemStatus(tx, item, actor, { status: 'published', comment: null });
          next = 'published';
        } else {
          await closeRevision(files, item, revision, actor, 'rejected', comment);
        }
      } else if (item.moderationStatus === 'pending') {
        kind = 'new';
        next = outcome === 'publish' ? 'published' : outcome === 'refuse' ? 'rejected' : 'draft';
        await setItemStatus(tx, item, actor, {
          status: next,
          comment: outcome === 'publish' ? null : comment,
        });
      } else {
        throw new HttpError(409, MODERATION_MESSAGES.nothingWaiting);
      }

      await record(tx, item, outcome, actor, { comment, kind, ip: input.ip });
      await notifyAuthor(tx, item, outcome, kind === 'edit', title, comment);
      return next;
    });
    app.publicCache.invalidate();
    return { message: RESPONSES[outcome], data: { moderation_status: status } };
  }

  return {
    /** `POST /api/moderation/items/:type/:id/decision`. */
    decide(input: {
      type: ModerationType;
      id: number;
      decision: ModerationDecision;
      comment: string | null;
      version: string;
      actor: SessionUser;
      ip: string | null;
    }): Promise<ModerationDecisionResponse> {
      const comment = input.comment?.trim() || null;
      if (input.decision !== 'publish' && !comment) {
        throw new ValidationError({ comment: [MODERATION_MESSAGES.commentRequired] });
      }
      return run(input, input.decision, comment);
    },

    /** `POST /api/moderation/items/:type/:id/unpublish`: the reason is required. */
    unpublish(input: {
      type: ModerationType;
      id: number;
      comment: string | null;
      version: string;
      actor: SessionUser;
      ip: string | null;
    }): Promise<ModerationDecisionResponse> {
      const comment = input.comment?.trim() || null;
      if (!comment) throw new ValidationError({ comment: [MODERATION_MESSAGES.commentRequired] });
      return run(input, 'unpublish', comment);
    },
  };
}
