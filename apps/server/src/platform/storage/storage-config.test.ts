import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, testConfig } from '../../env.ts';
import {
  configureFileUrls,
  publicFileUrl,
  storageKeyFromPublicUrl,
  UPLOADS_PREFIX,
} from '../file-urls.ts';
import { storageFromConfig } from './storage-from-config.ts';

const S3 = {
  S3_BUCKET: 'ad-uploads',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'very-secret-value',
  S3_PUBLIC_URL: 'https://cdn.exemple.fr/ad-uploads/',
};

const problemsOf = (env: Record<string, string>) => {
  try {
    testConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('the configuration was accepted');
};

describe('S3 configuration', () => {
  it('keeps the local disk when S3_BUCKET is unset', async () => {
    const config = testConfig();
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.S3_REGION).toBe('us-east-1');
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
    const configured = await storageFromConfig(config);
    expect(configured.kind).toBe('local');
    if (configured.kind === 'local') expect(configured.root).toMatch(/[/\\]uploads$/);
  });

  it('reads a complete S3 configuration (AWS: no endpoint, virtual-hosted addressing)', async () => {
    const config = testConfig({ ...S3, S3_REGION: 'eu-west-3' });
    expect(config).toMatchObject({
      S3_BUCKET: 'ad-uploads',
      S3_ENDPOINT: undefined,
      S3_REGION: 'eu-west-3',
      S3_FORCE_PATH_STYLE: false,
      S3_PUBLIC_URL: 'https://cdn.exemple.fr/ad-uploads',
    });
    const configured = await storageFromConfig(config);
    expect(configured.kind).toBe('s3');
    configured.close();
  });

  it('uses path-style addressing by default with an endpoint, unless told otherwise', () => {
    const minio = { ...S3, S3_ENDPOINT: 'http://minio:9000' };
    expect(testConfig(minio).S3_FORCE_PATH_STYLE).toBe(true);
    expect(testConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(testConfig({ ...S3, S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true);
  });

  it('requires the keys and the public URL with S3_BUCKET, in French', () => {
    expect(problemsOf({ S3_BUCKET: 'ad-uploads' })).toEqual([
      'S3_ACCESS_KEY_ID est obligatoire quand S3_BUCKET est définie',
      'S3_SECRET_ACCESS_KEY est obligatoire quand S3_BUCKET est définie',
      'S3_PUBLIC_URL est obligatoire quand S3_BUCKET est définie',
    ]);
    expect(problemsOf({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toEqual([
      'S3_SECRET_ACCESS_KEY est obligatoire quand S3_BUCKET est définie',
    ]);
  });

  it('refuses S3 settings without a bucket rather than leaving files on the disk', () => {
    const { S3_BUCKET: _bucket, ...withoutBucket } = S3;
    expect(problemsOf(withoutBucket)).toEqual([
      'S3_BUCKET est obligatoire quand S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL sont définies',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'S3_BUCKET est obligatoire quand S3_ENDPOINT est définie',
    ]);
    // The region alone (a shared AWS_REGION-like default) does not switch anything.
    expect(testConfig({ S3_REGION: 'fr-par' }).S3_BUCKET).toBeUndefined();
  });

  it('checks the URLs, the bucket name and the boolean, and never echoes the secret', () => {
    const message = (() => {
      try {
        loadConfig({
          ...S3,
          S3_ENDPOINT: 'minio:9000',
          S3_PUBLIC_URL: 'ftp://cdn.exemple.fr',
          S3_FORCE_PATH_STYLE: 'peut-être',
          S3_BUCKET: 'ad/uploads',
          S3_SECRET_ACCESS_KEY: 'hunter2',
        });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/S3_ENDPOINT doit être une URL valide/);
    expect(message).toMatch(/S3_PUBLIC_URL doit être une URL valide/);
    expect(message).toMatch(/S3_FORCE_PATH_STYLE doit valoir true ou false/);
    expect(message).toMatch(/S3_BUCKET doit être un nom de compartiment/);
    expect(message).not.toContain('hunter2');
    expect(problemsOf({ ...S3, S3_PUBLIC_URL: 'https://cdn.exemple.fr/?x=1' })).toEqual([
      'S3_PUBLIC_URL ne doit contenir ni « ? » ni « # » (reçu « https://cdn.exemple.fr/?x=1 »)',
    ]);
  });
});

describe('publicFileUrl', () => {
  afterEach(() => configureFileUrls({ baseUrl: null }));

  it('serves keys under /uploads/ by default, encoded per segment', () => {
    expect(UPLOADS_PREFIX).toBe('/uploads/');
    expect(publicFileUrl('2026/05/a b#?.png')).toBe('/uploads/2026/05/a%20b%23%3F.png');
    expect(publicFileUrl(null)).toBeNull();
    expect(publicFileUrl(undefined)).toBeNull();
    expect(publicFileUrl('')).toBeNull();
  });

  it('uses the configured public base (S3 bucket or CDN), with or without a trailing slash', () => {
    configureFileUrls({ baseUrl: 'https://cdn.exemple.fr/ad-uploads' });
    expect(publicFileUrl('thumbs/2026/05/été.webp')).toBe(
      'https://cdn.exemple.fr/ad-uploads/thumbs/2026/05/%C3%A9t%C3%A9.webp',
    );
    configureFileUrls({ baseUrl: 'https://ad-uploads.s3.eu-west-3.amazonaws.com/' });
    expect(publicFileUrl('a.pdf')).toBe('https://ad-uploads.s3.eu-west-3.amazonaws.com/a.pdf');
    configureFileUrls({ baseUrl: null });
    expect(publicFileUrl('a.pdf')).toBe('/uploads/a.pdf');
  });

  it('finds the storage key back from a public URL of the configured base only', () => {
    expect(storageKeyFromPublicUrl('/uploads/2026/05/a%20b.png?v=1')).toBe('2026/05/a b.png');
    expect(storageKeyFromPublicUrl('/uploads/../secret')).toBeNull();
    expect(storageKeyFromPublicUrl('/uploads/a//b')).toBeNull();
    expect(storageKeyFromPublicUrl('/uploads/%E0%A4%A')).toBeNull();
    expect(storageKeyFromPublicUrl('https://ailleurs.fr/uploads/a.png')).toBeNull();
    configureFileUrls({ baseUrl: 'https://cdn.exemple.fr/b' });
    expect(storageKeyFromPublicUrl(publicFileUrl('2026/05/été.png')!)).toBe('2026/05/été.png');
    expect(storageKeyFromPublicUrl('/uploads/a.png')).toBeNull();
  });
});
