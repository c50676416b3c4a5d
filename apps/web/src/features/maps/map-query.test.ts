// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_BOUNDS, INITIATIVES_API_PATH, type MapListItem } from '@ad/contract';
import { apiUrl } from '../../lib/api-query.ts';
import { listApiParams, listsOf, mapQueryFrom, type MapQuery } from './map-query.ts';
import {
  criteriaNotInReport,
  mapQuerySearch,
  mergePages,
  relatedInitiatives,
  shownResourceType,
  tabFor,
  withFilter,
  withMovedBounds,
  withoutFilter,
  withResourceType,
  withSearch,
} from './map-query-changes.ts';

const parse = (text: string) => mapQueryFrom(new URLSearchParams(text));
const bounds = { south: 44.1, north: 45.2, west: -1.5, east: 0.7 };

describe('initiatives page URL state', () => {
  it('reads and writes a deep link with bounds and filters unchanged', () => {
    const text =
      '?south=44.1&north=45.2&west=-1.5&east=0.7&resourceType=initiatives' +
      '&thematics=1&thematics=3&subthematics=12&projectHolders=2&beneficiaries=5&locations=33' +
      '&locations=2A&demarcheId=7&contactId=9';
    const query = parse(text);
    expect(query).toEqual({
      bounds,
      resourceType: 'initiatives',
      q: '',
      filters: {
        thematics: ['1', '3'],
        subthematics: ['12'],
        projectHolders: ['2'],
        beneficiaries: ['5'],
        locations: ['33', '2A'],
      },
      demarcheId: 7,
      contactId: 9,
    });
    expect(mapQuerySearch(query)).toBe(text);
  });

  it('accepts x[]= and x=a,b, keeps each value once and drops what does not parse', () => {
    const query = parse(
      'thematics[]=1&thematics=1,2&locations=33,xx&resourceType=nope&demarcheId=abc&south=44',
    );
    expect(query.filters.thematics).toEqual(['1', '2']);
    expect(query.filters.locations).toEqual(['33']);
    expect(query.resourceType).toBe('all');
    expect(query.demarcheId).toBeNull();
    // Three bounds of four, or south above north: no bounds (the map's defaults apply).
    expect(query.bounds).toBeNull();
    expect(parse('south=46&north=45&west=0&east=1').bounds).toBeNull();
    expect(mapQuerySearch(parse(''))).toBe('');
  });

  it('resets the bounds on a filter change and the type on a search (spec §4)', () => {
    const query = parse('?south=44.1&north=45.2&west=-1.5&east=0.7&resourceType=foodProcedures');
    const filtered = withFilter(query, 'beneficiaries', ['4', '4', '6']);
    expect(filtered.bounds).toBeNull();
    expect(filtered.filters.beneficiaries).toEqual(['4', '6']);
    expect(filtered.resourceType).toBe('foodProcedures');

    const searched = withSearch(query, '  marché ');
    expect(searched).toMatchObject({ q: 'marché', resourceType: 'all', bounds: null });
    // A search in the URL (a deep link) shows both types too.
    expect(parse('q=circuits+courts&resourceType=foodProcedures')).toMatchObject({
      q: 'circuits courts',
      resourceType: 'all',
    });
  });

  it('leaves the procedure filter on Tout or Démarches, and a dismissed tag removes it', () => {
    const related = parse('resourceType=initiatives&demarcheId=3&contactId=9');
    expect(withResourceType(related, 'initiatives').demarcheId).toBe(3);
    expect(withResourceType(related, 'all')).toMatchObject({
      resourceType: 'all',
      demarcheId: null,
    });
    expect(listsOf(withResourceType(related, 'foodProcedures'))).toEqual(['foodProcedures']);
    expect(withoutFilter(related, 'demarcheId')).toMatchObject({
      demarcheId: null,
      resourceType: 'all',
      contactId: 9,
    });
    expect(withoutFilter(related, 'contactId')).toMatchObject({ demarcheId: 3, contactId: null });
  });

  it('follows the map, except with a procedure filter or an open detail (spec §4)', () => {
    const query = parse('');
    const shown = query;
    expect(withMovedBounds(query, bounds, { detailOpen: false, shown })?.bounds).toEqual(bounds);
    expect(withMovedBounds(query, bounds, { detailOpen: true, shown })).toBeNull();
    const related = parse('demarcheId=3');
    expect(withMovedBounds(related, bounds, { detailOpen: false, shown: related })).toBeNull();
    // The same bounds to five decimals: no new history entry.
    const moved = withMovedBounds(query, bounds, { detailOpen: false, shown })!;
    const again = { ...bounds, south: 44.100001 };
    expect(withMovedBounds(moved, again, { detailOpen: false, shown: moved })).toBeNull();
    // Moves of a view the page has not shown yet: quick zooms build on each other.
    const zoomed = { ...bounds, south: 44.3 };
    expect(withMovedBounds(moved, zoomed, { detailOpen: false, shown })?.bounds).toEqual(zoomed);
  });

  it('drops a move ending before the page shows a query that sends the map back to the region', () => {
    const moved = parse('south=44&north=45&west=-1&east=0');
    const context = (shown: MapQuery) => ({ detailOpen: false, shown });
    // A filter reset the bounds: the view the map still shows is not the new query's.
    const filtered = withFilter(moved, 'thematics', ['2']);
    expect(withMovedBounds(filtered, bounds, context(moved))).toBeNull();
    // The procedure filter removed: the view fitted on its markers is not the new query's either.
    const related = parse('demarcheId=3&resourceType=initiatives');
    const left = withoutFilter(related, 'demarcheId');
    expect(withMovedBounds(left, bounds, context(related))).toBeNull();
    // Once the page shows the new query, the map's report of the region is taken.
    expect(withMovedBounds(left, bounds, context(left))?.bounds).toEqual(bounds);
  });

  it("'Voir les initiatives liées' filters to the procedure's initiatives without the search", () => {
    const query = relatedInitiatives(parse('q=bio&thematics=2&south=44&north=45&west=0&east=1'), 8);
    expect(query).toMatchObject({
      q: '',
      resourceType: 'initiatives',
      demarcheId: 8,
      bounds: null,
    });
    expect(query.filters.thematics).toEqual(['2']);
    expect(listsOf(query)).toEqual(['initiatives']);
  });

  it("'Afficher sur la carte' shows Initiatives while the procedure filter holds", () => {
    // A search since, then cleared: the type is back to all, the filter still holds.
    const related = relatedInitiatives(parse(''), 8);
    const cleared = withSearch(withSearch(related, 'verger'), '');
    expect(cleared).toMatchObject({ resourceType: 'all', demarcheId: 8 });
    expect(listsOf(cleared)).toEqual(['initiatives']);
    expect(shownResourceType(cleared)).toBe('initiatives');
    expect(shownResourceType(parse('demarcheId=8'))).toBe('initiatives');
    // Choosing 'Tout' then removes the filter.
    const all = withResourceType(cleared, 'all');
    expect(all.demarcheId).toBeNull();
    expect(shownResourceType(all)).toBe('all');
  });

  it('asks the API for one page with the bounds as latitude and longitude pairs (spec §7)', () => {
    const params = listApiParams(
      parse('q=bio&thematics=2&locations=33&demarcheId=8'),
      'initiatives',
      3,
    );
    const url = apiUrl([INITIATIVES_API_PATH, params]);
    expect(url.startsWith(`${INITIATIVES_API_PATH}?`)).toBe(true);
    const search = new URLSearchParams(url.slice(url.indexOf('?')));
    expect(search.get('page')).toBe('3');
    expect(search.getAll('latitude[]')).toEqual([
      String(DEFAULT_MAP_BOUNDS.south),
      String(DEFAULT_MAP_BOUNDS.north),
    ]);
    expect(search.getAll('longitude[]')).toEqual([
      String(DEFAULT_MAP_BOUNDS.west),
      String(DEFAULT_MAP_BOUNDS.east),
    ]);
    expect(search.get('foodProcedureId')).toBe('8');
    expect(search.get('resourceType')).toBe('initiatives');
    expect(search.getAll('thematics[]')).toEqual(['2']);
    expect(search.getAll('locations[]')).toEqual(['33']);
    expect(search.get('q')).toBe('bio');
    expect(listsOf(parse(''))).toEqual(['foodProcedures', 'initiatives']);
    expect(listsOf(parse('resourceType=foodProcedures'))).toEqual(['foodProcedures']);
  });

  it('merges pages without duplicate ids and switches to the only non-empty tab', () => {
    const item = (id: number) => ({ id }) as MapListItem;
    expect(
      mergePages([
        [item(1), item(2)],
        [item(2), item(3)],
      ]).map((i) => i.id),
    ).toEqual([1, 2, 3]);
    expect(tabFor('foodProcedures', { foodProcedures: 0, initiatives: 4 })).toBe('initiatives');
    expect(tabFor('initiatives', { foodProcedures: 2, initiatives: 4 })).toBe('initiatives');
    expect(tabFor('initiatives', { foodProcedures: 0, initiatives: 0 })).toBe('initiatives');
  });

  it('names the criteria that a report does not take', () => {
    expect(criteriaNotInReport(parse('locations=33&subthematics=4'))).toEqual([]);
    expect(criteriaNotInReport(parse('thematics=2&q=bio&contactId=5'))).toEqual([
      'Thématiques',
      'Recherche « bio »',
      'Contact choisi',
    ]);
    expect(criteriaNotInReport(parse('demarcheId=8'))).toEqual(['Démarche choisie']);
  });
});
