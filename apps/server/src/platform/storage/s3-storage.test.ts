import { afterAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from './fake-s3.testing.ts';
import { contentTypeOf, s3Storage } from './s3-storage.ts';

describe('contentTypeOf', () => {
  it('guesses the type from the extension of the key', () => {
    expect(contentTypeOf('2026/05/a.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('2026/05/a.JPEG')).toBe('image/jpeg');
    expect(contentTypeOf('a.png')).toBe('image/png');
    expect(contentTypeOf('thumbs/2026/05/a.webp')).toBe('image/webp');
    expect(contentTypeOf('a.gif')).toBe('image/gif');
    expect(contentTypeOf('2026/05/a.pdf')).toBe('application/pdf');
    expect(contentTypeOf('a.svg')).toBe('application/octet-stream');
    expect(contentTypeOf('no-extension')).toBe('application/octet-stream');
  });
});

describe('s3Storage', async () => {
  const s3 = await startFakeS3();
  const storage = await s3Storage({
    bucket: 'uploads',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
    forcePathStyle: true,
  });
  afterAll(async () => {
    storage.close();
    await s3.close();
  });

  it('puts an object with its type and an immutable cache lifetime, and reads it back', async () => {
    const bytes = Buffer.from('%PDF-1.4 fake document bytes');
    await storage.put('2026/05/abc.pdf', bytes);
    const stored = s3.objects.get('uploads/2026/05/abc.pdf');
    expect(stored?.bytes.equals(bytes)).toBe(true);
    expect(stored?.headers).toEqual({
      'content-type': 'application/pdf',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const read = await storage.read('2026/05/abc.pdf');
    expect(Buffer.isBuffer(read)).toBe(true);
    expect(read.equals(bytes)).toBe(true);
  });

  it('keeps binary bytes and keys needing encoding intact', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await storage.put('thumbs/2026/05/été 1+1.webp', bytes);
    expect(s3.objects.get('uploads/thumbs/2026/05/été 1+1.webp')?.headers['content-type']).toBe(
      'image/webp',
    );
    expect((await storage.read('thumbs/2026/05/été 1+1.webp')).equals(bytes)).toBe(true);
  });

  it('removes an object, and removing a missing one is not an error', async () => {
    await storage.put('2026/05/gone.png', Buffer.from('png'));
    await storage.remove('2026/05/gone.png');
    expect(s3.objects.has('uploads/2026/05/gone.png')).toBe(false);
    await expect(storage.remove('2026/05/gone.png')).resolves.toBeUndefined();
    expect(s3.requests.filter((r) => r === 'DELETE /uploads/2026/05/gone.png')).toHaveLength(2);
  });

  it('fails to read a missing object', async () => {
    await expect(storage.read('2026/05/missing.png')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('refuses keys with empty, . or .. segments before any request', async () => {
    const before = s3.requests.length;
    await expect(storage.put('../escape.png', Buffer.from('x'))).rejects.toThrow(/Invalid key/);
    await expect(storage.read('a//b.png')).rejects.toThrow(/Invalid key/);
    await expect(storage.remove('/a.png')).rejects.toThrow(/Invalid key/);
    expect(s3.requests.length).toBe(before);
  });

  it('surfaces errors of the bucket other than a missing key', async () => {
    const unreachable = await s3Storage({
      bucket: 'uploads',
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
    });
    try {
      await expect(unreachable.remove('a.png')).rejects.toThrow();
    } finally {
      unreachable.close();
    }
  });
});
