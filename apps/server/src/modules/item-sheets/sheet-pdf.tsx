import {
  Circle,
  Document,
  G,
  Image,
  Link,
  Page,
  Path,
  StyleSheet,
  Svg,
  Text,
  View,
} from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { MapItemDetail } from '@ad/contract';
import { BLUE_FRANCE } from '../../platform/mail/templates/layout.tsx';
import { PAGE_TEMPLATE_ATTRIBUTE, PDF_COLORS } from '../export-report/pdf-renderer.ts';
import type { SheetMap } from './sheet-map.ts';
import {
  contactLines,
  fileDetail,
  htmlBlocks,
  itemTypeLabel,
  locationLabel,
  plainParagraphs,
  sheetFields,
  sheetKeyFields,
  sheetTexts,
  type SheetField,
  type TextBlock,
} from './sheet-model.ts';

// The export report's palette (PDF_COLORS) and text metrics (export-report/report-pdf.tsx).
const { text: TEXT, muted: MUTED, border: BORDER, lightBlue: LIGHT_BLUE } = PDF_COLORS;
const TAG_BLUE = '#e3e3fd';
/**
 * Line height of the 9.5 pt body text, in points and per text style: react-pdf 4.9 multiplies a
 * unitless lineHeight by its default font size when the style has no fontSize.
 */
const LINE = '13.3pt';

// The map's colours: départements in light grey, the item's one in the blue of the tags.
const MAP_LAND = '#f6f6f6';
const MAP_EDGE = '#b5b5b5';
const MAP_HIGHLIGHT = '#cacafb';

