import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Member-submitted types that go through moderation (revisions.subject_type). */
export const REVISION_SUBJECT_TYPES = [
  'initiative',
  'food_procedure',
  'post',
  'event',
  'resource',
  'contact',
] as const;
export type RevisionSubjectType = (typeof REVISION_SUBJECT_TYPES)[number];

export const revisionSubjectTypeEnum = pgEnum('revision_subject_type', REVISION_SUBJECT_TYPES);
export const revisionStatusEnum = pgEnum('revision_status', ['pending', 'approved', 'rejected']);

/**
 * A pending edit of an item that is already published: the live row stays online while the
 * revision waits. `payload` holds the submitted fields (including relation ids and file ids) in
 * the shape the service applies on approval. At most one pending revision per item.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    subjectType: revisionSubjectTypeEnum('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    authorId: integer('author_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: revisionStatusEnum('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    comment: text('comment'),
  },
  (t) => [
    index('revisions_subject_idx').on(t.subjectType, t.subjectId, t.status),
    uniqueIndex('revisions_one_pending_per_subject')
      .on(t.subjectType, t.subjectId)
      .where(sql`${t.status} = 'pending'`),
    index('revisions_status_created_at_idx').on(t.status, t.createdAt),
    index('revisions_author_id_idx').on(t.authorId),
    index('revisions_reviewed_by_idx').on(t.reviewedBy),
  ],
);

/** Who changed what (append-only). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer('actor_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** e.g. 'initiative.create', 'user.login', 'revision.approve'. */
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    /** Text so that code keys (communes, départements) fit as well as integer ids. */
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_actor_id_idx').on(t.actorId),
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId),
    index('audit_events_created_at_idx').on(t.createdAt),
    // The last event of an action (the moderation digest's last run).
    index('audit_events_action_created_at_idx').on(t.action, t.createdAt),
  ],
);
