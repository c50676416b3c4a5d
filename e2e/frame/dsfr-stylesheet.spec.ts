import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, settle, test } from '../fixtures.ts';

// The build links a trimmed copy of the DSFR's stylesheet (decision 0019): a page must look
// exactly as it does with the whole stylesheet. Each page is shot twice, the second time with the
// whole stylesheet served in place of the trimmed one. The pages show tables (the privacy page),
// the header and footer, the map and its lists, form fields and their messages.
const PAGES = ['/', '/politique-de-confidentialite', '/initiatives', '/nous-contacter'];
const TRIMMED = /\/dsfr\/dsfr\.site\.[\w-]+\.min\.css$/;

/** A screenshot of `path`, each in a new page (the same state for both shots: scroll, focus). */
async function shot(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  await settle(page);
  return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
}

/**
 * Shoots `path` with the trimmed stylesheet, then with the whole one in its place, and expects the
 * same pixels (both images are kept in the test's output when they differ).
 */
async function expectSameLook(page: Page, path: string, testInfo: TestInfo) {
  const trimmed = await shot(page, path);
  const whole = await (await page.request.get('/dsfr/dsfr.min.css')).body();
  const second = await page.context().newPage();
  let served = false;
  await second.route(TRIMMED, (route) => {
    served = true;
    return route.fulfill({ body: whole, contentType: 'text/css' });
  });
  const withWhole = await shot(second, path);
  expect(served, 'the whole stylesheet was served in place of the trimmed one').toBe(true);
  if (!trimmed.equals(withWhole)) {
    writeFileSync(testInfo.outputPath('trimmed.png'), trimmed);
    writeFileSync(testInfo.outputPath('whole.png'), withWhole);
  }
  expect(trimmed.equals(withWhole), 'the same pixels with either stylesheet').toBe(true);
}

test.describe('the trimmed DSFR stylesheet', () => {
  test.use({ reducedMotion: 'reduce' });

  test('is the one the pages link, in place of the whole one @mobile', async ({ page }) => {
    await page.goto('/a-propos');
    const links = await page
      .locator('link[rel="stylesheet"]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));
    expect(links.filter((href) => TRIMMED.test(href))).toHaveLength(1);
    expect(links.filter((href) => href.includes('dsfr.min.css'))).toEqual([]);
  });

  for (const path of PAGES) {
    test(`styles ${path} exactly as the whole stylesheet does @mobile`, async ({
      page,
      context,
    }, testInfo) => {
      await context.route(/tile\.openstreetmap/, (route) => route.abort());
      await expectSameLook(page, path, testInfo);
    });
  }
});