function styles(fontFamily: string) {
  return StyleSheet.create({
    page: {
      fontFamily,
      fontSize: 9.5,
      color: TEXT,
      paddingTop: 40,
      paddingBottom: 60,
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
    rule: { height: 3, backgroundColor: BLUE_FRANCE, marginBottom: 18 },
    hero: { flexDirection: 'row', alignItems: 'flex-start', marginBottom: 6 },
    heroText: { flex: 1, paddingRight: 20 },
    tags: { flexDirection: 'row', marginBottom: 8 },
    // The type as written (searchable and copied as such), in a DSFR-like badge.
    tag: {
      fontSize: 8,
      fontWeight: 700,
      color: BLUE_FRANCE,
      backgroundColor: TAG_BLUE,
      paddingHorizontal: 5,
      paddingTop: 2,
      paddingBottom: 1,
      marginRight: 6,
    },
    title: { fontSize: 19, fontWeight: 700, lineHeight: 1.2, marginBottom: 12 },
    keyField: {
      flexDirection: 'row',
      borderTop: `0.5pt solid ${BORDER}`,
      paddingVertical: 4,
    },
    keyLabel: { width: 104, fontWeight: 700, lineHeight: LINE, paddingRight: 6 },
    keyValue: { flex: 1, flexDirection: 'row', alignItems: 'flex-start' },
    swatch: { width: 8, height: 8, marginTop: 2.6, marginRight: 5 },
    valueText: { flex: 1, lineHeight: LINE },
    mapBox: { width: 170, backgroundColor: LIGHT_BLUE, padding: 6 },
    mapCaption: { fontSize: 7.5, color: MUTED, lineHeight: '10pt', marginTop: 4 },
    h2: {
      fontSize: 12,
      fontWeight: 700,
      color: BLUE_FRANCE,
      marginTop: 12,
      marginBottom: 1,
    },
    // Space above blocks, never below: react-pdf moves a paragraph whose lines fit a page but
    // whose bottom margin does not to the next page whole, leaving a gap.
    paragraph: { lineHeight: LINE, marginTop: 4 },
    heading: { fontWeight: 700, lineHeight: LINE, marginTop: 7 },
    quote: {
      lineHeight: LINE,
      marginTop: 4,
      borderLeft: `2pt solid ${BORDER}`,
      paddingLeft: 8,
    },
    item: { flexDirection: 'row', marginTop: 2.5 },
    bullet: { width: 14, lineHeight: LINE },
    itemText: { flex: 1, lineHeight: LINE },
    bold: { fontWeight: 700 },
    italic: { fontStyle: 'italic' },
    link: { color: BLUE_FRANCE, textDecoration: 'underline' },
    field: { flexDirection: 'row', borderTop: `0.5pt solid ${BORDER}`, paddingVertical: 4 },
    fieldLabel: { width: 165, fontWeight: 700, lineHeight: LINE, paddingRight: 8 },
    fieldValue: { flex: 1 },
    line: { lineHeight: LINE },
    muted: { color: MUTED, lineHeight: LINE },
    contact: { backgroundColor: LIGHT_BLUE, padding: 10 },
    contactName: { fontWeight: 700, fontSize: 10.5, lineHeight: 1.3 },
    logos: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center' },
    logo: { maxWidth: 120, maxHeight: 60, objectFit: 'contain', marginRight: 18, marginBottom: 10 },
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
    footerText: { flex: 1, paddingRight: 12 },
    footerLink: { color: MUTED, textDecoration: 'none' },
  });
}
type Styles = ReturnType<typeof styles>;

/** An image the sheet can embed: a PNG or JPEG (checked by the caller), as a data: URI. */
export interface SheetLogo {
  src: string;
  name: string;
}

export interface SheetPdfProps {
  item: MapItemDetail;
  appName: string;
  appUrl: string;
  /** The item's public page (footer and link). */
  pageUrl: string;
  map: SheetMap;
  logos: SheetLogo[];
  fontFamily: string;
}

const MAIN_THEMATIC_LABELS = new Set(['Thématique', 'Thématiques']);

const absoluteUrl = (appUrl: string, url: string) =>
  url.startsWith('/') ? `${appUrl}${url}` : url;

function SmallMap({
  s,
  item,
  map,
  fontFamily,
}: {
  s: Styles;
  item: MapItemDetail;
  map: SheetMap;
  fontFamily: string;
}) {
  const hasPosition = item.latitude !== null && item.longitude !== null;
  // null too for a position outside the region (no pin rather than one on the frame).
  const point = hasPosition ? map.project(item.longitude!, item.latitude!) : null;
  const colour = item.thematic?.color || BLUE_FRANCE;
  const place = locationLabel(item);
  const highlighted = item.department?.code;
  return (
    <View style={s.mapBox} wrap={false}>
      <Svg width={map.width} height={map.height} viewBox={`0 0 ${map.width} ${map.height}`}>
        {/* The item's département last, its edge in blue over its neighbours' grey. */}
        {[...map.departements]
          .sort((a, b) => Number(a.code === highlighted) - Number(b.code === highlighted))
          .map((departement) => (
            <Path
              key={departement.code}
              d={departement.d}
              fill={departement.code === highlighted ? MAP_HIGHLIGHT : MAP_LAND}
              stroke={departement.code === highlighted ? BLUE_FRANCE : MAP_EDGE}
              strokeWidth={departement.code === highlighted ? 0.7 : 0.5}
              strokeLinejoin="round"
            />
          ))}
        <Path d={map.region} fill="none" stroke={TEXT} strokeWidth={0.8} strokeLinejoin="round" />
        {map.departements.map((departement) => {
          const mine = departement.code === highlighted;
          // A code the pin would cover goes under the pin's tip.
          const covered =
            point &&
            Math.abs(departement.label.x - point.x) < 9 &&
            departement.label.y - point.y < 6 &&
            point.y - departement.label.y < 18;
          return (
            <Text
              key={`label-${departement.code}`}
              x={departement.label.x}
              y={covered ? point.y + 8.5 : departement.label.y + 2.2}
              textAnchor="middle"
              fill={mine ? BLUE_FRANCE : '#929292'}
              style={{ fontFamily, fontSize: 6.5, fontWeight: mine ? 700 : 400 }}
            >
              {departement.code}
            </Text>
          );
        })}
        {point ? (
          // A pin: its tip on the position, the head filled with the thematic's colour.
          <G>
            <Path
              d={`M${point.x} ${point.y}L${point.x - 4.6} ${point.y - 8.2}A5.4 5.4 0 1 1 ${point.x + 4.6} ${point.y - 8.2}Z`}
              fill={colour}
              stroke="#ffffff"
              strokeWidth={1}
              strokeLinejoin="round"
            />
            <Circle cx={point.x} cy={point.y - 11} r={1.9} fill="#ffffff" />
          </G>
        ) : null}
      </Svg>
      <Text style={s.mapCaption}>
        {point || hasPosition
          ? place
          : place
            ? `${place} (position non renseignée)`
            : 'Position non renseignée'}
      </Text>
    </View>
  );
}

function KeyField({ s, field, colour }: { s: Styles; field: SheetField; colour?: string }) {
  return (
    <View style={s.keyField} wrap={false}>
      <Text style={s.keyLabel}>{field.label}</Text>
      <View style={s.keyValue}>
        {colour ? <View style={[s.swatch, { backgroundColor: colour }]} /> : null}
        <Text style={s.valueText}>
          {Array.isArray(field.value) ? field.value.join('\n') : field.value}
        </Text>
      </View>
    </View>
  );
}

function Runs({ s, block }: { s: Styles; block: TextBlock }) {
  return (
    <>
      {block.runs.map((run, index) => {
        const style = [run.bold ? s.bold : {}, run.italic ? s.italic : {}];
        return run.href && /^(https?|mailto|tel):/i.test(run.href) ? (
          <Link key={index} src={run.href} style={[...style, s.link]}>
            {run.text}
          </Link>
        ) : (
          <Text key={index} style={style}>
            {run.text}
          </Text>
        );
      })}
    </>
  );
}

/** The summary's blocks: paragraphs, headings, quotes and list items with their bullets. */
function RichText({ s, blocks }: { s: Styles; blocks: TextBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        if (block.kind === 'item') {
          return (
            <View
              key={index}
              style={[s.item, { marginLeft: (block.depth ?? 0) * 14 }]}
              wrap={false}
            >
              <Text style={s.bullet}>{block.marker ?? ''}</Text>
              <Text style={s.itemText}>
                <Runs s={s} block={block} />
              </Text>
            </View>
          );
        }
        const style =
          block.kind === 'heading' ? s.heading : block.kind === 'quote' ? s.quote : s.paragraph;
        return (
          <Text key={index} style={style}>
            <Runs s={s} block={block} />
          </Text>
        );
      })}
    </>
  );
}

