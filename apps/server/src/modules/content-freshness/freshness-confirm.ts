import { sql } from 'drizzle-orm';
import type { Config } from '../../env.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { checkFreshnessLink } from './freshness-link.ts';
import { at, rowsOf } from './upkeep-sql.ts';

export const CONFIRM_AUDIT_ACTION = 'initiative.confirm';

/** What the link's button gives: confirmed (or already today), or why it was refused. */
export type ConfirmOutcome = 'confirmed' | 'expired' | 'invalid' | 'unpublished';

/**
 * `POST /initiative-a-jour/:id?expires=&signature=` (the button of the page the e-mail's link
 * opens): the owner's answer « still up to date ». The link is checked against the initiative's
 * current owner; a genuine one sets confirmed_at (which restarts the freshness and retention
 * clocks) and clears the current request and reminder, with an audit event. Idempotent: a second
 * click on the same day changes nothing more.
 */
export async function confirmUpToDate(
  deps: { db: AppDatabase; config: Config },
  input: { id: string; query: { expires?: unknown; signature?: unknown }; ip: string | null },
  now: Date,
): Promise<ConfirmOutcome> {
  const { db, config } = deps;
  if (!/^\d{1,9}$/.test(input.id)) return 'invalid';
  const id = Number(input.id);
  const [item] = rowsOf<{ user_id: number | null; moderation_status: string }>(
    await db.execute(sql`SELECT user_id, moderation_status FROM initiatives WHERE id = ${id}`),
  );
  if (!item || item.user_id === null) return 'invalid';
  const ownerId = Number(item.user_id);
  const verdict = checkFreshnessLink(
    config.SESSION_SECRET,
    { initiativeId: id, ownerId },
    { expires: input.query.expires, signature: input.query.signature },
    now,
  );
  if (verdict !== 'valid') return verdict;
  if (item.moderation_status !== 'published') return 'unpublished';

  await db.transaction(async (tx) => {
    // Raw SQL: updated_at (the item's last change, shown publicly) stays as it was.
    const updated = await tx.execute(sql`
      UPDATE initiatives
      SET confirmed_at = ${at(now)}, freshness_requested_at = NULL, freshness_reminded_at = NULL
      WHERE id = ${id} AND user_id = ${ownerId}
        AND (confirmed_at IS NULL OR confirmed_at < ${at(now)} - interval '1 day')
      RETURNING id`);
    if (rowsOf(updated).length === 0) return;
    await recordAudit(tx, {
      actorId: ownerId,
      action: CONFIRM_AUDIT_ACTION,
      subjectType: 'initiative',
      subjectId: id,
      data: { via: 'freshness_link' },
      ip: input.ip,
    });
  });
  return 'confirmed';
}
