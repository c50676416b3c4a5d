// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const shell = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
const resolve = createRequire(import.meta.url).resolve;
const dsfrCss = readFileSync(resolve('@codegouvfr/react-dsfr/dsfr/dsfr.min.css'), 'utf8');
const colorSchemeStart = readFileSync(
  resolve('@codegouvfr/react-dsfr/useIsDark/client.js'),
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

  it("holds the colour-scheme style the DSFR's start writes, so that its start changes no style", async () => {
    const { rootColorSchemeStyleTagId } =
      await import('@codegouvfr/react-dsfr/useIsDark/constants');
    // The start replaces the element of this id with `:root { color-scheme: light; }` (light scheme).
    expect(colorSchemeStart).toContain('getElementById(rootColorSchemeStyleTagId)');
    expect(colorSchemeStart).toContain('`:root { color-scheme: ${isDark ? "dark" : "light"}; }`');
    const style = new RegExp(
      `<style id="${rootColorSchemeStyleTagId}">\\s*:root \\{\\s*color-scheme: light;\\s*\\}\\s*</style>`,
    );
    expect(shell).toMatch(style);
    expect(shell).toContain('data-fr-scheme="light" data-fr-theme="light"');
  });
});
