import type { ReactNode } from 'react';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { SideMenu } from '@codegouvfr/react-dsfr/SideMenu';
import { useLocation } from 'react-router';
import { pathTo } from '@ad/contract';
import { usePageConfig } from '../../app/page-config.ts';
import { fr } from '../../lib/fr.ts';
import { BACK_OFFICE_SECTIONS } from './back-office-sections.ts';
import '../../lib/dsfr-router-links.ts';

const TEAM_ROLES: readonly string[] = ['moderator', 'admin'];

/** Whether the signed-in user belongs to the moderation team (the API answers 403 otherwise). */
export function useIsModerationTeam(): boolean {
  const role = usePageConfig().user?.role;
  return role !== undefined && TEAM_ROLES.includes(role);
}

export const RESERVED_MESSAGE = "Cette page est réservée à l'équipe de modération.";

/**
 * The frame of a back-office page: its container, the back office's menu (unless `menu` is
 * false, as on a review page that needs the whole width) and, for a member, the reserved message
 * in place of the content (nothing is fetched for them).
 */
export function ModerationFrame({
  title,
  reservedTitle,
  menu = true,
  children,
}: {
  /** The page's h1 for the team (none while the page loads what it is about). */
  title: string | null;
  /** The h1 a member sees above the reserved message. */
  reservedTitle: string;
  menu?: boolean;
  children: ReactNode;
}) {
  const isTeam = useIsModerationTeam();
  const content = (
    <>
      {title ? <h1>{title}</h1> : null}
      {children}
    </>
  );
  return (
    <div className={`${fr.cx('fr-container', 'fr-my-6w')} app-moderation`}>
      {isTeam ? (
        menu ? (
          <div className={fr.cx('fr-grid-row', 'fr-grid-row--gutters')}>
            <div className={fr.cx('fr-col-12', 'fr-col-md-3')}>
              <BackOfficeMenu />
            </div>
            <div className={fr.cx('fr-col-12', 'fr-col-md-9')}>{content}</div>
          </div>
        ) : (
          content
        )
      ) : (
        <>
          <h1>{reservedTitle}</h1>
          <Alert severity="warning" small description={RESERVED_MESSAGE} />
        </>
      )}
    </div>
  );
}

/** The sections of the back office the signed-in team member may open. */
function BackOfficeMenu() {
  const role = usePageConfig().user?.role;
  const { pathname } = useLocation();
  const items = BACK_OFFICE_SECTIONS.filter((section) => role && section.roles.includes(role)).map(
    (section) => {
      const path = pathTo(section.route);
      return {
        text: section.label,
        linkProps: { to: path },
        isActive: pathname === path,
      };
    },
  );
  return <SideMenu align="left" burgerMenuButtonText="Menu de l'équipe" sticky items={items} />;
}
