/**
 * Tests only: a light reader of the PDFs react-pdf (pdfkit) writes — page count, Info title and
 * the text of the pages, decoded through each font's ToUnicode map. Enough to check what a
 * report says; not a general PDF parser (no object streams, no encryption, direct lengths).
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const header = /(\d+) 0 obj\s*/g;
  let found: RegExpExecArray | null;
  while ((found = header.exec(source))) {
    const start = found.index + found[0].length;
    const end = source.indexOf('endobj', start);
    if (end < 0) break;
    const body = source.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(Number(found[1]), { dict: body });
    } else {
      const dict = body.slice(0, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? -1);
      const dataStart = start + streamAt + (body[streamAt + 6] === '\r' ? 8 : 7);
      const raw = pdf.subarray(dataStart, dataStart + length);
      const stream = dict.includes('/FlateDecode') ? inflateSync(raw) : raw;
      objects.set(Number(found[1]), { dict, stream });
    }
    header.lastIndex = end;
  }
  return objects;
}

/** A PDF string: (literal) or <hex>, as bytes. */
function stringBytes(token: string): Buffer {
  if (token.startsWith('<')) return Buffer.from(token.slice(1, -1).replace(/\s+/g, ''), 'hex');
  const inner = token.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) => {
    const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    if (map[escape]) return map[escape];
    if (/^[0-7]+$/.test(escape)) return String.fromCharCode(parseInt(escape, 8));
    return escape;
  });
  return Buffer.from(inner, 'latin1');
}

function utf16(hex: string): string {
  const bytes = Buffer.from(hex, 'hex');
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) text += String.fromCharCode(bytes.readUInt16BE(i));
  return text;
}

/** code (hex, as in the content stream) -> text, from a ToUnicode CMap. */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(parseInt(pair[1] ?? '0', 16), utf16(pair[2] ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = block[1] ?? '';
    for (const range of body.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const from = parseInt(range[1] ?? '0', 16);
      const to = parseInt(range[2] ?? '0', 16);
      const target = range[3] ?? '';
      if (target.startsWith('[')) {
        const values = [...target.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => utf16(m[1] ?? ''));
        values.forEach((value, i) => map.set(from + i, value));
      } else {
        const base = parseInt(target.slice(1, -1), 16);
        for (let code = from; code <= to; code++)
          map.set(code, String.fromCharCode(base + code - from));
      }
    }
  }
  return map;
}

const WIN_ANSI_EXTRA: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
  0x9c: 'œ',
};

export interface PdfSummary {
  pages: number;
  title: string | null;
  /** The text of every page, in drawing order, one string per page. */
  pageTexts: string[];
  /** All pages, whitespace collapsed. */
  text: string;
}

export function inspectPdf(pdf: Buffer): PdfSummary {
  const objects = readObjects(pdf);
  const ref = (dict: string, key: string) => {
    const found = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
    return found ? Number(found[1]) : null;
  };

  // Font resource names (pdfkit numbers them document-wide) -> decoder.
  const decoders = new Map<string, (bytes: Buffer) => string>();
  for (const object of objects.values()) {
    const fonts = /\/Font\s*<<([^>]*)>>/.exec(object.dict)?.[1];
    if (!fonts) continue;
    for (const entry of fonts.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const name = entry[1] ?? '';
      const font = objects.get(Number(entry[2]));
      if (!font || decoders.has(name)) continue;
      const unicodeRef = ref(font.dict, 'ToUnicode');
      const cmap = unicodeRef ? objects.get(unicodeRef)?.stream?.toString('latin1') : undefined;
      if (cmap && font.dict.includes('/Type0')) {
        const map = toUnicodeMap(cmap);
        decoders.set(name, (bytes) => {
          let text = '';
          for (let i = 0; i + 1 < bytes.length; i += 2)
            text += map.get(bytes.readUInt16BE(i)) ?? '';
          return text;
        });
      } else {
        const map = cmap ? toUnicodeMap(cmap) : null;
        decoders.set(name, (bytes) =>
          [...bytes]
            .map((b) => map?.get(b) ?? WIN_ANSI_EXTRA[b] ?? String.fromCharCode(b))
            .join(''),
        );
      }
    }
  }

  const pageObjects = [...objects.values()].filter((o) => /\/Type\s*\/Page\b/.test(o.dict));
  const pageTexts = pageObjects.map((page) => {
    const contents = ref(page.dict, 'Contents');
    const stream = contents ? objects.get(contents)?.stream?.toString('latin1') : undefined;
    if (!stream) return '';
    let decode = (bytes: Buffer) => bytes.toString('latin1');
    let text = '';
    const tokens =
      /\/(\w+)\s+[\d.]+\s+Tf|(\[(?:[^\]\\]|\\.)*\])\s*TJ|(<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\))\s*Tj|\bT\*|\bTd\b|\bTD\b|\bTm\b|\bET\b/g;
    for (const token of stream.matchAll(tokens)) {
      if (token[1]) decode = decoders.get(token[1]) ?? decode;
      else if (token[2]) {
        for (const part of token[2].matchAll(/<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\)|-?[\d.]+/g)) {
          const value = part[0];
          if (value.startsWith('<') || value.startsWith('(')) text += decode(stringBytes(value));
          else if (Number(value) < -200) text += ' ';
        }
      } else if (token[3]) text += decode(stringBytes(token[3]));
      else text += ' ';
    }
    return text.replace(/\s+/g, ' ').trim();
  });

  const catalog = [...objects.values()].find((o) => /\/Type\s*\/Pages\b/.test(o.dict));
  const count = Number(/\/Count (\d+)/.exec(catalog?.dict ?? '')?.[1] ?? pageObjects.length);
  const info = [...objects.values()].find(
    (o) => /\/Producer/.test(o.dict) && /\/Title/.test(o.dict),
  );
  // pdfkit writes the Info values as indirect string objects.
  const titleRef = ref(info?.dict ?? '', 'Title');
  const titleSource = titleRef ? (objects.get(titleRef)?.dict ?? '') : (info?.dict ?? '');
  const titleToken = /(<[0-9a-fA-F]+>|\((?:[^)\\]|\\.)*\))/.exec(
    titleRef ? titleSource : (/\/Title\s*([\s\S]*)/.exec(titleSource)?.[1] ?? ''),
  )?.[1];
  let title: string | null = null;
  if (titleToken) {
    const bytes = stringBytes(titleToken);
    title =
      bytes[0] === 0xfe && bytes[1] === 0xff
        ? utf16(bytes.subarray(2).toString('hex'))
        : bytes.toString('latin1');
  }
  return {
    pages: count,
    title,
    pageTexts,
    text: pageTexts.join(' ').replace(/\s+/g, ' ').trim(),
  };
}
