import { pathTo, type MapDetailType, type MapItemDetail } from '@ad/contract';
import { slugify } from '../../platform/slug.ts';

/**
 * What the PDF sheet of an initiative or a food procedure says, in French, from the detail of
 * the API (spec public-site §3 'Initiative / food procedure'): labels, dates, amounts, sizes, and
 * the summary's sanitised HTML as readable blocks. No layout here (sheet-pdf.tsx).
 */

/** Fonts of the PDF may lack U+202F (French grouping): a plain no-break space instead. */
const noNarrowSpace = (text: string) => text.replace(/\u202f/g, '\u00a0');

const longDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * '3 mars 2025' from '2025-03-03' (a calendar day, read and written in UTC so that no time zone
 * moves it), as the detail modal shows it; '' for anything else.
 */
export function frenchDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? '' : longDay.format(date);
}

const wholeEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** '12 500 €', or '12 500,50 €' with cents. */
export function formatCost(value: number): string {
  return noNarrowSpace((Number.isInteger(value) ? wholeEuros : euros).format(value));
}

const SIZE_UNITS = ['octets', 'Ko', 'Mo', 'Go'] as const;
const sizeNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** '850 octets', '12,5 Ko', '1,2 Mo' (binary multiples, as the site shows them). */
export function humanFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // A no-break space: the number never ends a line without its unit.
  return noNarrowSpace(
    `${sizeNumber.format(unit === 0 ? Math.round(value) : value)}\u00a0${SIZE_UNITS[unit]}`,
  );
}

/** 'PDF – 1,2 Mo' (the format from the file's address), or the size alone. */
export function fileDetail(url: string, bytes: number): string {
  const name = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1];
  const size = humanFileSize(bytes);
  return extension ? `${extension.toUpperCase()} – ${size}` : size;
}

export const itemTypeLabel = (type: MapDetailType): string =>
  type === 'initiative' ? 'Initiative' : 'Démarche alimentaire';

/** The public page of the item: /initiatives/initiative/{id} or /initiatives/demarche/{id}. */
export function itemPageUrl(appUrl: string, type: MapDetailType, id: number): string {
  return `${appUrl}${pathTo('initiative-item', { selectedResourceType: type, selectedResource: id })}`;
}

/** The file name offered to the browser: the title as a slug ('fiche' when nothing is left). */
export function sheetFileName(title: string): string {
  return `${slugify(title) || 'fiche'}.pdf`;
}

