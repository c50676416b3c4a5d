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
};
