import {
  CONTACT_US_OPTIONS_PATH,
  type ContactUsAddress,
  type ContactUsOptions,
} from '@ad/contract';
import { apiQuery } from '../../lib/api-query.ts';

/** GET /api/contact-us/options: the page's one query, answered in-process by the server. */
export const contactUsOptionsQuery = () => apiQuery<ContactUsOptions>(CONTACT_US_OPTIONS_PATH);

/**
 * The address blocks to show: those of the chosen thematic; all of them when no thematic is
 * chosen, or when the chosen one has none of its own ('Autre'). A block shared by several
 * thematics is shown once.
 */
export function visibleAddresses(
  addresses: readonly ContactUsAddress[],
  thematicId: string,
): ContactUsAddress[] {
  const own = thematicId
    ? addresses.filter((address) => String(address.thematic_id) === thematicId)
    : [];
  const seen = new Set<string>();
  return (own.length > 0 ? own : addresses).filter((address) => {
    const { thematic_id: _thematic, ...block } = address;
    const key = JSON.stringify(block);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
