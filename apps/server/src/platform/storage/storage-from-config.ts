import path from 'node:path';
import type { Config } from '../../env.ts';
import { s3Storage } from './s3-storage.ts';
import { localDiskStorage, type FileStorage } from './storage.ts';

export type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PUBLIC_URL'
>;

export type ConfiguredStorage =
  | { kind: 'local'; storage: FileStorage; root: string; close(): void }
  | { kind: 's3'; storage: FileStorage; publicUrl: string; close(): void };

/** The S3 bucket when S3_BUCKET is set (loadConfig has checked its companions), else DATA_DIR/uploads. */
export async function storageFromConfig(config: StorageConfig): Promise<ConfiguredStorage> {
  if (config.S3_BUCKET) {
    const { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL } = config;
    if (!S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY || !S3_PUBLIC_URL)
      throw new Error('S3_BUCKET is set without its keys or public URL');
    const bucket = await s3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
    return { kind: 's3', storage: bucket, publicUrl: S3_PUBLIC_URL, close: bucket.close };
  }
  const root = path.join(config.DATA_DIR, 'uploads');
  return { kind: 'local', storage: localDiskStorage(root), root, close: () => {} };
}
