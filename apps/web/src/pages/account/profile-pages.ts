import type { RouteName } from '@ad/contract';
import { lazyComponent } from '../../app/lazy-component.tsx';
import type { PageDefinition } from '../../app/pages.ts';

/** Account screens (client-rendered inside the frame: no server queries). */
export const profilePages: Partial<Record<RouteName, PageDefinition>> = {
  'myaccount.dashboard': {
    source: 'src/pages/account/dashboard/dashboard-page.tsx',
    component: lazyComponent(() =>
      import('./dashboard/dashboard-page.tsx').then((m) => m.DashboardPage),
    ),
  },
  'myaccount.institution': {
    source: 'src/pages/account/institution/institution-page.tsx',
    component: lazyComponent(() =>
      import('./institution/institution-page.tsx').then((m) => m.InstitutionPage),
    ),
  },
  'myaccount.profile': {
    source: 'src/pages/account/profile/profile-page.tsx',
    component: lazyComponent(() => import('./profile/profile-page.tsx').then((m) => m.ProfilePage)),
  },
};
