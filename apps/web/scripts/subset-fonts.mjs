// Marianne's files hold Latin, Vietnamese and phonetic letters: about 42 KB each in WOFF2, and a
// page uses four of them. The text of the site is French: each Marianne face of the DSFR's
// stylesheet is split into a Latin subset (about 21 KB, Google Fonts' "latin" range) and the
// complete file, loaded only by a page that shows a character outside that range (the browser
// picks the face by `unicode-range`). Idempotent: the DSFR's copy is made once per version.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

/** Google Fonts' "latin" subset: ASCII, Latin-1, œ, the typographic quotes and dashes, €. */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,' +
  'U+2000-206F,U+2074,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

function charactersOf(range) {
  let text = '';
  for (const part of range.split(',')) {
    const [from, to = from] = part.replace('U+', '').split('-');
    for (let code = parseInt(from, 16); code <= parseInt(to, 16); code += 1) {
      text += String.fromCodePoint(code);
    }
  }
  return text;
}

const FACE = /@font-face\{font-family:Marianne;src:url\("fonts\/(Marianne-\w+)\.woff2"\)[^}]*\}/g;

/** Subsets the Marianne faces of `dsfrDir` (public/dsfr) and rewrites its dsfr.min.css. */
export async function subsetMarianne(dsfrDir) {
  const cssFile = new URL('dsfr.min.css', dsfrDir);
  const css = readFileSync(cssFile, 'utf8');
  if (css.includes('unicode-range')) return;
  const text = charactersOf(LATIN_RANGE);
  const names = new Set([...css.matchAll(FACE)].map((match) => match[1]));
  for (const name of names) {
    const file = new URL(`fonts/${name}.woff2`, dsfrDir);
    const complete = new URL(`fonts/${name}-complete.woff2`, dsfrDir);
    if (!existsSync(complete)) renameSync(file, complete);
    writeFileSync(file, await subsetFont(readFileSync(complete), text, { targetFormat: 'woff2' }));
  }
  // The complete face first, the subset after: for a character of its range the face declared
  // last wins, the complete one serves the others.
  const rewritten = css.replace(FACE, (face, name) => {
    const completeFace = face.replace(`fonts/${name}.woff2`, `fonts/${name}-complete.woff2`);
    const subsetFace = face.replace(/\}$/, `unicode-range:${LATIN_RANGE};}`);
    return completeFace + subsetFace;
  });
  writeFileSync(cssFile, rewritten);
}
