import { z } from 'zod';
import type { AddressSuggestion } from './geo-search.presenter.ts';

/**
 * Client of the search endpoint of the Base Adresse Nationale (ADDRESS_API_URL, e.g.
 * https://api-adresse.data.gouv.fr/search/): `?q=<text>&limit=<n>` answers a GeoJSON
 * FeatureCollection whose features carry label, name, postcode and city, and [lon, lat].
 */

/** The form waits for suggestions while the visitor types: past this, the centroids answer. */
export const ADDRESS_API_TIMEOUT_MS = 2000;

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** The service did not answer usable suggestions (unreachable, slow, an error, another format). */
export class AddressApiError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AddressApiError';
  }
}

const featureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.unknown()),
});

const featureSchema = z.object({
  geometry: z.object({
    coordinates: z.tuple([z.number(), z.number()]).rest(z.unknown()),
  }),
  properties: z.object({
    label: z.string().min(1),
    name: z.string().min(1),
    city: z.string().min(1),
    // A few places of the base (some municipalities) have no single postcode.
    postcode: z.string().optional(),
  }),
});

/** A feature as a suggestion, or null when it lacks a field the form needs. */
export function suggestionOfFeature(feature: unknown): AddressSuggestion | null {
  const parsed = featureSchema.safeParse(feature);
  if (!parsed.success) return null;
  const { geometry, properties } = parsed.data;
  const [longitude, latitude] = geometry.coordinates;
  return {
    label: properties.label,
    address_line_1: properties.name,
    city: properties.city,
    postcode: properties.postcode ?? '',
    latitude,
    longitude,
  };
}

/** The suggestions of the national address base for `text`; throws AddressApiError. */
export async function searchAddressApi(options: {
  url: string;
  text: string;
  limit: number;
  fetchImpl?: FetchLike;
  timeoutMs?: number;
}): Promise<AddressSuggestion[]> {
  const url = new URL(options.url);
  url.searchParams.set('q', options.text);
  url.searchParams.set('limit', String(options.limit));
  const fetchImpl = options.fetchImpl ?? fetch;
  let body: unknown;
  try {
    // The signal also bounds the reading of the body.
    const response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? ADDRESS_API_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new AddressApiError(`address API answered HTTP ${response.status}`);
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof AddressApiError) throw error;
    throw new AddressApiError('address API unreachable or too slow', { cause: error });
  }
  const collection = featureCollectionSchema.safeParse(body);
  if (!collection.success) throw new AddressApiError('address API answered another format');
  return collection.data.features
    .map(suggestionOfFeature)
    .filter((s): s is AddressSuggestion => s !== null)
    .slice(0, options.limit);
}
