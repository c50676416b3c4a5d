import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A cached page compressed once, except for the visitor's CSRF token (RFC 1951/1952): one gzip
 * member made of the raw-deflated part before the token (ended by a sync flush, so it stops on
 * a byte boundary without a final block), the token in a stored block, and the raw-deflated part
 * after it (with the final block). Each part is compressed on its own, so no back-reference
 * crosses the token. Per request: the token's stored block, the CRC-32 over the token and the
 * part after it, and a copy of about a quarter of the page's size.
 */
export interface GzipPage {
  before: Buffer;
  after: Buffer;
  crcBefore: number;
  /** Uncompressed sizes of the two parts. */
  sizeBefore: number;
  plainAfter: Buffer;
}

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
const MAX_STORED = 0xffff;

export function compressPage(before: Buffer, after: Buffer): GzipPage {
  return {
    before: deflateRawSync(before, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
    after: deflateRawSync(after, { level: 9 }),
    crcBefore: crc32(before),
    sizeBefore: before.length,
    plainAfter: after,
  };
}

/** The gzip body of the page with `token` (at most 65,535 bytes) in its slot. */
export function gzipPageBody(page: GzipPage, token: Buffer): Buffer {
  if (token.length > MAX_STORED) throw new RangeError('token too long for one stored block');
  // Stored block, not final: BFINAL=0 and BTYPE=00 in a byte (already byte-aligned), LEN, NLEN.
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(token.length, 1);
  stored.writeUInt16LE(~token.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(page.plainAfter, crc32(token, page.crcBefore)), 0);
  trailer.writeUInt32LE((page.sizeBefore + token.length + page.plainAfter.length) >>> 0, 4);
  return Buffer.concat([HEADER, page.before, stored, token, page.after, trailer]);
}
