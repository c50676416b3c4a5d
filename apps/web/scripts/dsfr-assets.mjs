// Copies the DSFR assets into public/dsfr (gitignored) and trims the icon stylesheet to the icons
// the code uses. npm skips install scripts here, so predev/prebuild run this explicitly.
// `react-dsfr update-icons` sometimes fails with ENOENT: the workspace symlink
// node_modules/@ad/web makes it see each icon twice and copy the same file concurrently.
// A second run starts from a consistent state, so we retry.
import { spawnSync } from 'node:child_process';

function run(args) {
  return spawnSync('react-dsfr', args, { stdio: 'inherit', shell: process.platform === 'win32' });
}

if (run(['copy-static-assets']).status !== 0) process.exit(1);

const ATTEMPTS = 3;
for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
  if (run(['update-icons']).status === 0) process.exit(0);
  console.warn(`react-dsfr update-icons failed (attempt ${attempt}/${ATTEMPTS})`);
}
process.exit(1);
