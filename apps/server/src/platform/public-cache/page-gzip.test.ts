import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { compressPage, crc32Combine, gzipPageParts, type GzipPage } from './page-gzip.ts';

const gzipPageBody = (page: GzipPage, token: Buffer) => Buffer.concat(gzipPageParts(page, token));

describe('gzip of a cached page', () => {
  it('decompresses to the page with the token in its slot, whatever the token', () => {
    const before = Buffer.from(
      `<!doctype html><head>${'<meta name="x" content="y">'.repeat(40)}<meta name="csrf-token" content="`,
    );
    const after = Buffer.from(
      `"></head><body>${'<p>Les initiatives d’alimentation durable.</p>'.repeat(300)}</body>`,
    );
    const page = compressPage(before, after);
    for (const token of ['', 'abc', 'T4BbeZqPODdzDHgtnDhs_-819Tlrk5RHJCaQGui1pjQ']) {
      const body = gzipPageBody(page, Buffer.from(token));
      expect(gunzipSync(body).toString()).toBe(before.toString() + token + after.toString());
    }
    // Compressed once: far smaller than the page.
    expect(gzipPageBody(page, Buffer.from('t')).length).toBeLessThan(
      (before.length + after.length) / 5,
    );
  });

  it('keeps the CRC-32 and size right for a long token', () => {
    const page = compressPage(Buffer.from('a'), Buffer.from('b'));
    const token = Buffer.alloc(70_000, 'x');
    expect(() => gzipPageBody(page, token)).toThrow(RangeError);
    const body = gzipPageBody(page, token.subarray(0, 65_535));
    expect(gunzipSync(body).length).toBe(65_537);
  });
});

describe('crc32Combine', () => {
  it('gives the CRC-32 of two parts joined', () => {
    const parts = [
      Buffer.from(''),
      Buffer.from('a'),
      Buffer.from('é'.repeat(5000)),
      Buffer.alloc(70_001, 7),
    ];
    for (const a of parts) {
      for (const b of parts) {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
      }
    }
  });
});
