import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Uploaded files (images and documents). The storage key is a random name, never the upload's name. */
export const files = pgTable(
  'files',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** sha256 of the content, hex (optional, for deduplication and integrity checks). */
    checksum: text('checksum'),
    /** WebP thumbnail of an image, made by the `files.thumbnail` job (null until it ran). */
    thumbStorageKey: text('thumb_storage_key'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_storage_key_unique').on(t.storageKey),
    index('files_uploaded_by_idx').on(t.uploadedBy),
  ],
);
