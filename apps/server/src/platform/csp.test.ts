import { describe, expect, it } from 'vitest';
import { testConfig } from '../env.ts';
import { contentSecurityPolicy, templateOrigin } from './csp.ts';

describe('templateOrigin', () => {
  it('turns the tile URL template into a CSP source', () => {
    expect(templateOrigin('https://{s}.tile.openstreetmap.fr/osmfr/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.fr',
    );
    expect(templateOrigin('https://tiles.exemple.fr/{z}/{x}/{y}.png')).toBe(
      'https://tiles.exemple.fr',
    );
    expect(templateOrigin('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts from self only, and the tile host for images', () => {
    const csp = contentSecurityPolicy(testConfig());
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toContain('https://*.tile.openstreetmap.fr');
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
  });

  it("allows reCAPTCHA's script and frames only when its keys are set", () => {
    const altcha = contentSecurityPolicy(testConfig());
    expect(altcha['frame-src']).not.toContain('https://www.google.com');
    const csp = contentSecurityPolicy(
      testConfig({ RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret' }),
    );
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://www.google.com',
      'https://www.gstatic.com',
    ]);
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://www.google.com', 'https://recaptcha.google.com']),
    );
  });

  it('relaxes scripts and websockets for the Vite dev server only', () => {
    const csp = contentSecurityPolicy(testConfig(), { viteDev: true });
    expect(csp['script-src']).toContain("'unsafe-inline'");
    expect(csp['connect-src']).toContain('ws:');
  });
});
