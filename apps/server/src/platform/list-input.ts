import { z } from 'zod';
import { FIELD_INVALID_MESSAGE, MAX_LIST_PAGE } from '@ad/contract';

/**
 * Query-string parameters of the public lists. Array parameters come as `x[]=a&x[]=b` or
 * `x=a&x=b` (ARCHITECTURE.md); publicGet() has already renamed `x[]` to `x`. A value that does not
 * parse is a 422 on that parameter, with the spec's generic message.
 */
const invalid = { error: FIELD_INVALID_MESSAGE };

const asArray = (value: unknown) =>
  value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];

/** `page`: 1 when absent. */
export const pageParam = z.coerce
  .number(invalid)
  .int(invalid)
  .min(1, invalid)
  .max(MAX_LIST_PAGE, invalid)
  .default(1);

/** A list of positive integer ids (categories, types…), at most 100. */
export const idListParam = z.preprocess(
  asArray,
  z
    .array(z.coerce.number(invalid).int(invalid).positive(invalid).max(2_147_483_647, invalid))
    .max(100, invalid),
);

/** A list of short codes (département codes, type slugs…), at most 100. */
export const codeListParam = z.preprocess(
  asArray,
  z.array(z.string(invalid).trim().min(1, invalid).max(64, invalid)).max(100, invalid),
);

/** `x[]` → `x` (merged with a plain `x` if both came). */
export function normaliseArrayKeys(raw: Record<string, unknown>): Record<string, unknown> {
  let result: Record<string, unknown> | null = null;
  for (const key of Object.keys(raw)) {
    if (!key.endsWith('[]')) continue;
    result ??= { ...raw };
    const name = key.slice(0, -2);
    const values = [...asArray(result[name]), ...asArray(raw[key])];
    delete result[key];
    result[name] = values;
  }
  return result ?? raw;
}
