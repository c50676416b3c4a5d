import { z } from 'zod';
import { EXPORT_DEFAULT_PERIOD, EXPORT_DEFAULT_TYPE } from '../constants.ts';
import { EXPORT_REPORT_PATH } from '../maps.ts';
import { emailField } from './account.ts';
import { captchaFields } from './captcha.ts';

/**
 * The export request of the initiatives page (spec public-site §3 'Export request', §7 POST
 * /api/export-report): the visitor gets, by e-mail, a spreadsheet and a PDF summary of the
 * published initiatives and food procedures matching the map's filters.
 */

export { EXPORT_REPORT_PATH };

/** What to export: the same values as the map's `resourceType`. */
export const EXPORT_TYPES = ['all', 'initiatives', 'foodProcedures'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export const EXPORT_TYPE_LABELS: Record<ExportType, string> = {
  all: 'Initiatives et démarches',
  initiatives: 'Initiatives uniquement',
  foodProcedures: 'Démarches uniquement',
};

/**
 * Which items, by time: those under way during the period, i.e. started (released_at, or the
 * publication date when the start is unknown) before its end and not ended (ended_at) before its
 * start. Years are calendar years in Europe/Paris time, counted from the day of the request.
 */
export const EXPORT_PERIODS = ['current-year', 'last-year', 'all'] as const;
export type ExportPeriod = (typeof EXPORT_PERIODS)[number];

export const EXPORT_PERIOD_LABELS: Record<ExportPeriod, string> = {
  'current-year': 'Année en cours',
  'last-year': 'Année précédente',
  all: 'Toutes les périodes',
};

/** Options of the map filters (`types`, `periods`: [{ value, label }], spec §3). */
export const EXPORT_TYPE_OPTIONS = EXPORT_TYPES.map((value) => ({
  value,
  label: EXPORT_TYPE_LABELS[value],
}));
export const EXPORT_PERIOD_OPTIONS = EXPORT_PERIODS.map((value) => ({
  value,
  label: EXPORT_PERIOD_LABELS[value],
}));

/** Spec §8. */
export const EXPORT_REPORT_SUCCESS_MESSAGE =
  'Merci, votre demande a bien été envoyée. Vous allez recevoir un e-mail contenant le rapport demandé selon les critères sélectionnés.';

/** At most this many values per criterion (there are far fewer options). */
export const EXPORT_CRITERIA_MAX = 100;

export const EXPORT_MESSAGES = {
  subthematics: 'Les sous-thématiques sélectionnées sont invalides.',
  projectHolders: 'Les porteurs de projet sélectionnés sont invalides.',
  beneficiaries: 'Les bénéficiaires sélectionnés sont invalides.',
  locations: 'Les départements sélectionnés sont invalides.',
  type: 'Le type sélectionné est invalide.',
  period: 'La période sélectionnée est invalide.',
  tooMany: `Vous ne pouvez pas sélectionner plus de ${EXPORT_CRITERIA_MAX} valeurs.`,
} as const;

const MAX_ID = 2_147_483_647;

/** A list, one value, or nothing (a form field sent once, or not at all). */
const listInput = (message: string) =>
  z.union([z.array(z.union([z.number(), z.string()])), z.number(), z.string()], {
    error: message,
  });

function toList(value: readonly (number | string)[] | number | string | null | undefined) {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value as number | string];
}

/** Ids (integers, as numbers or digit strings): one message on the field for any bad value. */
const idList = (message: string) =>
  listInput(message)
    .nullish()
    .transform((value, ctx): number[] => {
      const list = toList(value);
      if (list.length > EXPORT_CRITERIA_MAX) {
        ctx.addIssue({ code: 'custom', message: EXPORT_MESSAGES.tooMany });
        return z.NEVER;
      }
      const ids = new Set<number>();
      for (const item of list) {
        const id =
          typeof item === 'number' ? item : /^\s*\d{1,10}\s*$/.test(item) ? Number(item) : NaN;
        if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        ids.add(id);
      }
      return [...ids];
    })
    .meta({ description: 'ids (integers)' });

/** INSEE codes of départements: '33', '2A', '971' (a number is read as its two-digit code). */
const departementCodeList = (message: string) =>
  listInput(message)
    .nullish()
    .transform((value, ctx): string[] => {
      const list = toList(value);
      if (list.length > EXPORT_CRITERIA_MAX) {
        ctx.addIssue({ code: 'custom', message: EXPORT_MESSAGES.tooMany });
        return z.NEVER;
      }
      const codes = new Set<string>();
      for (const item of list) {
        const code = (
          typeof item === 'number' && Number.isInteger(item) ? String(item).padStart(2, '0') : item
        )
          .toString()
          .trim()
          .toUpperCase();
        if (!/^(?:\d{2}|2[AB]|97\d)$/.test(code)) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        codes.add(code);
      }
      return [...codes];
    })
    .meta({ description: 'département codes' });

/** One of `values`; missing or '' means `fallback`. */
const choice = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  message: string,
) =>
  z
    .union([z.enum(values), z.literal('')], { error: message })
    .nullish()
    .transform((value): T[number] => value || fallback);

/** POST /api/export-report. */
export const exportReportBodySchema = z.object({
  email: emailField,
  subthematics: idList(EXPORT_MESSAGES.subthematics),
  projectHolders: idList(EXPORT_MESSAGES.projectHolders),
  beneficiaries: idList(EXPORT_MESSAGES.beneficiaries),
  locations: departementCodeList(EXPORT_MESSAGES.locations),
  type: choice(EXPORT_TYPES, EXPORT_DEFAULT_TYPE, EXPORT_MESSAGES.type),
  period: choice(EXPORT_PERIODS, EXPORT_DEFAULT_PERIOD, EXPORT_MESSAGES.period),
  ...captchaFields,
});
/** What the form sends. */
export type ExportReportInput = z.input<typeof exportReportBodySchema>;
/** What the server reads: lists always present, ids as numbers, defaults applied. */
export type ExportReportBody = z.output<typeof exportReportBodySchema>;

/** The criteria of a request, as stored with it (export_requests.filters). */
export const exportCriteriaSchema = exportReportBodySchema.pick({
  subthematics: true,
  projectHolders: true,
  beneficiaries: true,
  locations: true,
  type: true,
  period: true,
});
export type ExportCriteria = z.output<typeof exportCriteriaSchema>;
