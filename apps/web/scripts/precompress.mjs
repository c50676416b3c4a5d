// Writes a brotli (.br) and a gzip (.gz) copy of every compressible file of the browser build
// (hashed assets and the DSFR's files), whatever its size, at the highest levels, so that the
// server sends files and never compresses them per request (@fastify/static `preCompressed`; the
// server sends a file without copies as it is: build-files.ts). A copy that would not be smaller
// than the file is not written. Run after `vite build` (npm run build).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
// index.html is the server's template, .vite its manifest: neither is served as a file.
const SKIP = /^(index\.html|\.vite)/;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|map|woff|ico|webmanifest)$/;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dist, { recursive: true })) {
  const file = path.join(dist, String(name));
  if (SKIP.test(String(name)) || !COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
  const content = readFileSync(file);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: 9 });
  if (br.length < content.length) writeFileSync(`${file}.br`, br);
  if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  files += 1;
  before += content.length;
  after += Math.min(br.length, content.length);
}
console.log(
  `precompressed ${files} files of dist: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
