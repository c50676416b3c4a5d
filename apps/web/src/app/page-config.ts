import { createContext, createElement, useContext, type ReactNode } from 'react';
import { DEFAULT_APP_NAME, PAGE_CONFIG_ELEMENT_ID, type PageConfig } from '@ad/contract';

/** Used when the shell carries no page config (Vite dev server without the API server, tests). */
export const FALLBACK_PAGE_CONFIG: PageConfig = {
  appName: DEFAULT_APP_NAME,
  user: null,
  settings: {
    // Empty: the head then uses the address of the current page (runtime guard only).
    appUrl: '',
    sessionLifetimeMinutes: 120,
    sessionRememberDays: 30,
    helpPhone: '',
    tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    tileAttribution: "&copy; les contributeurs d'OpenStreetMap",
    cookieConsentEnabled: false,
    captchaProvider: 'altcha',
    recaptchaSiteKey: null,
    newsletterFormUrl: null,
    publisher: { name: '', address: '', director: '', email: '' },
    host: { name: '', address: '', phone: '' },
  },
  item: null,
};

let cached: PageConfig | null = null;

/**
 * Shape check of the server's page config. Deliberately not the zod schema of the contract:
 * the server already validates what it writes, and zod would weigh on every page's first load.
 */
function isPageConfig(value: unknown): value is PageConfig {
  if (!value || typeof value !== 'object') return false;
  const config = value as Record<string, unknown>;
  const user = config.user as Record<string, unknown> | null | undefined;
  return (
    typeof config.appName === 'string' &&
    (user === null || (typeof user === 'object' && typeof user?.id === 'number')) &&
    !!config.settings &&
    typeof config.settings === 'object'
  );
}

function isItem(value: unknown): value is Record<string, string | null> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Reads the `<script type="application/json" id="page-config">` the server writes into the
 * HTML shell (TEAM-BRIEF wire contract). Read once; a missing or malformed block falls back to
 * an anonymous visitor with default settings.
 */
export function readPageConfig(doc: Document = document): PageConfig {
  if (cached && doc === document) return cached;
  let config = FALLBACK_PAGE_CONFIG;
  const element = doc.getElementById(PAGE_CONFIG_ELEMENT_ID);
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (isPageConfig(parsed)) {
        // A server older than the current contract may leave out `item` or new settings.
        config = {
          ...parsed,
          settings: { ...FALLBACK_PAGE_CONFIG.settings, ...parsed.settings },
          item: isItem(parsed.item) ? parsed.item : null,
        };
      } else console.warn('Invalid page config');
    } catch {
      console.warn('Unreadable page config');
    }
  }
  if (doc === document) cached = config;
  return config;
}

const PageConfigContext = createContext<PageConfig | null>(null);

export function PageConfigProvider({
  value,
  children,
}: {
  value?: PageConfig;
  children: ReactNode;
}) {
  return createElement(PageConfigContext.Provider, { value: value ?? readPageConfig() }, children);
}

/**
 * The page config: app name, signed-in user (or null), public settings and the item of the
 * detail route the page was loaded on (or null).
 */
export function usePageConfig(): PageConfig {
  return useContext(PageConfigContext) ?? readPageConfig();
}
