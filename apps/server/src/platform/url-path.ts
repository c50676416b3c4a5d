/** The path of a request URL without its query string, percent-decoded as the router sees it. */
export function decodedPathname(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname; // malformed percent-encoding: the router answers 400/404 anyway
  }
}
