import { pathTo } from '@ad/contract';
import {
  EXPORT_PERIOD_LABELS,
  EXPORT_TYPE_LABELS,
  type ExportCriteria,
  type ExportPeriod,
} from '@ad/contract/schemas';
import {
  departementLabel,
  type DateRange,
  type ItemKind,
  type ReportItem,
} from './export-report.queries.ts';
import { parisDay } from '../../platform/paris-time.ts';

/** What every part of a report (spreadsheet, PDF, e-mail) says the same way. */
export interface ReportContext {
  appName: string;
  appUrl: string;
  /** When the visitor asked (the period is counted from that day). */
  createdAt: Date;
  /** '23 novembre 2026'. */
  dateLabel: string;
  title: string;
  itemUrl(item: Pick<ReportItem, 'kind' | 'id'>): string;
}

export const REPORT_TITLE = 'Rapport des initiatives et démarches';

export function reportContext(config: { APP_NAME: string; APP_URL: string }, createdAt: Date) {
  return {
    appName: config.APP_NAME,
    appUrl: config.APP_URL,
    createdAt,
    dateLabel: frenchDay(createdAt),
    title: REPORT_TITLE,
    itemUrl: (item) =>
      `${config.APP_URL}${pathTo('initiative-item', {
        // The detail route's types (spec §5: 'initiative' or 'demarche').
        selectedResourceType: item.kind === 'initiative' ? 'initiative' : 'demarche',
        selectedResource: item.id,
      })}`,
  } satisfies ReportContext;
}

export const itemKindLabel = (kind: ItemKind): string =>
  kind === 'initiative' ? 'Initiative' : 'Démarche';

export const departementOf = (item: Pick<ReportItem, 'departementCode' | 'departementName'>) =>
  departementLabel(item.departementCode, item.departementName);

const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD' -> '05 mars 2024' (the site's format). */
export function frenchDate(value: string | null): string {
  if (!value) return '';
  const [y, m, d] = value.split('-').map(Number);
  return y && m && d ? longDate.format(new Date(Date.UTC(y, m - 1, d))) : '';
}

/** '23 novembre 2026' (Paris time). */
export const frenchDay = (date: Date): string => frenchDate(parisDay(date));

/** Calendar year in Paris of `at` for 'current-year', the year before for 'last-year'. */
export function periodRange(period: ExportPeriod, at: Date): DateRange | null {
  if (period === 'all') return null;
  const year = Number(parisDay(at).slice(0, 4)) - (period === 'last-year' ? 1 : 0);
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}

export function periodDescription(period: ExportPeriod, at: Date): string {
  const range = periodRange(period, at);
  if (!range) return EXPORT_PERIOD_LABELS[period];
  return `${EXPORT_PERIOD_LABELS[period]} (${range.start.slice(0, 4)}), soit les fiches en cours pendant l'année`;
}

export interface CriteriaNames {
  subthematics: string[];
  projectHolders: string[];
  beneficiaries: string[];
  locations: string[];
}

/** The request's criteria in French, as [label, value] lines. */
export function criteriaLines(
  criteria: ExportCriteria,
  names: CriteriaNames,
  at: Date,
): [label: string, value: string][] {
  const list = (values: string[], all: string) => (values.length ? values.join(', ') : all);
  return [
    ['Type de fiches', EXPORT_TYPE_LABELS[criteria.type]],
    ['Période', periodDescription(criteria.period, at)],
    ['Départements', list(names.locations, 'tous')],
    ['Sous-thématiques', list(names.subthematics, 'toutes')],
    ['Porteurs de projet', list(names.projectHolders, 'tous')],
    ['Bénéficiaires', list(names.beneficiaries, 'tous')],
  ];
}

export interface TallyEntry {
  label: string;
  count: number;
  color?: string;
}

/** Counts of a report, filled batch by batch. */
export class ReportTally {
  initiatives = 0;
  foodProcedures = 0;
  private readonly themes = new Map<string, TallyEntry>();
  private readonly departements = new Map<string, TallyEntry>();

  get total(): number {
    return this.initiatives + this.foodProcedures;
  }

  add(items: ReportItem[]): void {
    for (const item of items) {
      if (item.kind === 'initiative') this.initiatives += 1;
      else this.foodProcedures += 1;
      const theme = item.thematic?.name ?? 'Sans thématique';
      const t = this.themes.get(theme) ?? { label: theme, count: 0, color: item.thematic?.color };
      t.count += 1;
      this.themes.set(theme, t);
      const code = item.departementCode ?? '~';
      const d = this.departements.get(code) ?? {
        label: departementOf(item) ?? 'Département non renseigné',
        count: 0,
      };
      d.count += 1;
      this.departements.set(code, d);
    }
  }

  /** Most frequent first, then by name. */
  byTheme(): TallyEntry[] {
    return [...this.themes.values()].sort(
      (a, b) => b.count - a.count || a.label.localeCompare(b.label, 'fr'),
    );
  }

  /** By département code (the unknown one last). */
  byDepartement(): TallyEntry[] {
    return [...this.departements.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, entry]) => entry);
  }
}

/** '1 initiative', '12 démarches', 'aucune initiative'. */
export function countLabel(count: number, kind: ItemKind | 'item'): string {
  const [singular, plural, none] =
    kind === 'initiative'
      ? ['initiative', 'initiatives', 'aucune initiative']
      : kind === 'foodProcedure'
        ? ['démarche', 'démarches', 'aucune démarche']
        : ['fiche', 'fiches', 'aucune fiche'];
  if (count === 0) return none;
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** '3 000': French grouping with a plain no-break space (fonts of the PDF may lack U+202F). */
export function formatCount(count: number): string {
  return count.toLocaleString('fr-FR').replace(/\u202f/g, '\u00a0');
}
