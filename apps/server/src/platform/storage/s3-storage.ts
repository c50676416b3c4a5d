import type { FileStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Unset: AWS, addressed from the region. */
  endpoint?: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/** Types of what the uploads module stores (checked uploads and WebP thumbnails). */
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
};

/** The type the bucket serves the object with, from its key's extension. */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** Keys are random names made by the uploads module; one read back from the database is still checked. */
function checkedKey(key: string): string {
  const segments = key.split('/');
  if (segments.some((segment) => !segment || segment === '.' || segment === '..'))
    throw new Error(`Invalid key ${key}`);
  return key;
}

const isNotFound = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Scaleway, OVH…), read by visitors from its public
 * URL (S3_PUBLIC_URL), so objects carry their type and, their names being random, an immutable
 * cache lifetime. No ACL is sent: buckets made public by a policy (and AWS buckets with ACLs
 * disabled, the default) refuse them.
 */
export async function s3Storage(
  options: S3StorageOptions,
): Promise<FileStorage & { close(): void }> {
  // Loaded only when a bucket is configured: the SDK adds about 0.2 s and 25 MB to a start
  // (and to every test file building an app) that keeps the files on the local disk.
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    credentials: options.credentials,
    forcePathStyle: options.forcePathStyle,
    // The SDK's default CRC checksums (aws-chunked bodies with trailers) are refused by several
    // S3-compatible providers; checksums stay where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A member's form waits on the upload (stored before the transaction that records it): an
    // unreachable or stalled bucket fails it within about a minute rather than hanging
    // (20 s of silence per attempt, two attempts). `requestTimeout` alone only logs a warning.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 20_000 },
    maxAttempts: 2,
  });
  const Bucket = options.bucket;

  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentTypeOf(key),
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async read(key) {
      const response = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
      if (!response.Body) throw new Error(`Empty response for ${key}`);
      return Buffer.from(await response.Body.transformToByteArray());
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    close: () => client.destroy(),
  };
}
