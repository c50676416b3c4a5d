// Initial JavaScript of a page: the module scripts and modulepreload links of its server-rendered
// HTML (entry, its static imports, the page's chunk), fetched and gzipped at level 9.
import { gzipSync } from 'node:zlib';

export async function initialJavaScript(base, path) {
  const html = await (await fetch(base + path)).text();
  const urls = new Set();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isModule = /<script[^>]*type="module"/.test(tag) || /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (isModule && url) urls.add(url);
  }
  const files = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    files.push({ url, gzip: gzipSync(body, { level: 9 }).length });
  }
  return { files, totalGzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}
