import type { QueryClient } from '@tanstack/react-query';
import {
  SETTINGS_LIST_INFO,
  TEAM_SETTINGS_API_PATH,
  type SettingsList,
  type SettingsListInfo,
  type SettingsListResponse,
} from '@ad/contract/account/team-settings';
import { apiQuery } from '../../../lib/api-query.ts';
import { ApiError } from '../../../lib/api-client.ts';

const LIST_PATH = `${TEAM_SETTINGS_API_PATH}/:list`;

export const settingsListQuery = (list: SettingsList) =>
  apiQuery<SettingsListResponse>(LIST_PATH, { list });

/** After a change the list is read again (its order, names and uses). */
export const invalidateSettingsList = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [LIST_PATH] });

export const listUrl = (list: SettingsList) => `${TEAM_SETTINGS_API_PATH}/${list}`;
export const entryUrl = (list: SettingsList, id: number) => `${listUrl(list)}/${id}`;
export const moveUrl = (list: SettingsList, id: number) => `${entryUrl(list, id)}/move`;

/** « une catégorie » → « Catégorie » (the delete modal's title). */
export function entryNoun(info: SettingsListInfo): string {
  const noun = info.one.replace(/^une? /, '');
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}

export const listInfo = (list: SettingsList) => SETTINGS_LIST_INFO[list];

/**
 * Checks a body with the contract's schema before it is sent (the server checks it again):
 * a failure is thrown as the 422 the server would answer, so the form shows it the same way.
 */
export function parsedOr422<T>(
  schema: {
    safeParse(
      body: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'name';
    (errors[key] ??= []).push(issue.message);
  }
  throw new ApiError(422, Object.values(errors)[0]?.[0] ?? '', errors);
}
