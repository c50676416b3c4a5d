// Copies the DSFR assets into public/dsfr (gitignored) and trims the icon stylesheet to the icons
// the code uses. npm skips install scripts here, so predev/prebuild run this explicitly.
// Keep one class name per icon: `update-icons` copies the SVG of each used class concurrently, and
// two aliases of one SVG (e.g. fr-icon-account-line and fr-icon-account-circle-line) make it copy
// the same file twice and fail with ENOENT.
// `update-icons` also scans node_modules/@ad/web (the workspace link), dist included: before a build
// (`--before-build`) the old bundle is removed first so that only the current sources count.
// `copy-static-assets` also rewrites every /dsfr/ href of index.html with `?v=<version>` whenever
// it copies (on a fresh clone): the font preloads must keep the stylesheet's own URLs (no `?v=`) or
// each font is fetched twice, so index.html is put back as written.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { subsetMarianne } from './subset-fonts.mjs';

const indexHtml = new URL('../index.html', import.meta.url);
const indexHtmlAsWritten = readFileSync(indexHtml, 'utf8');

if (process.argv.includes('--before-build')) {
  rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
}

for (const command of ['copy-static-assets', 'update-icons']) {
  const { status } = spawnSync('react-dsfr', [command], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (status !== 0) process.exit(status ?? 1);
}
await subsetMarianne(new URL('../public/dsfr/', import.meta.url));
if (readFileSync(indexHtml, 'utf8') !== indexHtmlAsWritten)
  writeFileSync(indexHtml, indexHtmlAsWritten);
