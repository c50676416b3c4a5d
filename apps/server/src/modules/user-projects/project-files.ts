import { inArray } from 'drizzle-orm';
import type { FileEntry } from '@ad/contract/account/member-content';
import type { DbOrTx } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';
import type { Config } from '../../env.ts';
import { ValidationError } from '../../platform/errors.ts';
import { publicFileUrl } from '../../platform/file-urls.ts';
import { checkFormFiles } from '../../platform/uploads/check-form-files.ts';
import type { CheckedUpload } from '../../platform/uploads/check-upload.ts';
import type { FileTransaction } from '../../platform/uploads/file-store.ts';
import type { UploadedFile } from '../../platform/uploads/uploaded-file.ts';
import { PROJECT_MESSAGES } from './project-fields.ts';

/** Logos and documents of an item: a kept file is its id, a new one is checked then stored. */

export interface AttachedFile {
  fileId: number;
  displayedName: string | null;
}

export interface ProjectFiles {
  logos: AttachedFile[];
  documents: AttachedFile[];
}

interface FileFields {
  logos: { id: number; displayedName: string | null }[];
  logo_files: { file: UploadedFile; displayedName: string | null }[];
  documents: { id: number; displayedName: string | null }[];
  document_files: { file: UploadedFile; displayedName: string | null }[];
}

/** Kept ids must be among the item's own files of that kind (never another item's file). */
export function checkKeptFiles(form: FileFields, current: ProjectFiles | null): void {
  const errors: Record<string, string[]> = {};
  const check = (key: 'logos' | 'documents') => {
    const own = new Set((current?.[key] ?? []).map((f) => f.fileId));
    form[key].forEach((kept, index) => {
      if (!own.has(kept.id)) errors[`${key}.${index}.id`] = [PROJECT_MESSAGES.unknownFile];
    });
  };
  check('logos');
  check('documents');
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Checks every new file by content (logos are images, documents PDF); 422 keyed by path. */
export function checkNewFiles(config: Config, form: FileFields) {
  return checkFormFiles(config, [
    ...form.logo_files.map((entry, i) => ({
      key: `logo_files.${i}.file`,
      file: entry.file,
      kind: 'image' as const,
    })),
    ...form.document_files.map((entry, i) => ({
      key: `document_files.${i}.file`,
      file: entry.file,
      kind: 'pdf' as const,
    })),
  ]);
}

/** Stores the new files; the result lists kept files first, then new ones, in form order. */
export async function persistFiles(
  files: FileTransaction,
  form: FileFields,
  checked: Map<string, CheckedUpload>,
  userId: number,
): Promise<ProjectFiles> {
  const store = async (
    kept: FileFields['logos'],
    added: FileFields['logo_files'],
    prefix: string,
  ): Promise<AttachedFile[]> => {
    const result = kept.map((k) => ({ fileId: k.id, displayedName: k.displayedName }));
    for (const [i, entry] of added.entries()) {
      const upload = checked.get(`${prefix}.${i}.file`);
      if (!upload) throw new Error(`unchecked upload ${prefix}.${i}`);
      result.push({
        fileId: await files.persist(upload, userId),
        displayedName: entry.displayedName,
      });
    }
    return result;
  };
  return {
    logos: await store(form.logos, form.logo_files, 'logo_files'),
    documents: await store(form.documents, form.document_files, 'document_files'),
  };
}

export const allFileIds = (state: ProjectFiles | null | undefined): number[] =>
  state ? [...state.logos, ...state.documents].map((f) => f.fileId) : [];

/** The file entries of the forms and previews, in the given order. */
export async function fileEntries(db: DbOrTx, attached: AttachedFile[]): Promise<FileEntry[]> {
  if (attached.length === 0) return [];
  const rows = await db
    .select()
    .from(files)
    .where(
      inArray(
        files.id,
        attached.map((a) => a.fileId),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return attached.flatMap((a) => {
    const row = byId.get(a.fileId);
    if (!row) return [];
    const url = publicFileUrl(row.storageKey) ?? '';
    return [
      {
        id: row.id,
        file: url,
        url,
        thumb_url: row.width ? (publicFileUrl(row.thumbStorageKey) ?? url) : null,
        filename: row.originalName,
        size: row.size,
        displayedName: a.displayedName,
        name: row.originalName,
        type: row.mimeType,
      },
    ];
  });
}
