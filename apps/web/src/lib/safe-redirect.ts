/**
 * The page to return to after sign-in, from the `redirect` query parameter: a path of this site
 * only (no other origin, no protocol-relative `//host`, no backslash tricks), else null.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes and control characters: browsers read `/\\host` or `/<tab>/host` as another origin.
  if ([...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20)) return null;
  try {
    const url = new URL(value, 'http://same.invalid');
    // `/.//host` passes the checks above but its path normalises to `//host`.
    if (url.origin !== 'http://same.invalid' || url.pathname.startsWith('//')) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
