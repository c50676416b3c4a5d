/**
 * The id a URL's hash names (`#lettre-e` → `lettre-e`), percent-decoded. A malformed escape (`#%`,
 * an old Latin-1 link such as `#%E9picerie`) is kept as it is: `decodeURIComponent` throws on it,
 * and a throw in a layout effect would unmount the whole app.
 */
export function hashTarget(hash: string): string {
  const id = hash.slice(1);
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
