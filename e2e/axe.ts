import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { expect } from './fixtures.ts';

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

/**
 * Fails on any serious or critical axe violation (WCAG 2 A and AA) of the page as it is now:
 * call it once the screen has loaded (no 'Chargement' status left), and again after opening a
 * modal or a panel worth checking.
 */
export async function expectNoSeriousAxeViolation(page: Page, label = page.url()): Promise<void> {
  // Legacy mode runs axe in the page itself instead of opening a blank page to merge the frames'
  // results: half the time, the same results. It leaves out cross-origin frames only (a video
  // player after consent), which are not ours to fix.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .setLegacyMode(true)
    .analyze();
  const blocking = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    blocking.map((violation) => `${violation.id} (${violation.impact})`),
    `axe violations on ${label}:\n${describe(blocking)}`,
  ).toEqual([]);
}
