import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { files } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../db/test-db.ts';
import { placeholderPdf } from '../../db/seed/placeholders.ts';
import { multipartBody } from '../testing.ts';
import { localDiskStorage } from '../storage/storage.ts';
import { checkUpload, UPLOAD_MESSAGES } from './check-upload.ts';
import { createFileStore } from './file-store.ts';
import { readMultipartForm, registerMultipart, splitFieldName } from './multipart-form.ts';
import { UploadedFile } from './uploaded-file.ts';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
function pngWithSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('splitFieldName', () => {
  it('splits bracket names', () => {
    expect(splitFieldName('a')).toEqual(['a']);
    expect(splitFieldName('a[0][b]')).toEqual(['a', '0', 'b']);
    expect(splitFieldName('a[]')).toEqual(['a', '']);
    expect(splitFieldName('a]b[')).toEqual(['a]b[']);
  });
});

describe('readMultipartForm', () => {
  it('nests bracket fields and files, ignores prototype keys and empty file inputs', async () => {
    const app = Fastify();
    await registerMultipart(app, { maxFileBytes: 1000, maxFiles: 5 });
    app.post('/', async (request) => {
      const form = await readMultipartForm(request);
      const file = (form.logo_files as { file: UploadedFile }[])[0]?.file;
      return {
        form: { ...form, logo_files: undefined, big: undefined },
        file: file && { name: file.filename, size: file.size, truncated: file.truncated },
        big: (form.big as UploadedFile).truncated,
        polluted: ({} as Record<string, unknown>).polluted ?? null,
      };
    });
    const { payload, headers } = await multipartBody({
      title: 'Jardin',
      'technical_partners[0][partner]': 'Mairie',
      'technical_partners[1][partner]': 'Région',
      'subthematics[0]': '3',
      'subthematics[1]': '5',
      'logo_files[0][file]': { filename: 'logo.png', bytes: Buffer.alloc(10, 1) },
      'logo_files[0][displayedName]': 'Logo',
      big: { filename: 'big.bin', bytes: Buffer.alloc(2000, 1) },
      empty: { filename: '', bytes: Buffer.alloc(0) },
      '__proto__[polluted]': 'yes',
    });
    const response = await app.inject({ method: 'POST', url: '/', payload, headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.form).toEqual({
      title: 'Jardin',
      technical_partners: [{ partner: 'Mairie' }, { partner: 'Région' }],
      subthematics: ['3', '5'],
    });
    expect(body.file).toEqual({ name: 'logo.png', size: 10, truncated: false });
    expect(body.big).toBe(true);
    expect(body.polluted).toBeNull();
    await app.close();
  });
});

describe('checkUpload', () => {
  it('accepts real images and PDFs by content', async () => {
    const image = await checkUpload(new UploadedFile('x.jpg', await png(), false), 'image', 1e6);
    expect(image).toMatchObject({ ok: true, upload: { mimeType: 'image/png', width: 40 } });
    const pdf = await checkUpload(
      new UploadedFile('x', placeholderPdf('T', 'B'), false),
      'pdf',
      1e6,
    );
    expect(pdf).toMatchObject({ ok: true, upload: { mimeType: 'application/pdf' } });
  });

  it('refuses a fake PDF, an SVG with a script, an oversize file and a decompression bomb', async () => {
    const fake = new UploadedFile(
      'rapport.pdf',
      Buffer.from('bonjour, je ne suis pas un PDF'),
      false,
    );
    expect(await checkUpload(fake, 'pdf', 1e6)).toEqual({
      ok: false,
      message: UPLOAD_MESSAGES.notPdf,
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect(await checkUpload(new UploadedFile('logo.png', svg, false), 'image', 1e6)).toEqual({
      ok: false,
      message: UPLOAD_MESSAGES.notImage,
    });
    const big = await checkUpload(new UploadedFile('a.png', await png(), true), 'image', 100);
    expect(big).toEqual({ ok: false, message: 'Le fichier ne doit pas dépasser 0 Mo.' });
    // A PNG whose header announces 100,000 x 100,000 pixels (a few bytes that would decode to 30 GB).
    const bomb = pngWithSize(100_000, 100_000);
    expect(await checkUpload(new UploadedFile('b.png', bomb, false), 'image', 1e8)).toEqual({
      ok: false,
      message: UPLOAD_MESSAGES.unreadableImage,
    });
  });
});

describe('file store', async () => {
  const database = await createTestDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  const sent: { name: string; data: object }[] = [];
  const jobs = { send: async (name: string, data: object) => (sent.push({ name, data }), 'id') };
  const store = createFileStore({
    db: database.db,
    storage: localDiskStorage(dir),
    jobs: jobs as never,
  });
  const listed = () => readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.'));
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('removes the written bytes when the transaction fails', async () => {
    const bytes = await png();
    const checked = await checkUpload(new UploadedFile('a.png', bytes, false), 'image', 1e6);
    if (!checked.ok) throw new Error('not ok');
    await expect(
      store.transaction(
        async ({ persist }) => {
          await persist(checked.upload, null);
          throw new Error('boom');
        },
        [checked.upload],
      ),
    ).rejects.toThrow('boom');
    expect(listed()).toEqual([]);
    expect((await database.db.select({ n: count() }).from(files))[0]?.n).toBe(0);
    expect(sent).toEqual([]);
  });

  it('stores under a random name, queues the thumbnail, makes it, and discards after commit', async () => {
    const checked = await checkUpload(
      new UploadedFile('mon logo.png', await png(), false),
      'image',
      1e6,
    );
    if (!checked.ok) throw new Error('not ok');
    const id = await store.transaction(
      ({ persist }) => persist(checked.upload, null),
      [checked.upload],
    );
    const [row] = await database.db.select().from(files).where(eq(files.id, id));
    expect(row?.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(row?.originalName).toBe('mon logo.png');
    expect(sent).toEqual([{ name: 'files.thumbnail', data: { fileId: id } }]);
    await store.makeThumbnail(id);
    const [withThumb] = await database.db.select().from(files).where(eq(files.id, id));
    expect(withThumb?.thumbStorageKey).toMatch(/^thumbs\/.*\.webp$/);
    expect(listed()).toHaveLength(2);
    await store.transaction(({ discard }) => discard([id]));
    expect(listed()).toEqual([]);
  });

  it('stores the bytes before the transaction opens, and keeps only those persisted', async () => {
    const upload = async (name: string) => {
      const checked = await checkUpload(new UploadedFile(name, await png(), false), 'image', 1e6);
      if (!checked.ok) throw new Error('not ok');
      return checked.upload;
    };
    const [kept, unused, unnamed] = await Promise.all(['a.png', 'b.png', 'c.png'].map(upload));
    // A slow bucket must not hold the database: the bytes are all there when `work` starts.
    const id = await store.transaction(
      async ({ persist }) => {
        expect(listed()).toHaveLength(2);
        return persist(kept!, null);
      },
      [kept!, unused!],
    );
    // The upload the work did not record is removed after the commit.
    const [row] = await database.db.select().from(files).where(eq(files.id, id));
    expect(listed()).toEqual([path.join(...row!.storageKey.split('/'))]);
    // An upload not named to the transaction cannot be recorded: nothing is left of the attempt.
    await expect(
      store.transaction(({ persist }) => persist(unnamed!, null), [unused!]),
    ).rejects.toThrow('named first');
    expect(listed()).toHaveLength(1);
    await store.transaction(({ discard }) => discard([id]));
  });
});
