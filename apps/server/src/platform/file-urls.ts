/**
 * Public URL of an uploaded file from its storage key. Local-disk storage serves DATA_DIR/uploads
 * under /uploads/ (random names, so cached as immutable); an S3 bucket is read from its public
 * URL (S3_PUBLIC_URL). Presenters call `publicFileUrl` everywhere, so the base is set once at
 * startup by the uploads plugin (`configureFileUrls`) rather than passed down to each of them.
 */
export const UPLOADS_PREFIX = '/uploads/';

let base = UPLOADS_PREFIX;

/** `baseUrl` null or empty: the local /uploads/ route. */
export function configureFileUrls(options: { baseUrl: string | null | undefined }): void {
  base = options.baseUrl ? `${options.baseUrl.replace(/\/+$/, '')}/` : UPLOADS_PREFIX;
}

export function publicFileUrl(storageKey: string | null | undefined): string | null {
  if (!storageKey) return null;
  return base + storageKey.split('/').map(encodeURIComponent).join('/');
}

/**
 * The storage key of a URL made by `publicFileUrl`, or null for any other address (or a path
 * with empty, `.` or `..` segments): for code given a file's URL that needs its bytes.
 */
export function storageKeyFromPublicUrl(url: string): string | null {
  if (!url.startsWith(base)) return null;
  let segments: string[];
  try {
    segments = url
      .slice(base.length)
      .split(/[?#]/)[0]!
      .split('/')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  if (segments.some((segment) => !segment || segment === '.' || segment === '..')) return null;
  return segments.join('/');
}