/** 'Bordeaux, Gironde (33)'. */
export function locationLabel(item: Pick<MapItemDetail, 'city' | 'department'>): string {
  return [
    item.city?.trim(),
    item.department ? `${item.department.name} (${item.department.code})` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

const names = (list: { name: string }[]) =>
  list
    .map((entry) => entry.name.trim())
    .filter(Boolean)
    .join(', ');

/** A labelled value of the sheet: text, or a list shown one entry a line. */
export interface SheetField {
  label: string;
  value: string | string[];
}

const present = (fields: [string, string | string[] | null | undefined][]): SheetField[] =>
  fields.flatMap(([label, value]) =>
    value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)
      ? []
      : [{ label, value }],
  );

/**
 * The item's identity, shown beside the map: its thematic(s) (an initiative has one, maybe a
 * secondary one; a procedure its list), who carries it, where, its state and dates.
 */
export function sheetKeyFields(item: MapItemDetail): SheetField[] {
  return present([
    item.resource_type === 'demarche' && item.thematics_detail.length
      ? ['Thématiques', names(item.thematics_detail)]
      : ['Thématique', item.thematic?.name],
    ['Thématique secondaire', item.secondary_thematic?.name],
    ['Porteur de projet', item.project_holder?.name],
    ['Localisation', locationLabel(item)],
    ["État d'avancement", item.status_for_humans?.trim()],
    ['Date de lancement', frenchDate(item.released_at)],
    ['Date de fin', frenchDate(item.ended_at)],
  ]);
}

/** The item's other short fields, in the spec's order, each only when the item has it. */
export function sheetFields(item: MapItemDetail): SheetField[] {
  const list = (values: string[]) => values.map((v) => v.trim()).filter(Boolean);
  return present([
    ['Sous-thématiques', names(item.subthematics)],
    ['Démarche alimentaire', item.food_procedure?.title],
    ["Aire d'influence", item.area_of_influence?.name],
    ['Territoire de réalisation', item.territory_of_realization?.trim()],
    ['Communes', item.communes.map((commune) => commune.name_formatted.trim()).join(', ')],
    ['Communautés de communes', names(item.communities_of_communes)],
    ['Bénéficiaires', names(item.beneficiaries)],
    ['Partenaires techniques', list(item.technical_partners.map((entry) => entry.partner))],
    [
      'Partenaires financiers',
      list(
        item.financial_partners.map((entry) =>
          entry.device?.trim() ? `${entry.partner.trim()} — ${entry.device.trim()}` : entry.partner,
        ),
      ),
    ],
    [
      "Nombre de membres de l'équipe",
      item.nb_team_members === null ? null : String(item.nb_team_members),
    ],
    [
      // A procedure's cost is that of its animation (account-area spec §2, its form's label).
      item.resource_type === 'demarche' ? "Coût de l'animation" : 'Coût du projet',
      item.project_cost === null ? null : formatCost(item.project_cost),
    ],
  ]);
}

/** The long texts of an item, in the spec's order, each only when the item has it. */
export function sheetTexts(item: MapItemDetail): { title: string; text: string }[] {
  const texts: [string, string | null][] = [
    ['Contexte', item.context],
    ['Objectifs', item.objectives],
    ['Mise en œuvre des actions', item.implementation_of_actions],
    ['Clés de réussite', item.keys_to_success],
    ['Freins potentiels', item.potential_brakes],
    ['Perspectives', item.prospects_for_future],
    ['Originalité de la démarche', item.originality_of_approach],
  ];
  return texts.flatMap(([title, text]) => (text?.trim() ? [{ title, text: text.trim() }] : []));
}

/** The contact's lines: name, type, address, phone, website. Never its e-mail address. */
export function contactLines(contact: NonNullable<MapItemDetail['contact']>): {
  name: string;
  type: string | null;
  address: string[];
  phone: string | null;
  website: string | null;
} {
  const cityLine = [contact.postcode?.trim(), contact.city?.trim()].filter(Boolean).join(' ');
  return {
    name: contact.society_name.trim(),
    type: contact.type?.name.trim() || null,
    address: [contact.address_line_1?.trim(), contact.address_line_2?.trim(), cityLine].filter(
      (line): line is string => Boolean(line),
    ),
    phone: contact.phone?.trim() || null,
    website: contact.website_url?.trim() || null,
  };
}

/** Paragraphs of a plain text (blank lines between them; single line breaks kept). */
export function plainParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/[ \t]+\n/g, '\n').trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// The summary: sanitised HTML (platform/rich-text.ts allow-list) as blocks of styled runs.

export interface TextRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  href?: string;
}

export interface TextBlock {
  kind: 'paragraph' | 'heading' | 'item' | 'quote' | 'code';
  runs: TextRun[];
  /** List items: '•' or '3.'. */
  marker?: string;
  /** List items: nesting depth, 0 for a top-level list. */
  depth?: number;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  laquo: '«',
  raquo: '»',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  euro: '€',
  oelig: 'œ',
  OElig: 'Œ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name] ?? ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const BLOCK_TAGS: Record<string, TextBlock['kind']> = {
  p: 'paragraph',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  blockquote: 'quote',
  pre: 'code',
};

/**
 * The blocks of a sanitised HTML text: paragraphs, headings, quotes and list items (with their
 * bullet or number and depth), each a list of runs with bold, italic and link. The input is the
 * output of the sanitiser (well-formed, a short allow-list of tags), not arbitrary HTML.
 */
