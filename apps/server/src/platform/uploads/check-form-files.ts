import type { Config } from '../../env.ts';
import { ValidationError } from '../errors.ts';
import { checkUpload, type CheckedUpload, type UploadKind } from './check-upload.ts';
import type { UploadedFile } from './uploaded-file.ts';

export const uploadLimits = (config: Config) => ({
  image: config.UPLOAD_MAX_IMAGE_MB * 1024 * 1024,
  pdf: config.UPLOAD_MAX_DOCUMENT_MB * 1024 * 1024,
});

/** The largest file any form accepts: what the multipart reader reads before truncating. */
export const largestUpload = (config: Config) => Math.max(...Object.values(uploadLimits(config)));

/**
 * Checks every file of a form by content and size; any refusal is a 422 whose keys are the
 * files' field paths (`image`, `logo_files.2.file`), so the message shows under the right input
 * and nothing is stored.
 */
export async function checkFormFiles(
  config: Config,
  entries: readonly { key: string; file: UploadedFile; kind: UploadKind }[],
): Promise<Map<string, CheckedUpload>> {
  const limits = uploadLimits(config);
  const checked = new Map<string, CheckedUpload>();
  const errors: Record<string, string[]> = {};
  for (const entry of entries) {
    const result = await checkUpload(entry.file, entry.kind, limits[entry.kind]);
    if (result.ok) checked.set(entry.key, result.upload);
    else errors[entry.key] = [result.message];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return checked;
}
