import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addressForLog, createLogger } from './app.ts';
import { testConfig } from './env.ts';

describe('request log', () => {
  it("never writes an e-mail link's token or signature", async () => {
    const lines: string[] = [];
    const logger = createLogger(testConfig({ LOG_LEVEL: 'info' }), {
      write: (line: string) => void lines.push(line),
    });
    const app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
    app.get('/mot-de-passe-oublie/nouveau', async () => 'ok');
    await app.inject({ url: '/mot-de-passe-oublie/nouveau?token=s3cr3t&email=a%40b.fr' });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/mot-de-passe-oublie/nouveau?token=[secret]&email=a%40b.fr');
    expect(logged).not.toContain('s3cr3t');
  });

  it('keeps the rest of the address', () => {
    expect(addressForLog('/initiative-a-jour/12?expires=1800000000&signature=abc_d-e')).toBe(
      '/initiative-a-jour/12?expires=1800000000&signature=[secret]',
    );
    expect(addressForLog('/api/posts?page=2&token_like=1')).toBe('/api/posts?page=2&token_like=1');
  });
});
