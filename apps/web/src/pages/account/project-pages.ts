import type { RouteName } from '@ad/contract';
import type { PageDefinition } from '../../app/pages.ts';
import { lazyComponent } from '../../app/lazy-component.tsx';

const FORMS = 'src/pages/account/projects/project-form-pages.tsx';
const PREVIEWS = 'src/pages/account/projects/project-preview-pages.tsx';

const initiativeForm = lazyComponent(() =>
  import('./projects/project-form-pages.tsx').then((m) => m.InitiativeFormPage),
);
const procedureForm = lazyComponent(() =>
  import('./projects/project-form-pages.tsx').then((m) => m.FoodProcedureFormPage),
);

/** Account screens (client-rendered inside the frame: no server queries). */
export const projectPages: Partial<Record<RouteName, PageDefinition>> = {
  'myaccount.initiatives.create': { source: FORMS, component: initiativeForm },
  'myaccount.initiatives.update': { source: FORMS, component: initiativeForm },
  'myaccount.initiatives.show': {
    source: PREVIEWS,
    component: lazyComponent(() =>
      import('./projects/project-preview-pages.tsx').then((m) => m.InitiativePreviewPage),
    ),
  },
  'myaccount.foodProcedures.create': { source: FORMS, component: procedureForm },
  'myaccount.foodProcedures.update': { source: FORMS, component: procedureForm },
  'myaccount.foodProcedures.show': {
    source: PREVIEWS,
    component: lazyComponent(() =>
      import('./projects/project-preview-pages.tsx').then((m) => m.FoodProcedurePreviewPage),
    ),
  },
};
