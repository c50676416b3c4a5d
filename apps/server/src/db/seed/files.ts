import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { DbOrTx } from '../client.ts';
import { files } from '../schema/index.ts';
import { placeholderPdf, placeholderPng } from './placeholders.ts';

export interface SeedFileSpec {
  /** Storage key (path in the uploads folder or the bucket), e.g. "seed/posts/marche.png". */
  storageKey: string;
  originalName: string;
  mimeType: string;
  bytes: Buffer;
  width?: number;
  height?: number;
}

/**
 * Inserts a `files` row for a generated placeholder (or finds the existing one, so re-running is
 * safe) and stores the bytes when a storage is given: the one the application serves its uploads
 * from (DATA_DIR/uploads or the S3 bucket), so the rows never point at a file visitors cannot
 * get. Without a storage (tests), only the rows exist.
 */
export async function ensureSeedFile(
  db: DbOrTx,
  spec: SeedFileSpec,
  storage: FileStorage | undefined,
): Promise<number> {
  // Written again on every run: a file lost from the storage comes back with the next seed.
  if (storage) await storage.put(spec.storageKey, spec.bytes);
  const inserted = await db
    .insert(files)
    .values({
      storageKey: spec.storageKey,
      originalName: spec.originalName,
      mimeType: spec.mimeType,
      size: spec.bytes.length,
      width: spec.width ?? null,
      height: spec.height ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: files.id });
  if (inserted[0]) return inserted[0].id;
  const [existing] = await db
    .select({ id: files.id })
    .from(files)
    .where(eq(files.storageKey, spec.storageKey));
  if (!existing) throw new Error(`Could not store seed file ${spec.storageKey}`);
  return existing.id;
}

/** "posts/marche.jpg" -> a PNG placeholder stored as "seed/posts/marche.png". */
export function imageSpec(name: string, color: string): SeedFileSpec {
  const png = name.replace(/\.[a-z]+$/i, '.png');
  return {
    storageKey: `seed/${png}`,
    originalName: path.basename(png),
    mimeType: 'image/png',
    bytes: placeholderPng(color),
    width: 640,
    height: 360,
  };
}

export function pdfSpec(
  folder: string,
  filename: string,
  title: string,
  body: string,
): SeedFileSpec {
  return {
    storageKey: `seed/${folder}/${filename}`,
    originalName: filename,
    mimeType: 'application/pdf',
    bytes: placeholderPdf(title, body),
  };
}
