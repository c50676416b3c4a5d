import { COMMUNE_OPTIONS_MAX } from '@ad/contract';
import type { Config } from '../../env.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { AddressApiError, searchAddressApi, type FetchLike } from './address-api.ts';
import {
  readAddressText,
  readOptionSearch,
  streetPart,
  trailingNameCandidates,
  trailingPrefixCandidates,
  type AddressText,
} from './geo-search-text.ts';
import {
  addressLabel,
  presentCommuneOption,
  presentCommunityOfCommunesOption,
  type AddressSuggestion,
  type CommuneOption,
  type CommunityOfCommunesOption,
} from './geo-search.presenter.ts';
import {
  communesNamed,
  communesServing,
  searchCommunes,
  searchCommunitiesOfCommunes,
  type CommuneCentroidRow,
} from './geo-search.queries.ts';

/** Suggestions of the address autocomplete, as many as the national address base gives by default. */
export const ADDRESS_SUGGESTIONS_MAX = 10;

export interface GeoSearchLogger {
  warn(details: object, message: string): void;
}

export interface GeoSearchDeps {
  db: AppDatabase;
  config: Pick<Config, 'ADDRESS_API_URL'>;
  /** The HTTP client of the national address base (tests give a fake). */
  fetchImpl?: FetchLike;
  /** Time given to the national address base before the centroids answer. */
  addressApiTimeoutMs?: number;
  log?: GeoSearchLogger;
}

export interface GeoSearchService {
  communes(query: string | undefined): Promise<CommuneOption[]>;
  communitiesOfCommunes(query: string | undefined): Promise<CommunityOfCommunesOption[]>;
  addresses(query: string | undefined): Promise<AddressSuggestion[]>;
}

/**
 * The searches of the initiative and food-procedure forms (spec account-area §4, §5, §7): the
 * communes and EPCI of the region by name or postcode, and addresses through the national address
 * base, or without it (unset, down, slow) placed on the centroid of the commune they name.
 */
export function createGeoSearchService(deps: GeoSearchDeps): GeoSearchService {
  const { db } = deps;

  return {
    async communes(query) {
      const search = readOptionSearch(query);
      if (search.kind === 'none') return [];
      const rows = await searchCommunes(db, search, COMMUNE_OPTIONS_MAX);
      return rows.map(presentCommuneOption);
    },

    async communitiesOfCommunes(query) {
      const search = readOptionSearch(query);
      if (search.kind === 'none') return [];
      const rows = await searchCommunitiesOfCommunes(db, search, COMMUNE_OPTIONS_MAX);
      return rows.map(presentCommunityOfCommunesOption);
    },

    async addresses(query) {
      const text = (query ?? '').trim();
      if (!text) return [];
      const url = deps.config.ADDRESS_API_URL;
      if (url) {
        try {
          return await searchAddressApi({
            url,
            text,
            limit: ADDRESS_SUGGESTIONS_MAX,
            fetchImpl: deps.fetchImpl,
            timeoutMs: deps.addressApiTimeoutMs,
          });
        } catch (error) {
          if (!(error instanceof AddressApiError)) throw error;
          deps.log?.warn({ err: error }, 'address API failed: commune centroids answer instead');
        }
      }
      return addressesOnCentroids(db, readAddressText(text));
    },
  };
}

/**
 * Suggestions without the national address base: the commune the text names (its postcode, or
 * the longest run of last words that is a commune name), placed on its centroid, the rest of the
 * text as the street. When no commune is named, the communes whose name starts with the last
 * words, the visitor being still typing it.
 */
async function addressesOnCentroids(
  db: AppDatabase,
  address: AddressText,
): Promise<AddressSuggestion[]> {
  const limit = ADDRESS_SUGGESTIONS_MAX;
  const served = address.postcode ? await communesServing(db, address.postcode, limit) : [];
  // A postcode of the region narrows the names to its communes; another one is left aside.
  const postcode = served.length ? address.postcode : null;

  let found = await communesNamed(db, trailingNameCandidates(address), {
    prefix: false,
    postcode,
    limit,
  });
  if (!found.length && served.length) {
    return served.map((commune) => suggestion(address, commune, 0));
  }
  if (!found.length) {
    found = await communesNamed(db, trailingPrefixCandidates(address), {
      prefix: true,
      postcode: null,
      limit,
    });
  }
  // Only the communes named by the most words: « Saint Aubin » names Saint-Aubin, not Aubin.
  const words = found[0]?.words ?? 0;
  return found
    .filter((commune) => commune.words === words)
    .map((commune) => suggestion(address, commune, commune.words));
}

function suggestion(
  address: AddressText,
  commune: CommuneCentroidRow,
  communeWords: number,
): AddressSuggestion {
  const street = streetPart(address, communeWords) || commune.name;
  const postcode =
    address.postcode && commune.postcodes.includes(address.postcode)
      ? address.postcode
      : (commune.postcodes[0] ?? '');
  return {
    label: addressLabel(street, postcode, commune.name),
    address_line_1: street,
    city: commune.name,
    postcode,
    latitude: commune.latitude,
    longitude: commune.longitude,
  };
}
