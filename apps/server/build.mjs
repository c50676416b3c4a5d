// Bundles the server into dist/main.js (node, ESM). npm packages stay external (resolved from
// node_modules at run time); the workspace contract (@ad/*, TypeScript sources) is bundled.
// The SQL migrations are copied to dist/migrations, where migrate.ts looks for them.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

/** Bare specifiers are external, except the workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@ad/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  plugins: [externalPackages],
  // Some CommonJS helpers call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __adCreateRequire } from 'node:module'; const require = __adCreateRequire(import.meta.url);",
  },
  logLevel: 'info',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log('apps/server/dist: main.js and migrations/ written');
