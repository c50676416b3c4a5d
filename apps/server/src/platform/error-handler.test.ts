import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.ts';
import { MESSAGES } from './errors.ts';

describe('errorHandler', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    app.setErrorHandler(errorHandler('Alimentation durable'));
    const fail = async () => {
      throw new Error('database down');
    };
    app.get('/api/posts', fail);
    app.get('/a-propos', fail);
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a page that fails to render with an HTML page, never JSON, kept by no cache', async () => {
    const response = await app.inject({
      url: '/a-propos',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<html lang="fr"');
    expect(response.body).toContain('<title>Erreur - Alimentation durable</title>');
    expect(response.body).toContain(MESSAGES.serverError);
    expect(response.body).not.toContain('database down');
  });

  it('answers the API in JSON, whatever the request accepts', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const response = await app.inject({ url: '/api/posts', headers: { accept } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: MESSAGES.serverError });
    }
  });
});
