import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';

describe('static files of the build', () => {
  let t: TestApp;
  let dist: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  // A file the build left without compressed copies (compression would not shrink it).
  const uncopied = `export const a = ${JSON.stringify('y'.repeat(2000))};`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'ad-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'dsfr'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    writeFileSync(path.join(dist, 'assets', 'chunk-def456.js'), uncopied);
    writeFileSync(path.join(dist, 'dsfr', 'dsfr.min.css'), 'a{color:red}');
    writeFileSync(path.join(dist, 'dsfr', 'icon.svg'), uncopied);
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    t = await createTestApp({ deps: { distDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the precompressed file of a hashed asset, immutable', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(brotliCompressSync(script))).toBe(true);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('sends a file without compressed copies as it is, never compressed per request', async () => {
    for (const url of ['/assets/chunk-def456.js', '/dsfr/icon.svg']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.body, url).toBe(uncopied);
    }
  });

  it('serves the DSFR files and other files of the build with a short cache', async () => {
    const css = await t.app.inject({ method: 'GET', url: '/dsfr/dsfr.min.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=86400');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a plain 404 for a build file that is not there, not the 404 page', async () => {
    for (const url of ['/assets/index-old999.js', '/dsfr/missing.css']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('never serves the template nor the build manifest', async () => {
    for (const url of ['/index.html', '/.vite/manifest.json', '/%2Evite/manifest.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toBe('{}');
    }
  });
});
