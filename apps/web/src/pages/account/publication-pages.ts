import type { RouteName } from '@ad/contract';
import { lazyComponent } from '../../app/lazy-component.tsx';
import type { PageDefinition } from '../../app/pages.ts';

const postForm = lazyComponent(() =>
  import('./publications/post-form-page.tsx').then((m) => m.PostFormPage),
);
const eventForm = lazyComponent(() =>
  import('./publications/event-form-page.tsx').then((m) => m.EventFormPage),
);
const resourceForm = lazyComponent(() =>
  import('./publications/resource-form-page.tsx').then((m) => m.ResourceFormPage),
);

/**
 * The member's posts, events and resources (spec account-area §2): one form page for create and
 * edit (edit when the route carries an id) and a preview. Client-rendered inside the frame.
 */
export const publicationPages: Partial<Record<RouteName, PageDefinition>> = {
  'myaccount.posts.create': {
    source: 'src/pages/account/publications/post-form-page.tsx',
    component: postForm,
  },
  'myaccount.posts.update': {
    source: 'src/pages/account/publications/post-form-page.tsx',
    component: postForm,
  },
  'myaccount.posts.show': {
    source: 'src/pages/account/publications/post-preview-page.tsx',
    component: lazyComponent(() =>
      import('./publications/post-preview-page.tsx').then((m) => m.PostPreviewPage),
    ),
  },
  'myaccount.events.create': {
    source: 'src/pages/account/publications/event-form-page.tsx',
    component: eventForm,
  },
  'myaccount.events.update': {
    source: 'src/pages/account/publications/event-form-page.tsx',
    component: eventForm,
  },
  'myaccount.events.show': {
    source: 'src/pages/account/publications/event-preview-page.tsx',
    component: lazyComponent(() =>
      import('./publications/event-preview-page.tsx').then((m) => m.EventPreviewPage),
    ),
  },
  'myaccount.resources.create': {
    source: 'src/pages/account/publications/resource-form-page.tsx',
    component: resourceForm,
  },
  'myaccount.resources.update': {
    source: 'src/pages/account/publications/resource-form-page.tsx',
    component: resourceForm,
  },
  'myaccount.resources.show': {
    source: 'src/pages/account/publications/resource-preview-page.tsx',
    component: lazyComponent(() =>
      import('./publications/resource-preview-page.tsx').then((m) => m.ResourcePreviewPage),
    ),
  },
};
