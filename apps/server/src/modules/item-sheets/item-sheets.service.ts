import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MapDetailType } from '@ad/contract';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import type { JobLogger, JobQueue } from '../../platform/jobs/queue.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import {
  readMapItemDetail,
  readMapItemVersion,
  readMapItemVersions,
} from '../maps/maps.service.ts';
import { sheetFileName } from './sheet-model.ts';
import { renderSheetFile } from './sheet-render.ts';

/**
 * The PDF sheets of the initiatives and food procedures (`pdf_url`, spec public-site §3): made by
 * a job, kept as files under DATA_DIR/item-sheets/{type}/{id}/, one per version of the item
 * (readMapItemVersion), and replaced when the item changes. No HTTP objects here.
 */

export const ITEM_SHEET_JOB = 'item-sheets.render';
export const DELETE_STALE_SHEETS_JOB = 'item-sheets.delete-stale';

/** Changed whenever the sheet's layout changes: every sheet is then made again. */
export const SHEET_LAYOUT_VERSION = '1';

export const SHEET_NOT_READY_MESSAGE =
  'La fiche est en cours de préparation, veuillez réessayer dans un instant.';

/** How long a request waits for the job before answering 503. */
export const SHEET_WAIT_MS = 20_000;
/** Retry-After of that 503, in seconds. */
export const SHEET_RETRY_AFTER_SECONDS = 5;
/** A partial file older than this belongs to a run that died: the daily clean-up deletes it. */
const PARTIAL_MAX_AGE_MS = 3_600_000;
/** Items whose versions the daily clean-up reads per query. */
const STALE_BATCH = 500;
/** A folder named past the ids' type is no item's. */
const INT4_MAX = 2_147_483_647;

export interface ItemSheetJob {
  type: MapDetailType;
  id: number;
}

/** The job did not finish in time: 503 with Retry-After. */
export class SheetNotReadyError extends HttpError {
  readonly retryAfterSeconds = SHEET_RETRY_AFTER_SECONDS;
  constructor() {
    super(503, SHEET_NOT_READY_MESSAGE);
    this.name = 'SheetNotReadyError';
  }
}

/** What a request serves: the file, its validator and the name offered to the browser. */
export interface StoredSheet {
  file: string;
  /** Strong ETag of the file (it is the same bytes for as long as the key is the same). */
  etag: string;
  fileName: string;
}

interface SheetMeta {
  fileName: string;
}

export const sheetsDir = (config: Pick<Config, 'DATA_DIR'>) =>
  path.join(config.DATA_DIR, 'item-sheets');

const TYPES: readonly MapDetailType[] = ['initiative', 'demarche'];

export type ItemSheetsService = ReturnType<typeof createItemSheetsService>;

