import { pathTo } from '@ad/contract';
import {
  AUDIT_API_PATH,
  AUDIT_PER_PAGE,
  auditActionLabel,
  auditSubjectTypeLabel,
  type AuditActors,
  type AuditEntry,
  type AuditList,
  type AuditSubject,
} from '@ad/contract/account/audit-history';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import {
  findPeople,
  listAuditEvents,
  SUBJECTS_BY_TYPE,
  teamPeople,
  titlesOf,
  type AuditFilters,
} from './audit-history.queries.ts';
import { personOf, summaryOf, titleFromData } from './audit-history.presenter.ts';

interface SubjectRef {
  type: string;
  id: string;
}

interface Resolved {
  title: string;
  link: string | null;
}

const keyOf = (ref: SubjectRef) => `${ref.type}:${ref.id}`;

/**
 * The audit history for the team (issue 10): events newest first with their actor, a French
 * label, their subject's title and back-office link (one query per subject type on the page, never
 * one per event) and a sentence summarising their data.
 */
export function createAuditHistory(deps: { db: AppDatabase }) {
  const { db } = deps;

  /** The subjects that still exist, by `type:id`; items of unknown types are left out. */
  async function resolve(refs: SubjectRef[], viewer: SessionUser): Promise<Map<string, Resolved>> {
    const idsByType = new Map<string, Set<number>>();
    for (const ref of refs) {
      if (!/^\d{1,9}$/.test(ref.id)) continue;
      if (ref.type !== 'user' && !SUBJECTS_BY_TYPE.has(ref.type)) continue;
      const ids = idsByType.get(ref.type) ?? new Set<number>();
      ids.add(Number(ref.id));
      idsByType.set(ref.type, ids);
    }
    const found = new Map<string, Resolved>();
    await Promise.all(
      [...idsByType].map(async ([type, idSet]) => {
        const ids = [...idSet];
        if (type === 'user') {
          for (const person of (await findPeople(db, ids)).map(personOf)) {
            // The accounts list is the admins' (moderators get 403 there).
            const link =
              viewer.role === 'admin'
                ? `${pathTo('moderation.users')}?${new URLSearchParams({ q: person.email }).toString()}`
                : null;
            found.set(keyOf({ type, id: String(person.id) }), { title: person.name, link });
          }
          return;
        }
        const subject = SUBJECTS_BY_TYPE.get(type);
        if (!subject) return;
        for (const [id, title] of await titlesOf(db, subject, ids)) {
          found.set(keyOf({ type, id: String(id) }), {
            title,
            link: pathTo('moderation.item', { type: subject.type, id }),
          });
        }
      }),
    );
    return found;
  }

  const subjectOf = (
    ref: SubjectRef,
    resolved: Map<string, Resolved>,
    data: Record<string, unknown> = {},
  ): AuditSubject => {
    const current = resolved.get(keyOf(ref));
    return {
      type: ref.type,
      type_label: auditSubjectTypeLabel(ref.type),
      id: ref.id,
      title: current?.title || titleFromData(data),
      link: current?.link ?? null,
    };
  };

  return {
    async list(filters: AuditFilters, page: number, viewer: SessionUser): Promise<AuditList> {
      const request = pageRequest(page, AUDIT_PER_PAGE);
      const filteredSubject: SubjectRef | null =
        filters.subjectType && filters.subjectId
          ? { type: filters.subjectType, id: filters.subjectId }
          : null;
      const [{ rows, total }, filteredActor] = await Promise.all([
        listAuditEvents(db, filters, request),
        typeof filters.actor === 'number' ? findPeople(db, [filters.actor]) : Promise.resolve([]),
      ]);
      const refs = rows.flatMap((row): SubjectRef[] =>
        row.subjectType && row.subjectId ? [{ type: row.subjectType, id: row.subjectId }] : [],
      );
      const resolved = await resolve(filteredSubject ? [...refs, filteredSubject] : refs, viewer);

      const data = rows.map((row): AuditEntry => {
        const eventData = row.data ?? {};
        return {
          id: Number(row.id),
          action: row.action,
          action_label: auditActionLabel(row.action),
          actor:
            row.actorId === null
              ? null
              : personOf({
                  id: row.actorId,
                  firstname: row.firstname ?? '',
                  lastname: row.lastname ?? '',
                  email: row.email ?? '',
                }),
          subject:
            row.subjectType && row.subjectId
              ? subjectOf({ type: row.subjectType, id: row.subjectId }, resolved, eventData)
              : null,
          created_at: row.createdAt.toISOString(),
          summary: summaryOf(row.action, row.subjectType, eventData),
          data: eventData,
        };
      });

      const link = pageLink(AUDIT_API_PATH, {
        actor: filters.actor,
        action: filters.action,
        subject_type: filters.subjectType,
        subject_id: filters.subjectId,
        from: filters.from,
        to: filters.to,
      });
      const firstData = rows[0]?.data ?? {};
      return {
        ...paginate(data, total, request, link),
        context: {
          actor: filteredActor[0] ? personOf(filteredActor[0]) : null,
          subject: filteredSubject ? subjectOf(filteredSubject, resolved, firstData) : null,
        },
      };
    },

    async actors(): Promise<AuditActors> {
      return { data: (await teamPeople(db)).map(personOf) };
    },
  };
}
