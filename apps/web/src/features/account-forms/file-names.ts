import { FILE_NAME_KEEP, FILE_NAME_MAX } from '@ad/contract';
import { formatNumber } from '../../lib/french-numbers.ts';

/**
 * The displayed name of a file (spec §5, §9): a name longer than 40 characters shows as its first
 * 35, then '...', then its extension, so that the type stays visible.
 */
export function shortFileName(name: string): string {
  if (name.length <= FILE_NAME_MAX) return name;
  const dot = name.lastIndexOf('.');
  // A leading dot (".htaccess") or a dot far from the end is not an extension.
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot + 1) : '';
  return `${name.slice(0, FILE_NAME_KEEP)}...${extension}`;
}

const UNITS = ['octets', 'ko', 'Mo', 'Go'] as const;
const decimal = (value: number) => formatNumber(value, { maximumFractionDigits: 1 });

/** A file size in French: '850 octets', '350 ko', '1,2 Mo' (multiples of 1,024). */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Whole kilobytes read better ('350 ko'); megabytes keep one decimal ('1,2 Mo').
  const shown = unit <= 1 ? Math.round(value) : value;
  if (unit === 1 && shown >= 1024) return `${decimal(1)} Mo`;
  return `${decimal(shown)} ${UNITS[unit]}`;
}

const FORMAT_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/jpg': 'JPG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WEBP',
  'image/svg+xml': 'SVG',
  'image/avif': 'AVIF',
};

/** 'PDF', 'PNG'… for the hint of a file field, from its MIME types. */
export function formatNames(mimes: readonly string[]): string[] {
  const names = mimes.map(
    (mime) => FORMAT_NAMES[mime] ?? mime.split('/').pop()?.toUpperCase() ?? mime,
  );
  return [...new Set(names)];
}
