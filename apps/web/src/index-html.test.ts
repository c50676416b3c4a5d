// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const shell = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
const dsfrCss = readFileSync(
  createRequire(import.meta.url).resolve('@codegouvfr/react-dsfr/dsfr/dsfr.min.css'),
  'utf8',
);

describe('index.html', () => {
  it('preloads fonts at the URLs the DSFR stylesheet asks for (else each is fetched twice)', () => {
    const preloads = [...shell.matchAll(/href="(\/dsfr\/fonts\/[^"]+)"/g)].map((m) => m[1]!);
    expect(preloads.length).toBeGreaterThan(0);
    for (const url of preloads) {
      // The stylesheet is served from /dsfr/: its font URLs are relative (fonts/…).
      expect(dsfrCss).toContain(`url("${url.replace('/dsfr/', '')}")`);
    }
  });
});
