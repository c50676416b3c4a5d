import { z } from 'zod';
import { isIsoDay } from '@ad/contract';
import { ValidationError } from '../errors.ts';
import { UploadedFile } from './uploaded-file.ts';

/**
 * zod building blocks for the member forms, sent as multipart (every value is a string, an
 * empty string means "no value") and validated by the server (spec account-area §5). Messages
 * name the field by its French label: « Le champ titre est obligatoire. ».
 */
export const requiredMessage = (label: string) => `Le champ ${label} est obligatoire.`;
const tooLong = (label: string, max: number) =>
  `Le champ ${label} ne doit pas dépasser ${max} caractères.`;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const formText = (label: string, max = 255) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: requiredMessage(label) })
      .trim()
      .max(max, { error: tooLong(label, max) }),
  );

/** Optional text: a blank value becomes null. */
export const optionalFormText = (label: string, max = 255) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, { error: tooLong(label, max) })
      .nullish()
      .transform((v) => v ?? null),
  );

export const formUrl = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: requiredMessage(label) })
      .trim()
      .max(2048, { error: tooLong(label, 2048) })
      .pipe(
        z.url({
          protocol: /^https?$/,
          error: `Le champ ${label} doit être une adresse web valide (https://…).`,
        }),
      ),
  );

export const optionalFormUrl = (label: string) =>
  z.preprocess(
    blankToUndefined,
    formUrl(label)
      .nullish()
      .transform((v) => v ?? null),
  );

export const formEmail = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: requiredMessage(label) })
      .trim()
      .max(255, { error: tooLong(label, 255) })
      .pipe(z.email({ error: `Le champ ${label} doit être une adresse e-mail valide.` })),
  );

export const formInt = (label: string, { min = 0, max = 2_147_483_647 } = {}) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: requiredMessage(label) })
      .int({ error: `Le champ ${label} doit être un nombre entier.` })
      .min(min, { error: `Le champ ${label} doit être supérieur ou égal à ${min}.` })
      .max(max, { error: `Le champ ${label} doit être inférieur ou égal à ${max}.` }),
  );

export const optionalFormInt = (label: string, bounds?: { min?: number; max?: number }) =>
  z.preprocess(
    blankToUndefined,
    formInt(label, bounds)
      .nullish()
      .transform((v) => v ?? null),
  );

/** The largest amount a `numeric(14, 2)` column holds, in whole units. */
const MAX_AMOUNT = 999_999_999_999;

export const optionalFormNumber = (label: string, { min = 0, max = MAX_AMOUNT } = {}) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.replace(/\s/g, '').replace(',', '.')) : v),
    z.coerce
      .number({ error: `Le champ ${label} doit être un nombre.` })
      .min(min, { error: `Le champ ${label} doit être supérieur ou égal à ${min}.` })
      .max(max, { error: `Le champ ${label} est trop grand.` })
      .nullish()
      .transform((v) => v ?? null),
  );

/** '1', 'true', 'on' are true; anything else (or absent) is false. */
export const formBoolean = () =>
  z.preprocess((v) => v === '1' || v === 'true' || v === 'on', z.boolean());

/** A calendar date sent as YYYY-MM-DD (spec account-area §7). */
export const formDate = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: requiredMessage(label) })
      .refine(isIsoDay, { error: `Le champ ${label} doit être une date valide.` }),
  );

export const optionalFormDate = (label: string) =>
  z.preprocess(
    blankToUndefined,
    formDate(label)
      .nullish()
      .transform((v) => v ?? null),
  );

/** A list sent as `name[0]`, `name[1]`… or as one empty value (the list was emptied). */
export const formList = <T extends z.ZodType>(item: T, { max = 100 } = {}) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(item).max(max, { error: `Pas plus de ${max} éléments.` }),
  );

export const formFile = (label: string) =>
  z.instanceof(UploadedFile, { error: requiredMessage(label) });

export const optionalFormFile = () =>
  z.preprocess((v) => (v === '' ? undefined : v), z.instanceof(UploadedFile).optional());

/**
 * Validates a parsed form; failures become the project's 422 with the first message of each
 * field under its dotted path (`technical_partners.0.partner`).
 */
export function parseForm<T extends z.ZodType>(schema: T, form: unknown): z.output<T> {
  const result = schema.safeParse(form);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    (errors[key] ??= []).push(issue.message);
  }
  throw new ValidationError(errors);
}
