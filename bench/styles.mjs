// The stylesheets a page links in its head: the browser paints nothing before it has them all.
// Each is fetched as a browser would (brotli) and its compressed bytes counted, as sent.
import { request } from 'node:http';

function compressedLength(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'Accept-Encoding': 'br' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url}: HTTP ${response.statusCode}`));
        return;
      }
      let length = 0;
      response.on('data', (chunk) => (length += chunk.length));
      response.on('end', () => resolve({ length, encoding: response.headers['content-encoding'] }));
    })
      .on('error', reject)
      .end();
  });
}

export async function renderBlockingStyles(base, path) {
  const html = await (await fetch(base + path)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const hrefs = [...head.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  const files = [];
  for (const href of hrefs) {
    const { length, encoding } = await compressedLength(new URL(href, base));
    files.push({ url: href, bytes: length, encoding: encoding ?? 'none' });
  }
  return { files, total: files.reduce((sum, file) => sum + file.bytes, 0) };
}
