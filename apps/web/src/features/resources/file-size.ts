import { formatNumber } from '../../lib/french-numbers.ts';

const UNITS = ['octets', 'Ko', 'Mo', 'Go'] as const;

/** A file size in French: '850 octets', '12,5 Ko', '1,2 Mo' (binary multiples, as the DSFR shows). */
export function humanFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(unit === 0 ? Math.round(value) : value, { maximumFractionDigits: 1 })} ${UNITS[unit]}`;
}

/** The format of a file from its address: 'PDF', 'DOCX'…, or null when it has no extension. */
export function fileFormat(url: string): string | null {
  const name = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1];
  return extension ? extension.toUpperCase() : null;
}

/** 'PDF – 1,2 Mo': the detail of a DSFR download link. */
export function fileDetail(url: string, bytes: number): string {
  const format = fileFormat(url);
  const size = humanFileSize(bytes);
  return format ? `${format} – ${size}` : size;
}

/**
 * The name a downloaded file is saved under: its label and its extension ('Guide EGalim.pdf'),
 * rather than the stored file's random name. Characters that file systems refuse become '-'.
 */
export function downloadName(label: string, url: string): string {
  const base =
    label
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'document';
  const format = fileFormat(url);
  return format ? `${base}.${format.toLowerCase()}` : base;
}
