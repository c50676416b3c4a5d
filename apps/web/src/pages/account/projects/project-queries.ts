import type {
  FoodProcedureOptions,
  FoodProcedurePreview,
  InitiativeOptions,
  InitiativePreview,
} from '@ad/contract/account/projects';
import { apiQuery } from '../../../lib/api-query.ts';

export type ProjectType = 'initiatives' | 'food_procedures';

const optionsQuery = <T>(type: ProjectType, id: string | undefined) =>
  id
    ? apiQuery<T>(`/api/user/${type}/options/:id`, { id })
    : apiQuery<T>(`/api/user/${type}/options`);

/** Reads of the member's initiatives and procedures; '/api/user' keys are refetched after a save. */
export const projectQueries = {
  initiativeOptions: (id?: string) => optionsQuery<InitiativeOptions>('initiatives', id),
  foodProcedureOptions: (id?: string) => optionsQuery<FoodProcedureOptions>('food_procedures', id),
  initiative: (id: string) =>
    apiQuery<{ data: InitiativePreview }>('/api/user/initiatives/:id', { id }),
  foodProcedure: (id: string) =>
    apiQuery<{ data: FoodProcedurePreview }>('/api/user/food_procedures/:id', { id }),
};
