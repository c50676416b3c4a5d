import type { RouteName } from '@ad/contract';
import type { PageDefinition } from '../../app/pages.ts';

/** Back-office screens (client-rendered inside the frame: no server queries). */
export const moderationPages: Partial<Record<RouteName, PageDefinition>> = {};
