import { describe, expect, it } from 'vitest';
import type { MapListPage } from '@ad/contract';
import { apiUrl } from '../../lib/api-query.ts';
import { initiativesFollowUps, initiativesQueries } from './initiatives.ts';

const firstPage = (lastPage: number) =>
  ({ data: [], meta: { last_page: lastPage } }) as unknown as MapListPage;
const match = (search: string) => ({ params: {}, search: new URLSearchParams(search) });

describe('initiativesFollowUps', () => {
  it('asks for every further page of each list, up to its last page', () => {
    const urls = initiativesFollowUps([{}, firstPage(1), firstPage(3)], match('')).map((query) =>
      apiUrl(query.queryKey),
    );
    // The first pages are in the page: the procedures' only page, the initiatives' first.
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/api\/initiatives\?.*page=2&resourceType=all$/);
    expect(urls[1]).toMatch(/^\/api\/initiatives\?.*page=3&resourceType=all$/);
  });

  it('follows the query: one list, its filters', () => {
    const urls = initiativesFollowUps(
      [{}, firstPage(3)],
      match('resourceType=food_procedures&thematics[]=4'),
    ).map((query) => apiUrl(query.queryKey));
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/api\/food_procedures\?.*page=2.*thematics%5B%5D=4/);
    expect(urls[1]).toMatch(/^\/api\/food_procedures\?.*page=3.*thematics%5B%5D=4/);
  });

  it('asks for nothing for a list the server could not read', () => {
    expect(initiativesFollowUps([{}, undefined, undefined], match(''))).toEqual([]);
  });
});

describe('initiativesQueries', () => {
  it("declares the procedure of a procedure filter, whose title its tag shows in the page's HTML", () => {
    const keys = initiativesQueries(match('demarcheId=12')).map((query) => query.queryKey);
    expect(keys.at(-1)).toEqual(['/api/food_procedures/:id', { id: 12 }]);
    expect(initiativesQueries(match('')).map((query) => query.queryKey[0])).not.toContain(
      '/api/food_procedures/:id',
    );
  });

  it('keeps the lists first, so that their follow-ups find them', () => {
    const queries = initiativesQueries(match('demarcheId=12'));
    const firstPages = [{}, firstPage(3), { data: { title: 'PAT' } }];
    expect(queries).toHaveLength(3);
    expect(initiativesFollowUps(firstPages as never, match('demarcheId=12'))).toHaveLength(2);
  });
});
