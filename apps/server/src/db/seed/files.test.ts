import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { files } from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../test-db.ts';
import { ensureSeedFile, pdfSpec } from './files.ts';
import { seedReferenceData } from './reference.ts';

/** A storage that is not the local disk (as an S3 bucket would be), objects kept in memory. */
function memoryStorage(): FileStorage & { objects: Map<string, Buffer> } {
  const objects = new Map<string, Buffer>();
  return {
    objects,
    put: async (key, bytes) => void objects.set(key, bytes),
    read: async (key) => {
      const bytes = objects.get(key);
      if (!bytes) throw new Error(`missing ${key}`);
      return bytes;
    },
    remove: async (key) => void objects.delete(key),
  };
}

describe('seed files', () => {
  let handle: TestDatabase;

  beforeAll(async () => {
    handle = await createTestDatabase();
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('stores the placeholders through the given storage, one per row', async () => {
    const storage = memoryStorage();
    await seedReferenceData(handle.db, { storage });
    const rows = await handle.db
      .select({ storageKey: files.storageKey, size: files.size })
      .from(files);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(storage.objects.get(row.storageKey)?.length).toBe(row.size);
    expect([...storage.objects.keys()].sort()).toEqual(rows.map((r) => r.storageKey).sort());
  });

  it('finds the existing row again and puts the bytes back; only rows without a storage', async () => {
    const spec = pdfSpec('tests', 'exemple.pdf', 'Exemple', 'Un document.');
    const id = await ensureSeedFile(handle.db, spec, undefined);
    const storage = memoryStorage();
    expect(await ensureSeedFile(handle.db, spec, storage)).toBe(id);
    expect(storage.objects.get('seed/tests/exemple.pdf')?.equals(spec.bytes)).toBe(true);
  });
});
