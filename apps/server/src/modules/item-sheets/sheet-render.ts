import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { MapItemDetail } from '@ad/contract';
import type { Config } from '../../env.ts';
import { storageKeyFromPublicUrl } from '../../platform/file-urls.ts';
import type { JobLogger } from '../../platform/jobs/queue.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { MAX_IMAGE_PIXELS } from '../../platform/uploads/check-upload.ts';
import { marianneFont, renderPdfFile, type PdfFont } from '../export-report/pdf-renderer.ts';
import { itemPageUrl } from './sheet-model.ts';
import { sheetMap } from './sheet-map.ts';
import { sheetPdf, type SheetLogo } from './sheet-pdf.tsx';

/** A logo larger than this is left out (the sheet stays light). */
const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** At most this many logos on a sheet. */
const LOGOS_MAX = 12;
/** One sheet is a page or two: far below the export report's limit. */
const RENDER_TIMEOUT_MS = 60_000;

let fonts: PdfFont[] | undefined;

/**
 * The export report's Marianne (regular, bold, italic) plus its bold italic, which the summary's
 * <strong><em> needs; Helvetica when Marianne cannot be found.
 */
export function sheetFonts(): PdfFont[] {
  if (fonts) return fonts;
  const marianne = marianneFont();
  if (!marianne) return (fonts = []);
  const regular = marianne.fonts[0]?.src ?? '';
  const boldItalic = path.join(path.dirname(regular), 'Marianne-Bold_Italic.woff');
  return (fonts = [
    existsSync(boldItalic)
      ? {
          ...marianne,
          fonts: [...marianne.fonts, { src: boldItalic, fontWeight: 700, fontStyle: 'italic' }],
        }
      : marianne,
  ]);
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
/** Bit depths allowed per PNG colour type. */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const MAX_SIDE = 20_000;

/** A PNG whose chunks are all within the file: IHDR first and valid, IDAT, IEND. */
function isWellFormedPng(data: Buffer): boolean {
  if (data.length < 8 + 25 + 12 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  if (data.readUInt32BE(8) !== 13 || data.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const [depth, colourType, compression, filter, interlace] = data.subarray(24, 29);
  if (!width || !height || width > MAX_SIDE || height > MAX_SIDE) return false;
  if (!PNG_DEPTHS[colourType!]?.includes(depth!) || compression || filter || interlace! > 1)
    return false;
  let offset = 8;
  let idat = false;
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || offset + 12 + length > data.length) return false;
    if (type === 'IDAT') idat = true;
    if (type === 'IEND') return idat;
    offset += 12 + length;
  }
  return false;
}

/** A JPEG whose segments up to the image data are within the file, with a frame of some size. */
function isWellFormedJpeg(data: Buffer): boolean {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return false;
  let offset = 2;
  let frame = false;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return false;
    const marker = data[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > data.length) return false;
    // Start of frame (baseline, progressive…; not DHT, JPG or DAC): its height and width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      if (length < 8 || !data.readUInt16BE(offset + 5) || !data.readUInt16BE(offset + 7))
        return false;
      frame = true;
    }
    if (marker === 0xda) return frame; // start of scan: the image data follows
    if (marker === 0xd9) return false;
    offset += 2 + length;
  }
  return false;
}

/**
 * 'png' or 'jpeg' for a well-formed file of the two picture formats the PDF library embeds
 * (it also takes SVG, but draws only part of it); null for anything else. A damaged file would
 * otherwise stall or break the rendering.
 */
export function imageFormat(data: Buffer): 'png' | 'jpeg' | null {
  if (isWellFormedPng(data)) return 'png';
  if (isWellFormedJpeg(data)) return 'jpeg';
  return null;
}

/** A file that is not there (local disk or bucket): an ordinary case, not worth a warning. */
const isMissing = (error: unknown) =>
  error instanceof Error &&
  ((error as NodeJS.ErrnoException).code === 'ENOENT' ||
    error.name === 'NoSuchKey' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/**
 * The logos the sheet can embed: uploads (read through the storage, local disk or bucket) of at
 * most 5 MB each, well-formed PNG and JPEG as they are; the other images members may upload
 * (WebP, GIF: the PDF library reads neither) are converted to PNG, the first frame of an
 * animation. Missing, unreadable or damaged files and addresses that are not uploads (nothing is
 * fetched from elsewhere) are left out. Each comes as a data: URI: the worker laying the sheet out takes strings,
 * and no temporary file has to be cleaned up.
 */
export async function embeddableLogos(
  deps: { storage: FileStorage; logger: Pick<JobLogger, 'warn'> },
  logos: MapItemDetail['logos'],
): Promise<SheetLogo[]> {
  const found: SheetLogo[] = [];
  for (const logo of logos) {
    if (found.length >= LOGOS_MAX) break;
    const key = storageKeyFromPublicUrl(logo.thumbs);
    if (!key) continue;
    const data = await deps.storage.read(key).catch((error: unknown) => {
      if (!isMissing(error))
        deps.logger.warn({ err: error, key }, 'item sheet: a logo could not be read, left out');
      return null;
    });
    if (!data || data.length > LOGO_MAX_BYTES) continue;
    const embeddable = imageFormat(data)
      ? data
      : await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
          .png()
          .toBuffer()
          .catch(() => null);
    const format = embeddable && imageFormat(embeddable);
    if (embeddable && format)
      found.push({
        src: `data:image/${format};base64,${embeddable.toString('base64')}`,
        name: logo.name,
      });
  }
  return found;
}

/**
 * Writes the sheet of `item` to `file`, laid out in a worker thread. A logo the PDF library
 * still refuses (a damaged picture) must not cost the whole sheet: on a failure with logos,
 * the sheet is written again without them.
 */
export async function renderSheetFile(
  item: MapItemDetail,
  file: string,
  deps: { config: Pick<Config, 'APP_NAME' | 'APP_URL'>; storage: FileStorage; logger: JobLogger },
): Promise<void> {
  const { config, logger } = deps;
  const fontList = sheetFonts();
  const props = {
    item,
    appName: config.APP_NAME,
    appUrl: config.APP_URL,
    pageUrl: itemPageUrl(config.APP_URL, item.resource_type, item.id),
    map: sheetMap(),
    fontFamily: fontList[0]?.family ?? 'Helvetica',
  };
  const options = { fonts: fontList, timeoutMs: RENDER_TIMEOUT_MS };
  const logos = await embeddableLogos(deps, item.logos);
  try {
    await renderPdfFile(sheetPdf({ ...props, logos }), file, options);
  } catch (error) {
    if (!logos.length) throw error;
    logger.warn(
      { err: error, type: item.resource_type, id: item.id },
      'item sheet: rendering with the logos failed, written without them',
    );
    await renderPdfFile(sheetPdf({ ...props, logos: [] }), file, options);
  }
}