function Section({ s, title, children }: { s: Styles; title: string; children: ReactNode }) {
  return (
    <View>
      {/* The heading never ends a page alone. */}
      <Text style={s.h2} minPresenceAhead={40}>
        {title}
      </Text>
      {children}
    </View>
  );
}

/** Values longer than this may continue on the next page; shorter rows stay whole. */
const FIELD_KEPT_WHOLE_CHARS = 600;

function Field({ s, field, children }: { s: Styles; field: SheetField; children: ReactNode }) {
  const length = [field.value].flat().join('\n').length;
  return (
    <View style={s.field} wrap={length > FIELD_KEPT_WHOLE_CHARS}>
      <Text style={s.fieldLabel}>{field.label}</Text>
      <View style={s.fieldValue}>{children}</View>
    </View>
  );
}

function Footer({ s, appName, pageUrl }: { s: Styles; appName: string; pageUrl: string }) {
  return (
    <View style={s.footer} fixed>
      <Text style={s.footerText}>
        {appName} –{' '}
        <Link src={pageUrl} style={s.footerLink}>
          {pageUrl}
        </Link>
      </Text>
      <Text {...{ [PAGE_TEMPLATE_ATTRIBUTE]: 'Page {pageNumber} sur {totalPages}' }} />
    </View>
  );
}

/**
 * The PDF sheet of an initiative or a food procedure (`pdf_url`): its type, title and thematic
 * with the small map of its position, then every field of spec §3 it has, in French, its
 * contact (never an e-mail address), documents and logos; the site's name and the item's page
 * in the footer of every page.
 */
