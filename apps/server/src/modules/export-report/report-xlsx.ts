import ExcelJS from 'exceljs';
import { stripTags } from '@ad/contract';
import { BLUE_FRANCE } from '../../platform/mail/templates/layout.tsx';
import type { ReportItem } from './export-report.queries.ts';
import { departementOf, itemKindLabel, type ReportContext } from './report-model.ts';

const DATE: Partial<ExcelJS.Style> = { numFmt: 'dd/mm/yyyy', alignment: { vertical: 'top' } };
const LINK: Partial<ExcelJS.Style> = {
  font: { color: { argb: 'FF000091' }, underline: true },
  alignment: { vertical: 'top' },
};
const TEXT: Partial<ExcelJS.Style> = { alignment: { vertical: 'top' } };

/** Summaries longer than this are cut in the spreadsheet (the full text is on the site). */
const SUMMARY_MAX = 1000;

const COLUMNS: {
  header: string;
  key: string;
  width: number;
  style?: Partial<ExcelJS.Style>;
}[] = [
  { header: 'Type', key: 'type', width: 12 },
  { header: 'Titre', key: 'title', width: 48 },
  { header: 'Département', key: 'departement', width: 24 },
  { header: 'Commune', key: 'city', width: 22 },
  { header: 'Porteur de projet', key: 'projectHolder', width: 26 },
  { header: 'Thématique', key: 'thematic', width: 30 },
  { header: 'Autres thématiques', key: 'otherThematics', width: 30 },
  { header: 'Sous-thématiques', key: 'subthematics', width: 40 },
  { header: 'Bénéficiaires', key: 'beneficiaries', width: 36 },
  { header: "État d'avancement", key: 'status', width: 16 },
  { header: 'Date de lancement', key: 'releasedAt', width: 14, style: DATE },
  { header: 'Date de fin', key: 'endedAt', width: 14, style: DATE },
  { header: 'Démarche de rattachement', key: 'foodProcedure', width: 36 },
  { header: 'PAT', key: 'isPat', width: 6 },
  { header: 'Publiée le', key: 'publishedAt', width: 14, style: DATE },
  { header: 'Résumé', key: 'summary', width: 60 },
  { header: 'Lien', key: 'url', width: 50, style: LINK },
];

/** 'YYYY-MM-DD' as an Excel date (exceljs writes dates as UTC). */
function excelDate(value: string | null): Date | null {
  if (!value) return null;
  const [y, m, d] = value.split('-').map(Number);
  return y && m && d ? new Date(Date.UTC(y, m - 1, d)) : null;
}

/** The calendar day of a timestamp in Paris, as an Excel date. */
function excelDay(value: Date | null): Date | null {
  if (!value) return null;
  return excelDate(value.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }));
}

/** Plain text of rich text: blocks and line breaks become spaces, inline tags vanish. */
function plainSummary(html: string | null): string {
  const text = stripTags(
    (html ?? '')
      .replace(/<(?:br|\/(?:p|div|li|h[1-6]|blockquote|tr))\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  );
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1).trimEnd()}…` : text;
}

export interface XlsxReport {
  /** Writes and commits the rows of a batch (rows leave memory as they go). */
  addItems(items: ReportItem[]): void;
  /** Adds the criteria sheet and closes the file. */
  finish(criteria: [label: string, value: string][]): Promise<void>;
}

/**
 * The spreadsheet of a report, written with exceljs's streaming writer: one row per item on the
 * sheet « Fiches » (header frozen, filters on), the request's criteria on « Critères ».
 */
export function createXlsxReport(file: string, context: ReportContext): XlsxReport {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = context.appName;
  workbook.created = context.createdAt;
  workbook.title = context.title;

  const sheet = workbook.addWorksheet('Fiches', {
    views: [{ state: 'frozen', ySplit: 1 }],
    properties: { defaultRowHeight: 15 },
  });
  sheet.columns = COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    // Column styles (cells take them when created): no style object per cell.
    style: c.style ?? TEXT,
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = {
    type: 'pattern',
    pattern: 'solid',
    fgColor: { argb: `FF${BLUE_FRANCE.slice(1).toUpperCase()}` },
  };
  header.alignment = { vertical: 'middle' };
  header.commit();

  return {
    addItems(items) {
      for (const item of items) {
        const url = context.itemUrl(item);
        sheet
          .addRow({
            type: itemKindLabel(item.kind),
            title: item.title,
            departement: departementOf(item) ?? '',
            city: item.city ?? '',
            projectHolder: item.projectHolder ?? '',
            thematic: item.thematic?.name ?? '',
            otherThematics: item.otherThematics.join(' ; '),
            subthematics: item.subthematics.join(' ; '),
            beneficiaries: item.beneficiaries.join(' ; '),
            status: item.status ?? '',
            releasedAt: excelDate(item.releasedAt),
            endedAt: excelDate(item.endedAt),
            foodProcedure: item.foodProcedureTitle ?? '',
            isPat: item.isPat === null ? '' : item.isPat ? 'Oui' : 'Non',
            publishedAt: excelDay(item.publishedAt),
            summary: plainSummary(item.summary),
            url: { text: url, hyperlink: url },
          })
          .commit();
      }
    },

    async finish(criteria) {
      sheet.commit();
      const about = workbook.addWorksheet('Critères');
      about.columns = [
        { key: 'label', width: 28 },
        { key: 'value', width: 80 },
      ];
      const title = about.addRow([context.title]);
      title.font = { bold: true, size: 14 };
      title.commit();
      about.addRow([`${context.appName} – ${context.dateLabel}`]).commit();
      about.addRow([]).commit();
      for (const [label, value] of criteria) {
        const row = about.addRow([label, value]);
        row.getCell(1).font = { bold: true };
        row.alignment = { vertical: 'top', wrapText: true };
        row.commit();
      }
      about.commit();
      await workbook.commit();
    },
  };
}
