import type { SessionUser } from '../../platform/auth/sessions.ts';

/** The list of subscribers is personal data: the team only (moderators and administrators). */
export const canExportSubscribers = (user: Pick<SessionUser, 'role'>): boolean =>
  user.role === 'moderator' || user.role === 'admin';
