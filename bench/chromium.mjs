// Debian's Chromium (package chromium) for the bench's browser figures, never a downloaded one.
import { execSync } from 'node:child_process';

export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execSync('command -v chromium', { shell: '/bin/sh', encoding: 'utf8' }).trim();
}

/**
 * Flags of the bench's Playwright browsers. Headless, the full Chromium still builds the omnibox's
 * suggestion popup (a WebUI page, chrome://omnibox-popup.top-chrome/) for every new window, that
 * is every new browser context: in a trace of one map visit, its renderer was busy 3.0 s of the
 * 3.1 s, on a machine of 2 cores, while the page loaded. No visitor's page pays for a popup that
 * is never shown; `WebUIOmniboxPopup` off, the browser builds none.
 */
export const BENCH_BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-features=WebUIOmniboxPopup',
];
