import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH } from './geo-search-text.ts';
import type { CommuneOptionRow, CommunityOfCommunesOptionRow } from './geo-search.queries.ts';

/** `?query=`: missing or blank answers an empty list. */
export const geoSearchQuerySchema = z.object({
  query: z
    .string({ error: 'Le champ recherche doit être une chaîne de caractères.' })
    .max(SEARCH_QUERY_MAX_LENGTH, {
      error: `Le champ recherche ne doit pas dépasser ${SEARCH_QUERY_MAX_LENGTH} caractères.`,
    })
    .optional(),
});

/** An option of the communes multi-select (spec account-area §3: Commune has name_formatted). */
export const communeOptionSchema = z.object({
  /** INSEE code. */
  id: z.string(),
  /** 'Bordeaux (33)'. */
  name_formatted: z.string(),
});
export type CommuneOption = z.infer<typeof communeOptionSchema>;

/** An option of the communities-of-communes multi-select: option lists have id and name. */
export const communityOfCommunesOptionSchema = z.object({
  /** SIREN code. */
  id: z.string(),
  name: z.string(),
});
export type CommunityOfCommunesOption = z.infer<typeof communityOfCommunesOptionSchema>;

/** A suggestion of the address autocomplete: the fields it fills (spec account-area §4). */
export const addressSuggestionSchema = z.object({
  label: z.string(),
  address_line_1: z.string(),
  city: z.string(),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

export const communeOptionsResponseSchema = z.object({ data: z.array(communeOptionSchema) });
export const communityOfCommunesOptionsResponseSchema = z.object({
  data: z.array(communityOfCommunesOptionSchema),
});
export const addressSuggestionsResponseSchema = z.object({
  data: z.array(addressSuggestionSchema),
});

export const presentCommuneOption = (row: CommuneOptionRow): CommuneOption => ({
  id: row.inseeCode,
  name_formatted: row.nameFormatted,
});

export const presentCommunityOfCommunesOption = (
  row: CommunityOfCommunesOptionRow,
): CommunityOfCommunesOption => ({ id: row.code, name: row.name });

/** The label of a suggestion placed on a commune: '12 rue des Lilas, 33000 Bordeaux'. */
export function addressLabel(street: string, postcode: string, city: string): string {
  const place = [postcode, city].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ');
}
