/**
 * Query parameters that campaign and social links add to a shared address (`utm_*` of newsletters
 * and campaigns, `fbclid` of Facebook, `gclid` of Google Ads…). No page reads them, and the site
 * keeps no statistics. A link shared on Facebook gets a new `fbclid` at every click: kept, each
 * one made a page of its own for the public cache (always computed, never served from it), and
 * the app copied it into the page's links. The server renders and caches the address without
 * them; the app takes them out of the address bar before it starts (decision 0005).
 */
const TRACKING_PARAMS = new Set([
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'dclid',
  'fbclid',
  'gbraid',
  'gclid',
  'gclsrc',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'mkt_tok',
  'msclkid',
  'ttclid',
  'twclid',
  'wbraid',
  'yclid',
]);

function isTracking(part: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent((part.split('=', 1)[0] ?? '').replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return false; // malformed: left to whoever reads it
  }
  return name.startsWith('utm_') || TRACKING_PARAMS.has(name);
}

/**
 * `address` (a path and its query, without a fragment: `/actualites?page=2&utm_source=lettre`)
 * without its tracking parameters; the other parameters keep their order and their exact text.
 * The same string when there are none.
 */
export function withoutTrackingParams(address: string): string {
  const queryAt = address.indexOf('?');
  if (queryAt === -1) return address;
  const parts = address.slice(queryAt + 1).split('&');
  const kept = parts.filter((part) => !isTracking(part));
  if (kept.length === parts.length) return address;
  return address.slice(0, queryAt) + (kept.length ? `?${kept.join('&')}` : '');
}
