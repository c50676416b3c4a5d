import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { UploadedFile } from './uploaded-file.ts';

/**
 * Image formats members may upload (spec account-area §5 `allowedImageMimes`): decoded by
 * sharp, so thumbnails can always be made. SVG is not among them: it can carry scripts.
 */
export const ALLOWED_IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const PDF_MIME = 'application/pdf';

/** Larger images are refused before sharp decodes them (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export type UploadKind = 'image' | 'pdf';

export interface CheckedUpload {
  file: UploadedFile;
  mimeType: string;
  extension: string;
  width: number | null;
  height: number | null;
}

const formatSize = (bytes: number) =>
  `${Math.round(bytes / (1024 * 1024)).toLocaleString('fr-FR')} Mo`;

export const UPLOAD_MESSAGES = {
  tooLarge: (max: number) => `Le fichier ne doit pas dépasser ${formatSize(max)}.`,
  notPdf: 'Le fichier doit être un document PDF.',
  notImage: 'Le fichier doit être une image (JPEG, PNG, WebP ou GIF).',
  unreadableImage: "L'image ne peut pas être lue : elle est endommagée ou trop grande.",
  empty: 'Le fichier est vide.',
};

/**
 * Checks an upload by its content (magic bytes), never by its name or the browser's type, and
 * its size. Images are also opened by sharp with a pixel limit, so a decompression bomb or a
 * corrupt image is refused here rather than by the thumbnail job. Returns the French message
 * to show under the field, or the checked file.
 */
export async function checkUpload(
  file: UploadedFile,
  kind: UploadKind,
  maxBytes: number,
): Promise<{ ok: true; upload: CheckedUpload } | { ok: false; message: string }> {
  if (file.truncated || file.size > maxBytes) {
    return { ok: false, message: UPLOAD_MESSAGES.tooLarge(maxBytes) };
  }
  if (file.size === 0) return { ok: false, message: UPLOAD_MESSAGES.empty };
  const detected = await fileTypeFromBuffer(file.bytes);
  if (kind === 'pdf') {
    if (detected?.mime !== PDF_MIME) return { ok: false, message: UPLOAD_MESSAGES.notPdf };
    return {
      ok: true,
      upload: { file, mimeType: PDF_MIME, extension: 'pdf', width: null, height: null },
    };
  }
  if (!detected || !(ALLOWED_IMAGE_MIMES as readonly string[]).includes(detected.mime)) {
    return { ok: false, message: UPLOAD_MESSAGES.notImage };
  }
  try {
    const metadata = await sharp(file.bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    const width = metadata.width ?? 0;
    const height = metadata.height ?? 0;
    if (!width || !height || width * height > MAX_IMAGE_PIXELS) {
      return { ok: false, message: UPLOAD_MESSAGES.unreadableImage };
    }
    return {
      ok: true,
      upload: { file, mimeType: detected.mime, extension: detected.ext, width, height },
    };
  } catch {
    return { ok: false, message: UPLOAD_MESSAGES.unreadableImage };
  }
}
