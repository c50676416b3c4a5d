import { Document, Link, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import { BLUE_FRANCE } from '../../platform/mail/templates/layout.tsx';
import type { ReportItem } from './export-report.queries.ts';
import { PAGE_TEMPLATE_ATTRIBUTE, PDF_COLORS } from './pdf-renderer.ts';
import {
  departementOf,
  formatCount,
  frenchDate,
  itemKindLabel,
  type ReportContext,
  type TallyEntry,
} from './report-model.ts';

const { text: TEXT, muted: MUTED, border: BORDER, lightBlue: LIGHT_BLUE } = PDF_COLORS;
/**
 * Line height of the 9.5 pt body text, in points and per text style: react-pdf 4.9 multiplies a
 * unitless lineHeight by its default font size (18) when the style has no fontSize, and a
 * lineHeight inherited from the page hides the footer's page numbers.
 */
const LINE = '12.8pt';

function styles(fontFamily: string) {
  return StyleSheet.create({
    page: {
      fontFamily,
      fontSize: 9.5,
      color: TEXT,
      paddingTop: 40,
      paddingBottom: 56,
      paddingHorizontal: 48,
    },
    brand: { flexDirection: 'row', alignItems: 'flex-end', marginBottom: 14 },
    republic: {
      fontSize: 8.5,
      fontWeight: 700,
      lineHeight: 1.1,
      textTransform: 'uppercase',
      letterSpacing: 0.4,
      width: 92,
    },
    appName: { fontSize: 13, fontWeight: 700, lineHeight: 1.2, flex: 1 },
    rule: { height: 3, backgroundColor: BLUE_FRANCE, marginBottom: 22 },
    title: { fontSize: 20, fontWeight: 700, lineHeight: 1.2, marginBottom: 4 },
    subtitle: { fontSize: 10, color: MUTED, marginBottom: 20 },
    h2: {
      fontSize: 13,
      fontWeight: 700,
      color: BLUE_FRANCE,
      marginTop: 14,
      marginBottom: 8,
    },
    criteria: { backgroundColor: LIGHT_BLUE, padding: 12, marginBottom: 6 },
    criterion: { flexDirection: 'row', marginBottom: 3 },
    criterionLabel: { width: 120, fontWeight: 700, lineHeight: LINE },
    criterionValue: { flex: 1, lineHeight: LINE },
    totals: { flexDirection: 'row', marginBottom: 6 },
    total: {
      flex: 1,
      borderLeft: `3pt solid ${BLUE_FRANCE}`,
      paddingLeft: 10,
      paddingVertical: 4,
      marginRight: 12,
    },
    totalNumber: { fontSize: 18, fontWeight: 700, lineHeight: 1.2 },
    totalLabel: { color: MUTED, lineHeight: LINE },
    tables: { flexDirection: 'row', alignItems: 'flex-start' },
    table: { flex: 1 },
    tableGap: { width: 20 },
    tableHead: {
      flexDirection: 'row',
      borderBottom: `1pt solid ${TEXT}`,
      paddingBottom: 3,
      marginBottom: 2,
      fontWeight: 700,
    },
    tableRow: {
      flexDirection: 'row',
      borderBottom: `0.5pt solid ${BORDER}`,
      paddingVertical: 3,
      alignItems: 'center',
    },
    swatch: { width: 8, height: 8, marginRight: 6 },
    cellLabel: { flex: 1, paddingRight: 6, lineHeight: LINE },
    cellCount: { width: 44, textAlign: 'right', lineHeight: LINE },
    empty: { marginTop: 10, padding: 12, border: `1pt solid ${BORDER}`, lineHeight: LINE },
    note: { color: MUTED, marginBottom: 10, lineHeight: LINE },
    block: {
      borderLeft: `3pt solid ${BORDER}`,
      paddingLeft: 9,
      paddingVertical: 2,
      marginBottom: 9,
    },
    blockHead: { flexDirection: 'row', alignItems: 'flex-start', marginBottom: 1 },
    tag: {
      fontSize: 7,
      fontWeight: 700,
      textTransform: 'uppercase',
      color: BLUE_FRANCE,
      backgroundColor: '#e3e3fd',
      paddingHorizontal: 4,
      paddingTop: 1.5,
      paddingBottom: 0.5,
      marginRight: 6,
      marginTop: 1.5,
    },
    blockTitle: { flex: 1, fontSize: 10.5, fontWeight: 700, lineHeight: 1.25 },
    line: { color: TEXT, lineHeight: LINE },
    muted: { color: MUTED, lineHeight: LINE },
    strong: { fontWeight: 700 },
    link: { fontSize: 8, color: BLUE_FRANCE, textDecoration: 'none', lineHeight: '11pt' },
    footer: {
      position: 'absolute',
      bottom: 24,
      left: 48,
      right: 48,
      flexDirection: 'row',
      justifyContent: 'space-between',
      borderTop: `0.5pt solid ${BORDER}`,
      paddingTop: 6,
      fontSize: 7.5,
      color: MUTED,
    },
  });
}
type Styles = ReturnType<typeof styles>;

export interface ReportPdfProps {
  context: ReportContext;
  criteria: [label: string, value: string][];
  counts: { initiatives: number; foodProcedures: number };
  byTheme: TallyEntry[];
  byDepartement: TallyEntry[];
  /** The blocks of the list (possibly only the first ones, see `total`). */
  items: ReportItem[];
  /** Number of matching items (more than items.length when the list was cut). */
  total: number;
  fontFamily: string;
}

function Footer({ s, context }: { s: Styles; context: ReportContext }) {
  return (
    <View style={s.footer} fixed>
      <Text>
        {context.appName} – {context.title.toLowerCase()} du {context.dateLabel}
      </Text>
      <Text {...{ [PAGE_TEMPLATE_ATTRIBUTE]: 'Page {pageNumber} sur {totalPages}' }} />
    </View>
  );
}

function CountTable({ s, title, rows }: { s: Styles; title: string; rows: TallyEntry[] }) {
  return (
    <View style={s.table}>
      <View style={s.tableHead}>
        <Text style={s.cellLabel}>{title}</Text>
        <Text style={s.cellCount}>Fiches</Text>
      </View>
      {rows.map((row) => (
        <View key={row.label} style={s.tableRow} wrap={false}>
          {row.color ? <View style={[s.swatch, { backgroundColor: row.color }]} /> : null}
          <Text style={s.cellLabel}>{row.label}</Text>
          <Text style={s.cellCount}>{formatCount(row.count)}</Text>
        </View>
      ))}
    </View>
  );
}

const joinParts = (parts: (string | null | undefined | false)[]) =>
  parts.filter((p): p is string => !!p).join(' · ');

/** The lines of an item's block (shared by the block and its height estimate). */
function blockContent(item: ReportItem, url: string) {
  const place = joinParts([
    departementOf(item),
    item.city,
    item.projectHolder ? `Porteur : ${item.projectHolder}` : null,
  ]);
  const thematic = `${item.thematic?.name ?? 'non renseignée'}${
    item.subthematics.length ? ` — ${item.subthematics.join(', ')}` : ''
  }`;
  const dates = joinParts([
    item.status ? `État d'avancement : ${item.status}` : null,
    item.releasedAt ? `lancement le ${frenchDate(item.releasedAt)}` : null,
    item.endedAt ? `fin le ${frenchDate(item.endedAt)}` : null,
  ]);
  const tag = `${itemKindLabel(item.kind)}${item.isPat ? ' · PAT' : ''}`;
  const labelled: [label: string, value: string][] = [['Thématique', thematic]];
  if (item.beneficiaries.length) labelled.push(['Bénéficiaires', item.beneficiaries.join(', ')]);
  if (item.foodProcedureTitle) labelled.push(['Démarche', item.foodProcedureTitle]);
  return { tag, title: item.title, place, labelled, dates, url };
}

// Page geometry (points) for the list pages, see styles(): A4 height less the vertical padding.
const LIST_HEIGHT = 841.89 - 40 - 56;
const LIST_HEADING_HEIGHT = 80;
/** Conservative characters per line (9.5 pt body, 10.5 pt bold title) over the block's width. */
const BODY_CHARS_PER_LINE = 88;
const TITLE_CHARS_PER_LINE = 62;

function estimatedHeight(content: ReturnType<typeof blockContent>): number {
  const lines = (text: string, perLine: number) => Math.max(1, Math.ceil(text.length / perLine));
  let height = 4 + 9 + 1; // padding, margin below, head margin
  height += lines(`${content.tag}   ${content.title}`, TITLE_CHARS_PER_LINE) * 13.2;
  const body = [
    content.place,
    ...content.labelled.map(([label, value]) => `${label} : ${value}`),
    content.dates,
  ].filter(Boolean);
  for (const text of body) height += lines(text, BODY_CHARS_PER_LINE) * 12.8;
  return height + 11;
}

/**
 * Items grouped by physical page, from an estimate of each block's height: one <Page> per
 * page keeps react-pdf's layout linear (its pagination of one long page grows faster than the
 * number of blocks) without the half-empty pages of fixed-size groups. A group that still
 * overflows wraps onto another page.
 */
function pagesOf(items: ReportItem[], url: (item: ReportItem) => string): ReportItem[][] {
  const pages: ReportItem[][] = [];
  let page: ReportItem[] = [];
  let room = LIST_HEIGHT - LIST_HEADING_HEIGHT;
  for (const item of items) {
    const height = estimatedHeight(blockContent(item, url(item)));
    if (page.length > 0 && height > room) {
      pages.push(page);
      page = [];
      room = LIST_HEIGHT;
    }
    page.push(item);
    room -= height;
  }
  if (page.length) pages.push(page);
  return pages;
}

function ItemBlock({ s, item, url }: { s: Styles; item: ReportItem; url: string }) {
  const content = blockContent(item, url);
  return (
    <View
      style={[s.block, item.thematic ? { borderLeftColor: item.thematic.color } : {}]}
      wrap={false}
    >
      <View style={s.blockHead}>
        <Text style={s.tag}>{content.tag}</Text>
        <Text style={s.blockTitle}>{content.title}</Text>
      </View>
      {content.place ? <Text style={s.muted}>{content.place}</Text> : null}
      {content.labelled.map(([label, value]) => (
        <Text key={label} style={s.line}>
          <Text style={s.strong}>{label} : </Text>
          {value}
        </Text>
      ))}
      {content.dates ? <Text style={s.muted}>{content.dates}</Text> : null}
      <Link src={url} style={s.link}>
        {url}
      </Link>
    </View>
  );
}

/**
 * The PDF summary of a report: the request's criteria, the counts (by type, thematic and
 * département), then one short block per item.
 */
export function ReportPdf(props: ReportPdfProps) {
  const { context, criteria, counts, items, total } = props;
  const s = styles(props.fontFamily);
  const pages = pagesOf(items, context.itemUrl);
  return (
    <Document
      title={`${context.title} – ${context.dateLabel}`}
      author={context.appName}
      creator={context.appName}
      producer={context.appName}
      language="fr-FR"
    >
      <Page size="A4" style={s.page}>
        <View style={s.brand}>
          <Text style={s.republic}>{'République\nfrançaise'}</Text>
          <Text style={s.appName}>{context.appName}</Text>
        </View>
        <View style={s.rule} />
        <Text style={s.title}>{context.title}</Text>
        <Text style={s.subtitle}>Établi le {context.dateLabel}</Text>

        <Text style={s.h2}>Critères de la demande</Text>
        <View style={s.criteria}>
          {criteria.map(([label, value]) => (
            <View key={label} style={s.criterion}>
              <Text style={s.criterionLabel}>{label}</Text>
              <Text style={s.criterionValue}>{value}</Text>
            </View>
          ))}
        </View>

        <Text style={s.h2}>Synthèse</Text>
        {total === 0 ? (
          <Text style={s.empty}>
            Aucune initiative ni démarche publiée ne correspond à ces critères.
          </Text>
        ) : (
          <>
            <View style={s.totals}>
              {[
                [total, total === 1 ? 'fiche au total' : 'fiches au total'],
                [counts.initiatives, counts.initiatives === 1 ? 'initiative' : 'initiatives'],
                [counts.foodProcedures, counts.foodProcedures === 1 ? 'démarche' : 'démarches'],
              ].map(([count, label]) => (
                <View key={String(label)} style={s.total}>
                  <Text style={s.totalNumber}>{formatCount(Number(count))}</Text>
                  <Text style={s.totalLabel}>{label}</Text>
                </View>
              ))}
            </View>
            <View style={s.tables}>
              <CountTable s={s} title="Par thématique" rows={props.byTheme} />
              <View style={s.tableGap} />
              <CountTable s={s} title="Par département" rows={props.byDepartement} />
            </View>
          </>
        )}
        <Footer s={s} context={context} />
      </Page>
      {pages.map((pageItems, index) => (
        <Page key={index} size="A4" style={s.page}>
          {index === 0 ? (
            <>
              <Text style={s.h2}>Liste des fiches</Text>
              <Text style={s.note}>
                {items.length < total
                  ? `Les ${formatCount(items.length)} premières fiches sur ${formatCount(total)} ; la liste complète figure dans le tableur joint.`
                  : 'Les initiatives puis les démarches, classées par département puis par titre. Le tableur joint reprend toutes les informations.'}
              </Text>
            </>
          ) : null}
          {pageItems.map((item) => (
            <ItemBlock
              key={`${item.kind}-${item.id}`}
              s={s}
              item={item}
              url={context.itemUrl(item)}
            />
          ))}
          <Footer s={s} context={context} />
        </Page>
      ))}
    </Document>
  );
}

/** The document element (for callers without JSX). */
export function reportPdf(props: ReportPdfProps) {
  return <ReportPdf {...props} />;
}
