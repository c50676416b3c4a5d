import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const WEB_SOURCES = fileURLToPath(new URL('apps/web/src', import.meta.url));
const WEB_TESTS = /\.test\.tsx?$/;

/**
 * The web app's test files that replace modules with vi.mock(). A mock only applies to a module
 * imported after it, so these files need a fresh module registry (isolate); the others share one
 * per worker, which spares them jsdom's start-up (about a second per file).
 */
const webFilesWithMocks = readdirSync(WEB_SOURCES, { recursive: true, encoding: 'utf8' })
  .filter((file) => WEB_TESTS.test(file))
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(WEB_SOURCES, file), 'utf8')))
  .map((file) => join('src', file));

export default defineConfig({
  test: {
    // Vitest's default (one worker less than the cores) leaves one worker on a two-core machine,
    // while most files wait on their database: two workers there nearly halve the run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Every file builds the app from the same modules (the server and the web app it renders):
          // importing them once per worker instead of once per file saves most of the import time.
          // Module state is configuration read at startup or caches, and each file builds its own
          // app and database.
          isolate: false,
          // The HTML shell tests render the web app from source; the DSFR package imports its
          // files without extensions, which only a bundler (not Node) resolves.
          server: { deps: { inline: ['@codegouvfr/react-dsfr', 'tsafe'] } },
        },
      },
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: webFilesWithMocks,
          environment: 'jsdom',
          isolate: false,
        },
      },
      {
        test: {
          name: 'web-mocks',
          root: './apps/web',
          include: webFilesWithMocks,
          environment: 'jsdom',
        },
      },
    ],
  },
});
