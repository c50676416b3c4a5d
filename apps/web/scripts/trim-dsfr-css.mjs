// The DSFR's stylesheet holds every component of the design system (600 KB, 51 KB brotli), and it
// blocks the first paint of every page. Run after `vite build` (npm run build), this writes the
// rules the site can use into dist/dsfr/dsfr.site.<hash>.min.css and links it from the server's
// template (dist/index.html) instead: a rule is kept when each class, element and attribute it
// names appears in what the browser can ever get (the built scripts, among them the DSFR's own,
// which adds classes at run time; the template; the server's HTML). Variables, keyframes and font
// faces are all kept. Development (`vite`) keeps the whole stylesheet. Decision 0019.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PurgeCSS } from 'purgecss';

const dist = new URL('../dist/', import.meta.url);
const path = (url) => fileURLToPath(url);
const LINK = '<link rel="stylesheet" href="/dsfr/dsfr.min.css?v=';

/**
 * Classes built from parts, which never appear whole in a script: react-dsfr's components build
 * them from their props (`fr-btn--${priority}`), so every modifier of these families is kept; the
 * DSFR's script gives an open modal, an expanded collapse or a selected tab the modifier
 * `${selector}--${type}` (its Disclosure class).
 */
const BUILT_FROM_PARTS = [
  /--(expanded|opened|selected)$/,
  /^fr-(alert|artwork|badge|btn|btns-group|callout|message|notice|quote|select-group|table|text|tile)--/,
  /^fr-card--horizontal-/,
  /^fr-(checkbox|radio|toggle)-group/,
  /^fr-(error|valid|info)-text$/,
  /^fr-(h[1-6]|display--)/,
  /^fr-(fieldset|segmented)/,
];

/**
 * The words of a file. The DSFR's script names its classes and attributes by their suffix
 * (`ns('collapsing')` is `fr-collapsing`, `ns.attr('js-table')` is `data-fr-js-table`): each word
 * also stands for those prefixed forms.
 */
function words(content) {
  const found = content.match(/[\w@-]+/g) ?? [];
  return found.flatMap((word) => [word, `fr-${word}`, `data-fr-${word}`, `data-fr-js-${word}`]);
}

const [result] = await new PurgeCSS().purge({
  css: [path(new URL('dsfr/dsfr.min.css', dist))],
  content: [
    path(new URL('assets/*.js', dist)),
    path(new URL('index.html', dist)),
    path(new URL('../../server/src/**/*.ts', import.meta.url)),
  ],
  defaultExtractor: words,
  safelist: { standard: BUILT_FROM_PARTS },
  // Variables, keyframes and font faces stay (they cost little, and a font face is chosen by the
  // browser per character).
  variables: false,
  keyframes: false,
  fontFace: false,
});
if (!result) throw new Error('trim-dsfr-css: no stylesheet');

const css = Buffer.from(result.css);
const hash = createHash('sha256').update(css).digest('base64url').slice(0, 10);
const name = `dsfr.site.${hash}.min.css`;
writeFileSync(new URL(`dsfr/${name}`, dist), css);

const indexHtml = new URL('index.html', dist);
const html = readFileSync(indexHtml, 'utf8');
const link = new RegExp(`${LINK.replace(/[.?]/g, '\\$&')}[^"]*"`);
if (!link.test(html))
  throw new Error(`trim-dsfr-css: no DSFR stylesheet link in ${path(indexHtml)}`);
writeFileSync(indexHtml, html.replace(link, `<link rel="stylesheet" href="/dsfr/${name}"`));

const full = readFileSync(new URL('dsfr/dsfr.min.css', dist)).length;
console.log(`dsfr/${name}: ${(css.length / 1024).toFixed(0)} KiB of ${(full / 1024).toFixed(0)}`);
