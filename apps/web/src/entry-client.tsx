import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { QUERY_STATE_ELEMENT_ID, withoutTrackingParams } from '@ad/contract';
import { App } from './app/app.tsx';
import { FooterConsentItem } from './app/consent-parts.ts';
import { readPageConfig } from './app/page-config.ts';
import { createQueryClient } from './app/query-client.ts';
import { matchPage } from './app/pages.ts';
import { checkCsrfToken } from './lib/api-client.ts';
import { readTypedValues } from './app/typed-before-hydration.ts';
import { whenHydrated } from './app/hydration-marker.tsx';

// Spec §8: without the token every state-changing request would be refused.
checkCsrfToken();

// The server rendered this address without its tracking parameters (`utm_*`, `fbclid`…): the app
// starts from the same address, so the page hydrates as rendered and its links carry none.
const { pathname, search, hash } = window.location;
const untracked = withoutTrackingParams(pathname + search);
if (untracked !== pathname + search) {
  window.history.replaceState(window.history.state, '', untracked + hash);
}

function readQueryState(): DehydratedState | null {
  const text = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}

const pageConfig = readPageConfig();
const queryClient = createQueryClient();
const state = readQueryState();
if (state) {
  // The page may come from the server's public cache, rendered minutes ago: that cache is emptied
  // on every change of public content, so its data is current now, and must not look stale
  // (a stale query would be fetched again on mount).
  const now = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = now;
  hydrate(queryClient, state);
}

/** Calls `run` once the page has loaded and the main thread is idle (or after 2 s at most). */
function whenIdleAfterLoad(run: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * The DSFR's own script (collapses, modals, its colour-scheme logic) starts once the page is
 * hydrated and idle: no screen of the frame needs it for its first use.
 */
function startDsfr(): void {
  whenIdleAfterLoad(
    () =>
      void import('@codegouvfr/react-dsfr/spa').then(({ startReactDsfr }) =>
        startReactDsfr({ defaultColorScheme: 'light' }),
      ),
  );
}

// The server rendered the page with its chunk and its data: load the same chunk before
// hydrating, so that the first render matches the HTML and makes no API request. (boot.ts only
// loads this module once the server's HTML is painted.)
const matched = matchPage(window.location.href);
void Promise.all([
  matched?.page.component.preload(),
  pageConfig.settings.cookieConsentEnabled ? FooterConsentItem.preload() : undefined,
]).then(async () => {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  // What the visitor typed while the page loaded reaches the forms once they are hydrated, before
  // <html data-hydrated>; the code that hands it over loads only then (a failed load loses it).
  const typed = readTypedValues(root);
  const replay =
    typed.size > 0
      ? await import('./app/replay-typed-values.ts').then(
          ({ replayLater }) => replayLater(typed, root),
          () => undefined,
        )
      : undefined;
  whenHydrated(() => {
    replay?.();
    startDsfr();
  });
  // In a transition, React hydrates in slices of a few milliseconds and lets the browser answer
  // in between (a click, a scroll); outside one, hydration is a single long task (on a slow phone,
  // most of the page's total blocking time). A control used before its slice is hydrated is
  // hydrated first and gets the event (React replays it).
  startTransition(() => {
    hydrateRoot(
      root,
      <BrowserRouter>
        <App queryClient={queryClient} pageConfig={pageConfig} />
      </BrowserRouter>,
    );
  });
});
