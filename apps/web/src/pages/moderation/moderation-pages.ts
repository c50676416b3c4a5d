import type { RouteName } from '@ad/contract';
import { lazyComponent } from '../../app/lazy-component.tsx';
import type { PageDefinition } from '../../app/pages.ts';

/** Back-office screens (client-rendered inside the frame: no server queries). */
export const moderationPages: Partial<Record<RouteName, PageDefinition>> = {
  moderation: {
    source: 'src/pages/moderation/moderation-queue-page.tsx',
    component: lazyComponent(() =>
      import('./moderation-queue-page.tsx').then((m) => m.ModerationQueuePage),
    ),
  },
  'moderation.item': {
    source: 'src/pages/moderation/moderation-review-page.tsx',
    component: lazyComponent(() =>
      import('./moderation-review-page.tsx').then((m) => m.ModerationReviewPage),
    ),
  },
  'moderation.error-reports': {
    source: 'src/pages/moderation/error-reports-page.tsx',
    component: lazyComponent(() =>
      import('./error-reports-page.tsx').then((m) => m.ErrorReportsPage),
    ),
  },
  'moderation.upkeep': {
    source: 'src/pages/moderation/upkeep/upkeep-page.tsx',
    component: lazyComponent(() => import('./upkeep/upkeep-page.tsx').then((m) => m.UpkeepPage)),
  },
  'moderation.settings': {
    source: 'src/pages/moderation/team-settings/team-settings-page.tsx',
    component: lazyComponent(() =>
      import('./team-settings/team-settings-page.tsx').then((m) => m.TeamSettingsPage),
    ),
  },
  'moderation.users': {
    source: 'src/pages/moderation/team-users/team-users-page.tsx',
    component: lazyComponent(() =>
      import('./team-users/team-users-page.tsx').then((m) => m.TeamUsersPage),
    ),
  },
  'moderation.glossary': {
    source: 'src/pages/moderation/team-content/glossary-page.tsx',
    component: lazyComponent(() =>
      import('./team-content/glossary-page.tsx').then((m) => m.GlossaryAdminPage),
    ),
  },
  'moderation.faq': {
    source: 'src/pages/moderation/team-content/faq-page.tsx',
    component: lazyComponent(() =>
      import('./team-content/faq-page.tsx').then((m) => m.FaqAdminPage),
    ),
  },
  'moderation.team-members': {
    source: 'src/pages/moderation/team-content/team-members-page.tsx',
    component: lazyComponent(() =>
      import('./team-content/team-members-page.tsx').then((m) => m.TeamMembersAdminPage),
    ),
  },
  'moderation.contact-thematics': {
    source: 'src/pages/moderation/team-content/contact-thematics-page.tsx',
    component: lazyComponent(() =>
      import('./team-content/contact-thematics-page.tsx').then((m) => m.ContactThematicsAdminPage),
    ),
  },
  'moderation.audit': {
    source: 'src/pages/moderation/audit-history/audit-history-page.tsx',
    component: lazyComponent(() =>
      import('./audit-history/audit-history-page.tsx').then((m) => m.AuditHistoryPage),
    ),
  },
};
