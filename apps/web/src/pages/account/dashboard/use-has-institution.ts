import { useQuery } from '@tanstack/react-query';
import type { InstitutionOptions } from '@ad/contract/account/user-account';
import { usePageConfig } from '../../../app/page-config.ts';
import { apiQuery } from '../../../lib/api-query.ts';

export const institutionOptionsQuery = () =>
  apiQuery<InstitutionOptions>('/api/user/institution/options');

/**
 * Whether the member has an institution: the page config says so when the page was loaded; when
 * it says no, the server is asked, so that an institution saved since then (this visit, or another
 * tab) counts. The query is an account query: the success modals refetch it. Null while unknown.
 */
export function useHasInstitution(): boolean | null {
  const { user } = usePageConfig();
  const known = user?.has_institution === true;
  const options = useQuery({ ...institutionOptionsQuery(), enabled: !known });
  if (known) return true;
  if (options.data) return options.data.institution !== null;
  // Unknown answer (failed request): the cards stay gated, as the page config says.
  return options.isError ? false : null;
}
