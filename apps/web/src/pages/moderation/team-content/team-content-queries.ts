import type { QueryClient } from '@tanstack/react-query';
import { TEAM_CONTENT_API_PATH, type TeamContentKind } from '@ad/contract/account/team-content';
import { ApiError } from '../../../lib/api-client.ts';
import { apiQuery } from '../../../lib/api-query.ts';

/** The list of one kind, as the back office shows it. */
export const teamContentQuery = <T>(kind: TeamContentKind) =>
  apiQuery<T>(`${TEAM_CONTENT_API_PATH}/${kind}`);

/** After a change every list of these screens is read again (the FAQ's two depend on each other). */
export const invalidateTeamContent = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) =>
      typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(TEAM_CONTENT_API_PATH),
  });

export const kindUrl = (kind: TeamContentKind) => `${TEAM_CONTENT_API_PATH}/${kind}`;
export const entryUrl = (kind: TeamContentKind, id: number) => `${kindUrl(kind)}/${id}`;
export const moveUrl = (kind: TeamContentKind, id: number) => `${entryUrl(kind, id)}/move`;

interface SafeParser<T> {
  safeParse(
    body: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * Checks the form's values with the contract's schema before anything is sent (the server checks
 * them again): a failure is thrown as the 422 the server would answer, so that the form shows it
 * the same way (first message under each field, focus on the first field in error).
 */
export function parsedOr422<T>(schema: SafeParser<T>, values: unknown): T {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    (errors[key] ??= []).push(issue.message);
  }
  throw new ApiError(422, Object.values(errors)[0]?.[0] ?? '', errors);
}
