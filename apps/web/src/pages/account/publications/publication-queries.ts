import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { pathTo } from '@ad/contract';
import {
  USER_EVENTS_PATH,
  USER_POSTS_PATH,
  USER_RESOURCES_PATH,
  type EventOptions,
  type EventPreview,
  type PostOptions,
  type PostPreview,
  type ResourceOptions,
  type ResourcePreview,
} from '@ad/contract/account/publications';
import { apiQuery } from '../../../lib/api-query.ts';

/**
 * The account area's reads of posts, events and resources. Their keys start with '/api/user',
 * so a save or a delete refetches them (features/account-forms success modal).
 */
const optionsQuery = <T>(path: string, id: string | undefined) =>
  id ? apiQuery<T>(`${path}/options/:id`, { id }) : apiQuery<T>(`${path}/options`);

export const publicationQueries = {
  postOptions: (id?: string) => optionsQuery<PostOptions>(USER_POSTS_PATH, id),
  eventOptions: (id?: string) => optionsQuery<EventOptions>(USER_EVENTS_PATH, id),
  resourceOptions: (id?: string) => optionsQuery<ResourceOptions>(USER_RESOURCES_PATH, id),
  post: (id: string) => apiQuery<{ data: PostPreview }>(`${USER_POSTS_PATH}/:id`, { id }),
  event: (id: string) => apiQuery<{ data: EventPreview }>(`${USER_EVENTS_PATH}/:id`, { id }),
  resource: (id: string) =>
    apiQuery<{ data: ResourcePreview }>(`${USER_RESOURCES_PATH}/:id`, { id }),
};

/**
 * A read the page cannot do without (a form's options, a preview): when it fails the member goes
 * to the 404 page (spec §8).
 */
export function useQueryOr404<T>(options: ReturnType<typeof apiQuery<T>>) {
  const navigate = useNavigate();
  const query = useQuery({ ...options, retry: false });
  useEffect(() => {
    if (query.isError) navigate(pathTo('404'), { replace: true });
  }, [query.isError, navigate]);
  return query;
}
