import type { ReactNode } from 'react';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { usePageConfig } from '../../app/page-config.ts';
import { fr } from '../../lib/fr.ts';

const TEAM_ROLES: readonly string[] = ['moderator', 'admin'];

/** Whether the signed-in user belongs to the moderation team (the API answers 403 otherwise). */
export function useIsModerationTeam(): boolean {
  const role = usePageConfig().user?.role;
  return role !== undefined && TEAM_ROLES.includes(role);
}

export const RESERVED_MESSAGE = "Cette page est réservée à l'équipe de modération.";

/**
 * The frame of a back-office page: its container and, for a member, the reserved message in
 * place of the content (nothing is fetched for them).
 */
export function ModerationFrame({
  title,
  reservedTitle,
  children,
}: {
  /** The page's h1 for the team (none while the page loads what it is about). */
  title: string | null;
  /** The h1 a member sees above the reserved message. */
  reservedTitle: string;
  children: ReactNode;
}) {
  const isTeam = useIsModerationTeam();
  return (
    <div className={`${fr.cx('fr-container', 'fr-my-6w')} app-moderation`}>
      {isTeam ? (
        <>
          {title ? <h1>{title}</h1> : null}
          {children}
        </>
      ) : (
        <>
          <h1>{reservedTitle}</h1>
          <Alert severity="warning" small description={RESERVED_MESSAGE} />
        </>
      )}
    </div>
  );
}
