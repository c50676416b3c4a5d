import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../../env.ts';
import type { AppDatabase, Clock } from '../database.ts';
import { configureFileUrls, UPLOADS_PREFIX } from '../file-urls.ts';
import { storageFromConfig } from '../storage/storage-from-config.ts';
import type { FileStorage } from '../storage/storage.ts';
import { largestUpload } from './check-form-files.ts';
import { createFileStore, FILE_THUMBNAIL_JOB, type FileStore } from './file-store.ts';
import { registerMultipart } from './multipart-form.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: stored under random names, rows in `files`, thumbnails by a job. */
    fileStore: FileStore;
    /** Where the bytes are (local disk or S3 bucket), for code that reads an uploaded file by key. */
    fileStorage: FileStorage;
  }
}

/** At most 4 logos and 4 documents, plus a featured image (spec account-area §5). */
const MAX_FILES_PER_FORM = 10;

/**
 * Uploads of the member forms: multipart parsing, storage and the thumbnail job. Files go to
 * DATA_DIR/uploads, served under /uploads/ with random, immutable names, or to the S3 bucket
 * when S3_BUCKET is set, read by browsers from S3_PUBLIC_URL (no local route then).
 */
export async function registerUploads(
  app: FastifyInstance,
  deps: { config: Config; db: AppDatabase; clock: Clock },
): Promise<void> {
  const configured = await storageFromConfig(deps.config);
  configureFileUrls({ baseUrl: configured.kind === 's3' ? configured.publicUrl : null });
  app.addHook('onClose', async () => configured.close());
  const fileStore = createFileStore({
    db: deps.db,
    storage: configured.storage,
    jobs: app.jobs,
    clock: deps.clock,
    log: app.log,
  });
  app.decorate('fileStore', fileStore);
  app.decorate('fileStorage', configured.storage);
  await app.jobs.work<{ fileId: number }>(FILE_THUMBNAIL_JOB, ({ fileId }) =>
    fileStore.makeThumbnail(fileId),
  );
  await registerMultipart(app, {
    maxFileBytes: largestUpload(deps.config),
    maxFiles: MAX_FILES_PER_FORM,
  });
  if (configured.kind !== 'local') return;
  mkdirSync(configured.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: configured.root,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    cacheControl: false,
    // Uploads are never executed or sniffed as a page: served as files, under our CSP.
    setHeaders: (res) => {
      void res.header('Cache-Control', 'public, max-age=31536000, immutable');
      void res.header('X-Content-Type-Options', 'nosniff');
    },
  });
}
