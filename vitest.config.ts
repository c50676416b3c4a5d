import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
          environment: 'jsdom',
        },
      },
    ],
  },
});