export function htmlBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const lists: { ordered: boolean; counter: number }[] = [];
  const inline = { bold: 0, italic: 0, href: [] as string[] };
  let current: TextBlock | null = null;

  const close = () => {
    if (!current) return;
    const runs = current.runs;
    // Collapse spaces across runs, then trim the block's ends.
    if (current.kind !== 'code') {
      for (let i = 1; i < runs.length; i++) {
        const previous = runs[i - 1]!;
        if (/[ \n]$/.test(previous.text)) runs[i]!.text = runs[i]!.text.replace(/^ /, '');
      }
      for (const run of runs) run.text = run.text.replace(/ ?\n ?/g, '\n');
      if (runs[0]) runs[0].text = runs[0].text.replace(/^\s+/, '');
      const last = runs[runs.length - 1];
      if (last) last.text = last.text.replace(/\s+$/, '');
    }
    const kept = runs.filter((run) => run.text !== '');
    if (kept.length) blocks.push({ ...current, runs: kept });
    current = null;
  };
  const open = (kind: TextBlock['kind'], extra: Partial<TextBlock> = {}) => {
    close();
    current = { kind, runs: [], ...extra };
    return current;
  };
  /** Source text (spaces and line ends collapsed, except in <pre>) or a hard break ('\n'). */
  const addText = (source: string, hardBreak = false) => {
    const preformatted = (current as TextBlock | null)?.kind === 'code';
    const text = hardBreak || preformatted ? source : source.replace(/[ \t\r\n\f]+/g, ' ');
    if (!current) {
      if (!text.trim()) return;
      open(lists.length ? 'item' : 'paragraph');
    }
    const block = current as unknown as TextBlock;
    const run: TextRun = { text };
    if (inline.bold > 0 || block.kind === 'heading') run.bold = true;
    if (inline.italic > 0 || block.kind === 'quote') run.italic = true;
    const href = inline.href[inline.href.length - 1];
    if (href) run.href = href;
    const previous = block.runs[block.runs.length - 1];
    if (
      previous &&
      previous.bold === run.bold &&
      previous.italic === run.italic &&
      previous.href === run.href
    ) {
      previous.text += text;
    } else block.runs.push(run);
  };

  const tokens = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|</g;
  for (const token of html.matchAll(tokens)) {
    const [, closing, rawName, attributes, text] = token;
    if (text !== undefined || !rawName) {
      addText(decodeEntities(text ?? '<'));
      continue;
    }
    const name = rawName.toLowerCase();
    const blockKind = BLOCK_TAGS[name];
    if (blockKind) {
      const block = current as TextBlock | null;
      if (name === 'p' && block?.kind === 'item') {
        // A loose list's <li><p>…</p><p>…</p></li>: one item, its paragraphs on their own lines.
        if (!closing && block.runs.length) addText('\n', true);
      } else if (closing) close();
      else open(blockKind);
      continue;
    }
    switch (name) {
      case 'br':
        addText('\n', true);
        break;
      case 'hr':
        close();
        break;
      case 'ul':
      case 'ol':
        close();
        if (closing) lists.pop();
        else lists.push({ ordered: name === 'ol', counter: 0 });
        break;
      case 'li': {
        if (closing) {
          close();
          break;
        }
        const list = lists[lists.length - 1];
        if (list) list.counter += 1;
        open('item', {
          marker: list?.ordered ? `${list.counter}.` : '•',
          depth: Math.max(0, lists.length - 1),
        });
        break;
      }
      case 'strong':
      case 'b':
        inline.bold += closing ? -1 : 1;
        break;
      case 'em':
      case 'i':
        inline.italic += closing ? -1 : 1;
        break;
      case 'a':
        if (closing) inline.href.pop();
        else {
          const href = /\bhref\s*=\s*"([^"]*)"/i.exec(attributes ?? '')?.[1];
          inline.href.push(href ? decodeEntities(href) : '');
        }
        break;
      default:
        // u, s, del, sup, sub, code, span: their text only.
        break;
    }
  }
  close();
  return blocks;
}

/** The plain text of the blocks (tests, the document's subject). */
export function blocksText(blocks: TextBlock[]): string {
  return blocks
    .map(
      (block) =>
        `${block.marker ? `${block.marker} ` : ''}${block.runs.map((r) => r.text).join('')}`,
    )
    .join('\n');
}
