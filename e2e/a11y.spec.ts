import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { expect, test } from './fixtures.ts';
import { DEMO_FAQ_ITEM, staticPublicRoutes, UNKNOWN_PATH } from './routes.ts';

const PATHS = [
  ...new Set([
    ...staticPublicRoutes.map((route) => route.path),
    DEMO_FAQ_ITEM.path,
    // The contact form with its 'Objet*' field (thematic 'Autre').
    '/nous-contacter?thematic=999',
    UNKNOWN_PATH,
    '/connexion',
  ]),
];

function describe(violations: Result[]): string {
  return violations
    .map((violation) => {
      const targets = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `      ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, ' ') ?? ''}`,
        )
        .join('\n');
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}`;
    })
    .join('\n');
}

test.describe('accessibility (axe, WCAG 2 A and AA)', () => {
  for (const path of PATHS) {
    test(`${path} has no serious or critical violation`, async ({ page, pageErrors }) => {
      if (path === UNKNOWN_PATH || path === '/404') pageErrors.allowStatus(404, path);
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByRole('status', { name: 'Chargement' })).toHaveCount(0);

      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze();
      const blocking = violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        blocking.map((violation) => `${violation.id} (${violation.impact})`),
        `axe violations on ${path}:\n${describe(blocking)}`,
      ).toEqual([]);
    });
  }
});
