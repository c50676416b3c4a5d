import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The repository root: the closest folder above this file whose package.json declares workspaces.
 * Works from src/ (tsx) and from dist/ (esbuild bundle) alike.
 */
export function repoRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const json = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
        if (json.workspaces) return (cached = dir);
      } catch {
        // unreadable manifest: keep climbing
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return (cached = process.cwd());
    dir = parent;
  }
}

/** Built web app (vite build output). */
export function webDistDir(): string {
  return path.join(repoRoot(), 'apps', 'web', 'dist');
}

/** Sources of the web app (Vite root in development). */
export function webRootDir(): string {
  return path.join(repoRoot(), 'apps', 'web');
}

/** The web app's server renderer (vite build --ssr output). */
export function webSsrDistDir(): string {
  return path.join(repoRoot(), 'apps', 'web', 'dist-ssr');
}
