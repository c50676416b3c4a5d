import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const errorReportSubjectTypeEnum = pgEnum('error_report_subject_type', [
  'initiative',
  'food_procedure',
]);

/** « Signaler une erreur »: a visitor's report about a published initiative or procedure. */
export const errorReports = pgTable(
  'error_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    subjectType: errorReportSubjectTypeEnum('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** Optional: lets the team answer the visitor. */
    email: text('email'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the team has dealt with the report. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('error_reports_subject_idx').on(t.subjectType, t.subjectId),
    index('error_reports_created_at_idx').on(t.createdAt),
    index('error_reports_resolved_by_idx').on(t.resolvedBy),
  ],
);
