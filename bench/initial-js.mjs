// Initial JavaScript of a page: every script a browser downloads from the moment it asks for the
// page until the app has hydrated it (`html[data-hydrated]`): the entry, its static imports, the
// page's chunk, whatever the way they are loaded. Each is fetched again and gzipped at level 9.
import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export async function initialJavaScript(base, path) {
  const executablePath =
    process.env.CHROMIUM_PATH ??
    execSync('command -v chromium', { shell: '/bin/sh', encoding: 'utf8' }).trim();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  const urls = new Set();
  try {
    const page = await browser.newPage();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') urls.add(new URL(request.url()).pathname);
    });
    await page.goto(base + path);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  } finally {
    await browser.close();
  }
  const files = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    files.push({ url, gzip: gzipSync(body, { level: 9 }).length });
  }
  return { files, totalGzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}
