import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database, Transaction } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { FileStorage } from '../storage/storage.ts';
import { MAX_IMAGE_PIXELS, type CheckedUpload } from './check-upload.ts';

export const FILE_THUMBNAIL_JOB = 'files.thumbnail';
/** Width of the WebP thumbnails (cards and previews show them at most about 400 px wide). */
export const THUMBNAIL_WIDTH = 640;

/** What a service does with files inside `fileStore.transaction`. */
export interface FileTransaction {
  tx: Transaction;
  /**
   * Inserts the `files` row of an upload named to the transaction (its bytes are stored
   * already); returns its id.
   */
  persist(upload: CheckedUpload, uploadedBy: number | null): Promise<number>;
  /** Deletes `files` rows now; their bytes (and thumbnails) go once the transaction committed. */
  discard(fileIds: readonly number[]): Promise<void>;
}

export interface FileStore {
  /**
   * Runs `work` in a database transaction. The bytes of `uploads`, the new files `work` may
   * persist, are stored first, before the transaction opens: a slow or stalled bucket never holds
   * a database connection (PGlite has only one). They are removed again if the transaction fails,
   * as are those `work` did not persist; after the commit the discarded files' bytes are removed
   * and thumbnails of the new images are queued.
   */
  transaction<T>(
    work: (files: FileTransaction) => Promise<T>,
    uploads?: readonly CheckedUpload[],
  ): Promise<T>;
  /** Makes the WebP thumbnail of an image (the job's handler). */
  makeThumbnail(fileId: number): Promise<void>;
}

const storageKeyFor = (extension: string, now: Date) =>
  `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${extension}`;

export function createFileStore(deps: {
  db: Database;
  storage: FileStorage;
  jobs: JobQueue;
  clock?: () => Date;
  log?: { warn(obj: object, msg: string): void };
}): FileStore {
  const { db, storage, jobs } = deps;
  const clock = deps.clock ?? (() => new Date());

  const removeBytes = async (keys: readonly (string | null)[]) => {
    for (const key of keys) {
      if (!key) continue;
      try {
        await storage.remove(key);
      } catch (error) {
        deps.log?.warn({ err: error, key }, 'could not remove an uploaded file');
      }
    }
  };

  return {
    async transaction(work, uploads = []) {
      const staged = new Map<CheckedUpload, string>();
      const persisted = new Set<string>();
      const discarded: (string | null)[] = [];
      const images: number[] = [];
      let result;
      try {
        for (const upload of new Set(uploads)) {
          const storageKey = storageKeyFor(upload.extension, clock());
          staged.set(upload, storageKey);
          await storage.put(storageKey, upload.file.bytes);
        }
        result = await db.transaction(async (tx) =>
          work({
            tx,
            async persist(upload, uploadedBy) {
              const storageKey = staged.get(upload);
              if (!storageKey) throw new Error('an upload persisted without being named first');
              if (persisted.has(storageKey)) throw new Error('an upload persisted twice');
              persisted.add(storageKey);
              const [row] = await tx
                .insert(files)
                .values({
                  storageKey,
                  originalName: upload.file.filename.slice(0, 255),
                  mimeType: upload.mimeType,
                  size: upload.file.size,
                  width: upload.width,
                  height: upload.height,
                  checksum: createHash('sha256').update(upload.file.bytes).digest('hex'),
                  uploadedBy,
                })
                .returning({ id: files.id });
              if (!row) throw new Error('file row not inserted');
              if (upload.width) images.push(row.id);
              return row.id;
            },
            async discard(fileIds) {
              if (fileIds.length === 0) return;
              const rows = await tx
                .delete(files)
                .where(inArray(files.id, [...fileIds]))
                .returning({ key: files.storageKey, thumb: files.thumbStorageKey });
              for (const row of rows) discarded.push(row.key, row.thumb);
            },
          }),
        );
      } catch (error) {
        await removeBytes([...staged.values()]);
        throw error;
      }
      await removeBytes([...staged.values()].filter((key) => !persisted.has(key)));
      await removeBytes(discarded);
      for (const fileId of images) await jobs.send(FILE_THUMBNAIL_JOB, { fileId });
      return result;
    },

    async makeThumbnail(fileId) {
      const [file] = await db.select().from(files).where(eq(files.id, fileId));
      if (!file || !file.width) return;
      const bytes = await storage.read(file.storageKey);
      const thumb = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
        .rotate()
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const thumbKey = `thumbs/${file.storageKey.replace(/\.[a-z0-9]+$/i, '')}.webp`;
      await storage.put(thumbKey, thumb);
      await db.update(files).set({ thumbStorageKey: thumbKey }).where(eq(files.id, fileId));
    },
  };
}
