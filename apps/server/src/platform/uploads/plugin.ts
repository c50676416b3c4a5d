import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../../env.ts';
import type { AppDatabase, Clock } from '../database.ts';
import { UPLOADS_PREFIX } from '../file-urls.ts';
import { localDiskStorage } from '../storage/storage.ts';
import { largestUpload } from './check-form-files.ts';
import { createFileStore, FILE_THUMBNAIL_JOB, type FileStore } from './file-store.ts';
import { registerMultipart } from './multipart-form.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: stored under random names, rows in `files`, thumbnails by a job. */
    fileStore: FileStore;
  }
}

/** At most 4 logos and 4 documents, plus a featured image (spec account-area §5). */
const MAX_FILES_PER_FORM = 10;

/**
 * Uploads of the member forms: multipart parsing, local-disk storage under DATA_DIR/uploads
 * (served under /uploads/ with random, immutable names) and the thumbnail job.
 */
export async function registerUploads(
  app: FastifyInstance,
  deps: { config: Config; db: AppDatabase; clock: Clock },
): Promise<void> {
  const uploadsDir = path.join(deps.config.DATA_DIR, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  const fileStore = createFileStore({
    db: deps.db,
    storage: localDiskStorage(uploadsDir),
    jobs: app.jobs,
    clock: deps.clock,
    log: app.log,
  });
  app.decorate('fileStore', fileStore);
  await app.jobs.work<{ fileId: number }>(FILE_THUMBNAIL_JOB, ({ fileId }) =>
    fileStore.makeThumbnail(fileId),
  );
  await registerMultipart(app, {
    maxFileBytes: largestUpload(deps.config),
    maxFiles: MAX_FILES_PER_FORM,
  });
  await app.register(fastifyStatic, {
    root: uploadsDir,
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
