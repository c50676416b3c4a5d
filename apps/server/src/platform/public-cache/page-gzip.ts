import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A cached page compressed once, except for the visitor's CSRF token (RFC 1951/1952): one gzip
 * member made of the raw-deflated part before the token (ended by a sync flush, so it stops on
 * a byte boundary without a final block), the token in a stored block, and the raw-deflated part
 * after it (with the final block). Each part is compressed on its own, so no back-reference
 * crosses the token. Per request: the token's stored block, and the CRC-32 over the token,
 * combined with the CRC-32 of the part after it (computed once).
 */
export interface GzipPage {
  /** The gzip header followed by the part before the token. */
  head: Buffer;
  after: Buffer;
  crcBefore: number;
  crcAfter: number;
  /** Shifts a CRC-32 over the length of the part after the token (see crc32Combine). */
  shiftAfter: number;
  /** Uncompressed size of the whole page but for the token. */
  size: number;
}

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
const MAX_STORED = 0xffff;

export function compressPage(before: Buffer, after: Buffer): GzipPage {
  return {
    head: Buffer.concat([
      HEADER,
      deflateRawSync(before, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
    ]),
    after: deflateRawSync(after, { level: 9 }),
    crcBefore: crc32(before),
    crcAfter: crc32(after),
    shiftAfter: x2nmodp(after.length, 3),
    size: before.length + after.length,
  };
}

/**
 * The gzip body of the page with `token` (at most 65,535 bytes) in its slot, as pieces to write in
 * order: the header and the part before the token (kept with the page), the token in its stored
 * block, the part after it (kept with the page), and the trailer (CRC-32 and size). Only the
 * token's block and the trailer are new bytes: the page's compressed parts are not copied.
 */
export function gzipPageParts(page: GzipPage, token: Buffer): Buffer[] {
  const length = token.length;
  if (length > MAX_STORED) throw new RangeError('token too long for one stored block');
  const block = Buffer.allocUnsafe(5 + length + 8);
  // Stored block, not final: BFINAL=0 and BTYPE=00 in a byte (already byte-aligned), LEN, NLEN.
  block[0] = 0;
  block.writeUInt16LE(length, 1);
  block.writeUInt16LE(~length & 0xffff, 3);
  token.copy(block, 5);
  const trailer = block.subarray(5 + length);
  const crcWithToken = crc32(token, page.crcBefore);
  trailer.writeUInt32LE((multmodp(page.shiftAfter, crcWithToken) ^ page.crcAfter) >>> 0, 0);
  trailer.writeUInt32LE((page.size + length) >>> 0, 4);
  return [page.head, block.subarray(0, 5 + length), page.after, trailer];
}

// CRC-32 combination (zlib's crc32_combine, RFC 1952's polynomial): the CRC of A followed by B
// from the CRCs of A and B and the length of B, in 32 steps instead of a pass over B.
const POLY = 0xedb88320;

/** a(x) * b(x) modulo the CRC polynomial (reflected bit order); `a` is never 0 here. */
function multmodp(a: number, b: number): number {
  let m = 1 << 31;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo the polynomial, for n = 0..31. */
const X2N: number[] = [];
for (let n = 0, p = 1 << 30; n < 32; n += 1) {
  X2N.push(p >>> 0);
  p = multmodp(p, p);
}

/** x^(n * 2^k) modulo the polynomial: with k = 3, the shift of a CRC over n bytes. */
function x2nmodp(n: number, k: number): number {
  let p = (1 << 31) >>> 0;
  while (n) {
    if (n & 1) p = multmodp(X2N[k & 31]!, p);
    n >>>= 1;
    k += 1;
  }
  return p;
}

/** The CRC-32 of A followed by B (exported for its test). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multmodp(x2nmodp(lengthB, 3), crcA) ^ crcB) >>> 0;
}
