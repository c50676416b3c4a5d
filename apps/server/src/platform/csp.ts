import { VIDEO_FRAME_ORIGINS } from '@ad/contract';
import type { Config } from '../env.ts';

/**
 * Source expression for the host of a URL template such as
 * `https://{s}.tile.openstreetmap.fr/osmfr/{z}/{x}/{y}.png` -> `https://*.tile.openstreetmap.fr`.
 * A label holding a placeholder becomes `*` (CSP only allows the wildcard as the leftmost label).
 */
export function templateOrigin(template: string): string | null {
  const found = /^(https?:)\/\/([^/?#]+)/i.exec(template.trim());
  if (!found) return null;
  const [, protocol, host] = found as unknown as [string, string, string];
  const labels = host.split('.');
  const last = labels.map((l) => l.includes('{')).lastIndexOf(true);
  const finalHost = last === -1 ? host : ['*', ...labels.slice(last + 1)].join('.');
  return `${protocol.toLowerCase()}//${finalHost.toLowerCase()}`;
}

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Enforced Content-Security-Policy. Works with a Vite-built SPA (scripts from 'self' only; the page
 * config is a JSON script, which CSP does not execute nor block), the DSFR (Marianne fonts, data:
 * SVG icons, style attributes), Leaflet tiles from TILE_URL, ALTCHA's blob: web worker, reCAPTCHA
 * when configured, embedded resource videos, and the newsletter provider's form.
 * `viteDev` relaxes it for Vite's HMR websocket and the inline React refresh preamble.
 */
export function contentSecurityPolicy(
  config: Config,
  options: { viteDev?: boolean } = {},
): Record<string, string[]> {
  const tiles = templateOrigin(config.TILE_URL);
  const newsletter = origin(config.NEWSLETTER_FORM_URL);
  // Uploads served from an S3-compatible bucket or its CDN.
  const uploads = origin(config.S3_PUBLIC_URL);
  const recaptcha = config.captchaProvider === 'recaptcha';
  const recaptchaScripts = recaptcha ? ['https://www.google.com', 'https://www.gstatic.com'] : [];
  const list = (...items: (string | null | false | undefined)[]) =>
    items.filter((i): i is string => typeof i === 'string' && i.length > 0);

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'script-src': list("'self'", ...recaptchaScripts, options.viteDev && "'unsafe-inline'"),
    'script-src-attr': ["'none'"],
    'style-src': list("'self'", "'unsafe-inline'", newsletter),
    'img-src': list("'self'", 'data:', 'blob:', tiles, uploads),
    'font-src': ["'self'", 'data:'],
    'connect-src': list("'self'", newsletter, options.viteDev && 'ws:', options.viteDev && 'wss:'),
    'worker-src': ["'self'", 'blob:'],
    // reCAPTCHA's checkbox and challenge frames (Google's CSP guidance names both hosts).
    'frame-src': list(
      "'self'",
      // The players of resource videos, loaded only once the visitor asks for them.
      ...VIDEO_FRAME_ORIGINS,
      recaptcha && 'https://www.google.com',
      recaptcha && 'https://recaptcha.google.com',
    ),
    'form-action': list("'self'", newsletter),
    'manifest-src': ["'self'"],
  };
  if (config.secureCookies) directives['upgrade-insecure-requests'] = [];
  return directives;
}