export function SheetPdf(props: SheetPdfProps) {
  const { item, appName, appUrl, pageUrl, map, logos } = props;
  const s = styles(props.fontFamily);
  const keyFields = sheetKeyFields(item);
  const fields = sheetFields(item);
  const texts = sheetTexts(item);
  const summary = item.summary ? htmlBlocks(item.summary) : [];
  const contact = item.contact ? contactLines(item.contact) : null;
  const typeLabel = itemTypeLabel(item.resource_type);
  const hasPosition = item.latitude !== null && item.longitude !== null;
  return (
    <Document
      title={item.title}
      subject={`${typeLabel} – ${appName}`}
      author={appName}
      creator={appName}
      producer={appName}
      language="fr-FR"
    >
      <Page size="A4" style={s.page}>
        <View style={s.brand}>
          <Text style={s.republic}>{'République\nfrançaise'}</Text>
          <Text style={s.appName}>{appName}</Text>
        </View>
        <View style={s.rule} />

        <View style={s.hero} wrap={false}>
          <View style={s.heroText}>
            <View style={s.tags}>
              <Text style={s.tag}>{typeLabel}</Text>
              {item.is_pat === 1 ? <Text style={s.tag}>PAT</Text> : null}
            </View>
            <Text style={s.title}>{item.title}</Text>
            {keyFields.map((field, index) => (
              <KeyField
                key={field.label}
                s={s}
                field={field}
                // The thematic with its colour, as on the map's markers.
                colour={
                  index === 0 && MAIN_THEMATIC_LABELS.has(field.label)
                    ? item.thematic?.color || undefined
                    : undefined
                }
              />
            ))}
          </View>
          {/* A map with nothing on it says nothing: only with a position or a département. */}
          {hasPosition || item.department ? (
            <SmallMap s={s} item={item} map={map} fontFamily={props.fontFamily} />
          ) : null}
        </View>

        {summary.length ? (
          <Section s={s} title="Résumé">
            <RichText s={s} blocks={summary} />
          </Section>
        ) : null}

        {fields.length ? (
          <Section s={s} title="Informations">
            {fields.map((field) => (
              <Field key={field.label} s={s} field={field}>
                {Array.isArray(field.value) ? (
                  field.value.map((value, index) => (
                    <Text key={index} style={s.line}>
                      {value}
                    </Text>
                  ))
                ) : (
                  <Text style={s.line}>{field.value}</Text>
                )}
              </Field>
            ))}
          </Section>
        ) : null}

        {texts.map(({ title, text }) => (
          <Section key={title} s={s} title={title}>
            {plainParagraphs(text).map((paragraph, index) => (
              <Text key={index} style={s.paragraph}>
                {paragraph}
              </Text>
            ))}
          </Section>
        ))}

        {item.website_urls.length || item.pqna_external_url ? (
          <Section s={s} title="Sites web">
            {item.website_urls.map(({ website_url }, index) => (
              <Link key={index} src={website_url} style={[s.line, s.link]}>
                {website_url}
              </Link>
            ))}
            {item.pqna_external_url ? (
              <Text style={s.line}>
                Fiche sur le site partenaire :{' '}
                <Link src={item.pqna_external_url} style={s.link}>
                  {item.pqna_external_url}
                </Link>
              </Text>
            ) : null}
          </Section>
        ) : null}

        {contact ? (
          <Section s={s} title="Contact">
            <View style={s.contact} wrap={false}>
              <Text style={s.contactName}>{contact.name}</Text>
              {contact.type ? <Text style={s.muted}>{contact.type}</Text> : null}
              {contact.address.map((line, index) => (
                <Text key={index} style={s.line}>
                  {line}
                </Text>
              ))}
              {contact.phone ? <Text style={s.line}>Téléphone : {contact.phone}</Text> : null}
              {contact.website ? (
                <Text style={s.line}>
                  Site web :{' '}
                  <Link src={contact.website} style={s.link}>
                    {contact.website}
                  </Link>
                </Text>
              ) : null}
            </View>
          </Section>
        ) : null}

        {item.documents.length ? (
          <Section s={s} title="Documents">
            {item.documents.map((document, index) => (
              <Text key={index} style={s.line}>
                <Link src={absoluteUrl(appUrl, document.file)} style={s.link}>
                  {document.name}
                </Link>
                <Text style={{ color: MUTED }}> ({fileDetail(document.file, document.size)})</Text>
              </Text>
            ))}
          </Section>
        ) : null}

        {logos.length ? (
          <Section s={s} title="Logos">
            <View style={s.logos}>
              {logos.map((logo, index) => (
                <Image key={index} src={logo.src} style={s.logo} />
              ))}
            </View>
          </Section>
        ) : null}

        <Footer s={s} appName={appName} pageUrl={pageUrl} />
      </Page>
    </Document>
  );
}

/** The document element (for callers without JSX). */
export function sheetPdf(props: SheetPdfProps) {
  return <SheetPdf {...props} />;
}
