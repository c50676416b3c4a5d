import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.ts';
import { configureFileUrls, publicFileUrl } from '../file-urls.ts';
import { startFakeS3 } from '../storage/fake-s3.testing.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { checkUpload } from './check-upload.ts';
import { UploadedFile } from './uploaded-file.ts';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

/** A file left in DATA_DIR/uploads: served by the local route, ignored with S3. */
function leaveLocalFile(dataDir: string) {
  mkdirSync(path.join(dataDir, 'uploads', '2026'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads', '2026', 'local.png'), Buffer.from('png bytes'));
}

// The apps are built in beforeAll, not in the describe bodies: the URL base is process-wide, so
// each app must be the last one built while its tests run.
describe('uploads on the local disk (S3_BUCKET unset)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('serves DATA_DIR/uploads under /uploads/ as immutable files', async () => {
    leaveLocalFile(test.dataDir);
    const response = await test.app.inject('/uploads/2026/local.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(publicFileUrl('2026/local.png')).toBe('/uploads/2026/local.png');
  });
});

describe('uploads in an S3 bucket (S3_BUCKET set)', async () => {
  const s3 = await startFakeS3();
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      env: {
        S3_BUCKET: 'ad-uploads',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: 'test-key',
        S3_SECRET_ACCESS_KEY: 'test-secret',
        S3_PUBLIC_URL: 'https://cdn.exemple.fr/ad-uploads/',
      },
    });
  });
  afterAll(async () => {
    await test.close();
    await s3.close();
    configureFileUrls({ baseUrl: null });
  });

  it('has no local /uploads/ route', async () => {
    leaveLocalFile(test.dataDir);
    const response = await test.app.inject('/uploads/2026/local.png');
    expect(response.statusCode).toBe(404);
  });

  it('stores the upload and its thumbnail in the bucket, addressed by the public URL', async () => {
    const checked = await checkUpload(
      new UploadedFile('logo.png', await png(), false),
      'image',
      1e6,
    );
    if (!checked.ok) throw new Error('not ok');
    const id = await test.app.fileStore.transaction(
      ({ persist }) => persist(checked.upload, null),
      [checked.upload],
    );
    const [row] = await test.database.db.select().from(files).where(eq(files.id, id));
    const key = row!.storageKey;
    expect(s3.objects.get(`ad-uploads/${key}`)?.headers['content-type']).toBe('image/png');
    expect(publicFileUrl(key)).toBe(`https://cdn.exemple.fr/ad-uploads/${key}`);

    await test.app.fileStore.makeThumbnail(id);
    const [withThumb] = await test.database.db.select().from(files).where(eq(files.id, id));
    const thumbKey = withThumb!.thumbStorageKey!;
    expect(thumbKey).toMatch(/^thumbs\/.*\.webp$/);
    const thumb = s3.objects.get(`ad-uploads/${thumbKey}`);
    expect(thumb?.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb!.bytes).metadata()).format).toBe('webp');
    expect((await test.app.fileStorage.read(key)).equals(checked.upload.file.bytes)).toBe(true);

    await test.app.fileStore.transaction(({ discard }) => discard([id]));
    expect(s3.objects.has(`ad-uploads/${key}`)).toBe(false);
    expect(s3.objects.has(`ad-uploads/${thumbKey}`)).toBe(false);
  });
});
