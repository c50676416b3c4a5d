import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

export { expect };

export const DEMO_MEMBER = {
  email: 'membre.structure@exemple.fr',
  password: 'Demo-Membre-2026!',
} as const;

/**
 * Collects console errors and uncaught exceptions of every page of the test's context.
 * The test fails at the end if any was seen, unless it matches a pattern the test allowed
 * (e.g. the browser's own "Failed to load resource: 422" when a test submits wrong credentials).
 */
export class PageErrors {
  private readonly seen: string[] = [];
  private readonly allowed: RegExp[] = [];

  constructor(private readonly origin: string) {}

  /** Lets the current test produce console errors matching the pattern. */
  allow(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  watch(page: Page): void {
    page.on('console', (message) => {
      if (message.type() === 'error' && !this.isExternalNetworkError(message)) {
        this.record(`console.error at ${page.url()}: ${message.text()} (${locationOf(message)})`);
      }
    });
    page.on('pageerror', (error) => {
      this.record(`uncaught exception at ${page.url()}: ${error.stack ?? error.message}`);
    });
  }

  /**
   * Lets the browser report an HTTP error status as a failed resource ("Failed to load resource:
   * the server responded with a status of 404"), for `path` on this site or any URL.
   */
  allowStatus(status: number, path?: string): void {
    const where = path ? `\\(${escapeRegExp(this.origin + path)}(\\?[^ ]*)?:\\d+\\)$` : '';
    this.allow(new RegExp(`Failed to load resource: .*status of ${status}\\b.*${where}`));
  }

  unexpected(): string[] {
    return this.seen.filter((entry) => !this.allowed.some((pattern) => pattern.test(entry)));
  }

  private record(entry: string): void {
    this.seen.push(entry);
  }

  /** Map tiles, fonts or widgets of other hosts are unreachable in CI: their load errors are noise. */
  private isExternalNetworkError(message: ConsoleMessage): boolean {
    const url = message.location().url;
    if (!url || !/^Failed to load resource|net::ERR_/.test(message.text())) return false;
    try {
      return new URL(url).origin !== this.origin;
    } catch {
      return false;
    }
  }
}

function locationOf(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return url ? `${url}:${lineNumber}` : 'unknown location';
}

/** Set on <html> by the app once React has hydrated the page (app/hydration-marker.tsx). */
const HYDRATED_SELECTOR = 'html[data-hydrated]';

/**
 * Pages are rendered by the server and hydrated by the browser shortly after: a test that
 * clicks a button before hydration would click a button without its handler yet. `goto` and
 * `reload` therefore also wait for hydration (not with JavaScript disabled).
 */
async function waitForHydration(page: Page, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) await hydrated(page);
}

/** Waits for the current document to be hydrated: after a navigation the page made itself. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector(HYDRATED_SELECTOR, { state: 'attached' });
}

export const test = base.extend<{ pageErrors: PageErrors }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await waitForHydration(page, javaScriptEnabled);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForHydration(page, javaScriptEnabled);
      return response;
    };
    await use(page);
  },
  pageErrors: [
    async ({ context, baseURL }, use) => {
      const guard = new PageErrors(new URL(baseURL ?? 'http://127.0.0.1').origin);
      for (const page of context.pages()) guard.watch(page);
      context.on('page', (page) => guard.watch(page));
      await use(guard);
      const errors = guard.unexpected();
      expect(errors, `The page logged errors:\n${errors.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

/** Reads the CSRF token the server put in the HTML shell of the current page. */
export async function csrfToken(page: Page): Promise<string> {
  const token = await page.locator('meta[name="csrf-token"]').getAttribute('content');
  expect(token, 'meta csrf-token of the HTML shell').toBeTruthy();
  return token ?? '';
}

/**
 * Signs in the demo member through POST /connexion (the session cookie lands in the page's
 * context), then reloads so that the shell carries the user.
 */
export async function signIn(
  page: Page,
  account: { email: string; password: string } = DEMO_MEMBER,
) {
  if (!page.url().startsWith('http')) await page.goto('/connexion');
  const response = await page.request.post('/connexion', {
    data: { email: account.email, password: account.password },
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-CSRF-TOKEN': await csrfToken(page),
    },
  });
  expect(response.status(), `POST /connexion answered ${await response.text()}`).toBe(200);
  await page.reload();
}

/** Signs in through the /connexion page form, like a visitor. */
export async function signInWithForm(
  page: Page,
  account: { email: string; password: string } = DEMO_MEMBER,
) {
  await page.goto('/connexion');
  await emailField(page).fill(account.email);
  await passwordField(page).fill(account.password);
  await page.getByRole('button', { name: /se connecter/i }).click();
  await expect(page).not.toHaveURL(/\/connexion/);
}

export function emailField(page: Page) {
  return page.getByRole('main').getByLabel(/adresse (e-?mail|électronique)|courriel|e-?mail/i);
}

export function passwordField(page: Page) {
  return page.getByRole('main').getByLabel(/^mot de passe/i);
}

/** The header, skipping the footer and the mobile menu's copies of links. */
export function header(page: Page) {
  return page.getByRole('banner');
}

/** The path of the page's current URL (query and hash excluded). */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An href pointing at `path` on this site, written relative or absolute. */
export function hrefTo(path: string): RegExp {
  return new RegExp(`^(https?://[^/]+)?${escapeRegExp(path)}$`);
}

/** Lets the page render a few frames: used before asserting that something did NOT happen. */
export async function settle(page: Page, frames = 10): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((done) => {
        let seen = 0;
        const tick = () => (++seen >= count ? done() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    frames,
  );
}

export async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

export async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

/**
 * Makes sure the page can scroll at least `distance` px, shrinking the viewport height if the
 * content is too short for the project's viewport. Waits for the content to be rendered.
 */
export async function ensureScrollable(page: Page, distance: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Chargement' })).toHaveCount(0);
  const room = () =>
    page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  if ((await room()) < distance) {
    const viewport = page.viewportSize() ?? { width: 1280, height: 900 };
    await page.setViewportSize({ width: viewport.width, height: 320 });
  }
  await expect
    .poll(room, { message: `the page must scroll ${distance}px` })
    .toBeGreaterThan(distance);
}
