/**
 * Public URL of an uploaded file from its storage key. Local-disk storage serves DATA_DIR/uploads
 * under /uploads/ (random names, so cached as immutable); an S3-compatible storage will swap the
 * base for its public bucket URL.
 */
export const UPLOADS_PREFIX = '/uploads/';

export function publicFileUrl(storageKey: string | null | undefined): string | null {
  if (!storageKey) return null;
  return UPLOADS_PREFIX + storageKey.split('/').map(encodeURIComponent).join('/');
}
