import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.APP_URL).toBe('http://localhost:3000');
    expect(config.APP_NAME).toBe('Alimentation durable Nouvelle-Aquitaine');
    expect(config.SEED_DEMO).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.captchaProvider).toBe('altcha');
    expect(config.secureCookies).toBe(false);
    expect(config.DATA_DIR).toMatch(/[/\\]var$/);
  });

  it('derives APP_URL from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
    const config = loadConfig({
      APP_URL: 'https://alimentation.exemple.fr/',
      SESSION_SECRET: 'x'.repeat(40),
    });
    expect(config.APP_URL).toBe('https://alimentation.exemple.fr');
    expect(config.secureCookies).toBe(true);
  });

  it('refuses a TILE_URL whose host the Content-Security-Policy cannot name', () => {
    expect(() => loadConfig({ TILE_URL: '//{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' })).toThrow(
      /TILE_URL doit être un modèle/,
    );
    expect(() => loadConfig({ TILE_URL: 'https://tuiles.exemple.fr/carte.png' })).toThrow(
      /TILE_URL/,
    );
    expect(loadConfig({ TILE_URL: 'https://{s}.tuiles.exemple.fr/{z}/{x}/{y}.png' }).TILE_URL).toBe(
      'https://{s}.tuiles.exemple.fr/{z}/{x}/{y}.png',
    );
    // Leaflet's TMS rows.
    expect(loadConfig({ TILE_URL: 'https://tms.exemple.fr/{z}/{x}/{-y}.png' }).TILE_URL).toBe(
      'https://tms.exemple.fr/{z}/{x}/{-y}.png',
    );
  });

  it('rejects PORT=abc with a message naming PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('names every wrong variable and never echoes secrets', () => {
    try {
      loadConfig({ SEED_DEMO: 'peut-être', DATABASE_URL: 'mysql://user:hunter2@host/db' });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/SEED_DEMO/);
      expect(message).toMatch(/DATABASE_URL/);
      expect(message).not.toContain('hunter2');
    }
  });

  it('requires SESSION_SECRET and APP_URL in production and disables demo seeding there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(
      /APP_URL est obligatoire en production/,
    );
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      APP_URL: 'https://alimentation.exemple.fr',
    });
    expect(config.SEED_DEMO).toBe(false);
    expect(config.isProduction).toBe(true);
  });

  it('treats a site served over https as a deployment, whatever NODE_ENV says', () => {
    expect(() => loadConfig({ APP_URL: 'https://alimentation.exemple.fr' })).toThrow(
      /SESSION_SECRET/,
    );
    const config = loadConfig({
      APP_URL: 'https://alimentation.exemple.fr',
      SESSION_SECRET: 'x'.repeat(40),
    });
    expect(config.SEED_DEMO).toBe(false);
    // Demo content may be asked for there, never the demo accounts (their passwords are public).
    expect(
      loadConfig({
        APP_URL: 'https://alimentation.exemple.fr',
        SESSION_SECRET: 'x'.repeat(40),
        SEED_DEMO: 'true',
      }).isDeployment,
    ).toBe(true);
  });

  it('switches to reCAPTCHA only with both keys', () => {
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'site' })).toThrow(/RECAPTCHA_SECRET_KEY/);
    expect(
      loadConfig({ RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret' }).captchaProvider,
    ).toBe('recaptcha');
  });

  it('parses TRUST_PROXY', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'n importe quoi' })).toThrow(/TRUST_PROXY/);
  });
});