export function createItemSheetsService(deps: {
  db: AppDatabase;
  config: Config;
  jobs: JobQueue;
  logger: JobLogger;
  /** Where the uploads are (the logos the sheets show): local disk or bucket. */
  storage: FileStorage;
  /** Tests: a shorter wait. */
  waitMs?: number;
}) {
  const { db, config, jobs, logger, storage } = deps;
  const waitMs = deps.waitMs ?? SHEET_WAIT_MS;
  const root = sheetsDir(config);
  const itemDir = (type: MapDetailType, id: number) => path.join(root, type, String(id));

  /**
   * The sheet's key: the item's version and everything else the sheet shows that may change
   * (the layout, the site's name and address).
   */
  const keyOf = (version: string) =>
    createHash('sha256')
      .update([SHEET_LAYOUT_VERSION, config.APP_NAME, config.APP_URL, version].join('\n'))
      .digest('hex')
      .slice(0, 32);

  const pdfOf = (type: MapDetailType, id: number, key: string) =>
    path.join(itemDir(type, id), `${key}.pdf`);
  const metaOf = (type: MapDetailType, id: number, key: string) =>
    path.join(itemDir(type, id), `${key}.json`);

  const isFile = async (file: string) => (await stat(file).catch(() => null))?.isFile() ?? false;

  /** The stored sheet of this key, or null. The PDF is written last: its presence means done. */
  async function stored(type: MapDetailType, id: number, key: string): Promise<StoredSheet | null> {
    const file = pdfOf(type, id, key);
    if (!(await isFile(file))) return null;
    const meta = await readFile(metaOf(type, id, key), 'utf8')
      .then((text) => JSON.parse(text) as SheetMeta)
      .catch(() => null);
    return {
      file,
      etag: `"${key}"`,
      fileName: meta?.fileName ?? sheetFileName(''),
    };
  }

  /** Deletes the files of the item's other versions (and of runs that died long ago). */
  async function deleteOthers(type: MapDetailType, id: number, keep: string | null) {
    const dir = itemDir(type, id);
    const names = await readdir(dir).catch(() => [] as string[]);
    let deleted = 0;
    for (const name of names) {
      if (keep && name.startsWith(`${keep}.`)) {
        if (!name.endsWith('.partial')) continue;
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info && Date.now() - info.mtimeMs < PARTIAL_MAX_AGE_MS) continue;
      }
      await rm(path.join(dir, name), { force: true, recursive: true });
      deleted += 1;
    }
    if (!keep) await rmdir(dir).catch(() => undefined);
    return deleted;
  }

  /** Requests waiting in this process, by sheet file: concurrent requests share one job. */
  const waiting = new Map<string, Promise<StoredSheet | null>>();

  async function waitFor(type: MapDetailType, id: number, key: string) {
    await jobs.send(
      ITEM_SHEET_JOB,
      { type, id } satisfies ItemSheetJob,
      // One waiting job per item (the queue's policy is 'short'); few retries, close together:
      // a visitor is waiting.
      { singletonKey: `${type}:${id}`, retryLimit: 2, retryDelay: 2, retryBackoff: false },
    );
    const deadline = Date.now() + waitMs;
    for (;;) {
      const sheet = await stored(type, id, key);
      if (sheet || Date.now() >= deadline) return sheet;
      await sleep(Math.min(100, Math.max(0, deadline - Date.now())));
    }
  }

  return {
    /**
     * The sheet of a published item: the stored file of its current version, or made now by
     * the job (one job for concurrent requests). 404 when the item is missing or not
     * published; SheetNotReadyError when the job takes too long.
     */
    async sheet(type: MapDetailType, id: number): Promise<StoredSheet> {
      const version = await readMapItemVersion(db, type, id);
      if (version === null) throw notFound();
      const key = keyOf(version);
      const ready = await stored(type, id, key);
      if (ready) return ready;
      const file = pdfOf(type, id, key);
      let pending = waiting.get(file);
      if (!pending) {
        pending = waitFor(type, id, key).finally(() => waiting.delete(file));
        waiting.set(file, pending);
      }
      const sheet = await pending;
      if (!sheet) throw new SheetNotReadyError();
      return sheet;
    },

    /**
     * The job: writes the sheet of the item's current version unless it exists, then deletes
     * the other versions' files. Reads the version again after the detail, so that a file is
     * never named after a version it does not show. Nothing to do for an unpublished item.
     */
    async render(type: MapDetailType, id: number): Promise<void> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const version = await readMapItemVersion(db, type, id);
        if (version === null) {
          await deleteOthers(type, id, null);
          return;
        }
        const key = keyOf(version);
        if (await stored(type, id, key)) {
          await deleteOthers(type, id, key);
          return;
        }
        const detail = await readMapItemDetail(db, type, id).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 404) return null;
          throw error;
        });
        if (!detail) continue; // unpublished meanwhile: the next turn sees it
        if ((await readMapItemVersion(db, type, id)) !== version) continue;

        const started = Date.now();
        const dir = itemDir(type, id);
        await mkdir(dir, { recursive: true });
        // Each run writes its own partial files: two runs never write into the same file.
        const run = randomBytes(4).toString('hex');
        const partial = {
          pdf: `${pdfOf(type, id, key)}.${run}.partial`,
          meta: `${metaOf(type, id, key)}.${run}.partial`,
        };
        try {
          await renderSheetFile(detail.data, partial.pdf, { config, storage, logger });
          const meta: SheetMeta = { fileName: sheetFileName(detail.data.title) };
          await writeFile(partial.meta, JSON.stringify(meta));
          // The metadata first: the PDF's arrival tells the waiting requests it is complete.
          await rename(partial.meta, metaOf(type, id, key));
          await rename(partial.pdf, pdfOf(type, id, key));
        } catch (error) {
          await Promise.all(Object.values(partial).map((f) => rm(f, { force: true })));
          throw error;
        }
        const deleted = await deleteOthers(type, id, key);
        logger.info({ type, id, ms: Date.now() - started, deleted }, 'item sheet written');
        return;
      }
      throw new Error(`item sheet ${type} ${id}: the item kept changing while it was read`);
    },

    /**
     * Daily: deletes the sheets of items no longer published and of old versions, and the
     * partial files of runs that died. Returns the number of files and folders deleted.
     */
    async deleteStale(): Promise<number> {
      let deleted = 0;
      for (const type of TYPES) {
        const names = await readdir(path.join(root, type)).catch(() => [] as string[]);
        const ids = names.filter((name) => /^\d{1,10}$/.test(name)).map(Number);
        // The versions of a few hundred items per query (a folder per item: 21,000 of them). A
        // sheet written meanwhile, for a newer version, may go: the next request makes it again.
        for (let start = 0; start < ids.length; start += STALE_BATCH) {
          const batch = ids.slice(start, start + STALE_BATCH);
          const versions = await readMapItemVersions(
            db,
            type,
            batch.filter((id) => id <= INT4_MAX),
          );
          for (const id of batch) {
            const version = versions.get(id);
            deleted += await deleteOthers(type, id, version === undefined ? null : keyOf(version));
          }
        }
      }
      return deleted;
    },

    /** The key of a version: the name of its files. */
    keyOf,
  };
}
