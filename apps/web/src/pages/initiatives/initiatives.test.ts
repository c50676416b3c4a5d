import { describe, expect, it } from 'vitest';
import type { MapListPage } from '@ad/contract';
import { apiUrl } from '../../lib/api-query.ts';
import { initiativesFollowUps } from './initiatives.ts';

const preview = (lastPage: number) =>
  ({ data: [], meta: { last_page: lastPage } }) as unknown as MapListPage;
const match = (search: string) => ({ params: {}, search: new URLSearchParams(search) });

describe('initiativesFollowUps', () => {
  it('asks for every page of each list, up to its last page', () => {
    const urls = initiativesFollowUps([{}, preview(1), preview(3)], match('')).map((query) =>
      apiUrl(query.queryKey),
    );
    expect(urls).toHaveLength(4);
    expect(urls[0]).toMatch(/^\/api\/food_procedures\?.*page=1&resourceType=all$/);
    expect(urls[1]).toMatch(/^\/api\/initiatives\?.*page=1&resourceType=all$/);
    expect(urls[2]).toMatch(/^\/api\/initiatives\?.*page=2&resourceType=all$/);
    expect(urls[3]).toMatch(/^\/api\/initiatives\?.*page=3&resourceType=all$/);
  });

  it('follows the query: one list, its filters', () => {
    const urls = initiativesFollowUps(
      [{}, preview(2)],
      match('resourceType=food_procedures&thematics[]=4'),
    ).map((query) => apiUrl(query.queryKey));
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/api\/food_procedures\?.*page=1.*thematics%5B%5D=4/);
    expect(urls[1]).toMatch(/^\/api\/food_procedures\?.*page=2.*thematics%5B%5D=4/);
  });

  it('asks for nothing for a list the server could not read', () => {
    expect(initiativesFollowUps([{}, undefined, undefined], match(''))).toEqual([]);
  });
});
