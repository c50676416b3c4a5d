import { describe, expect, it } from 'vitest';
import type { MapListPage } from '@ad/contract';
import { apiUrl } from '../../lib/api-query.ts';
import { initiativesFollowUps } from './initiatives.ts';

const firstPage = (lastPage: number) =>
  ({ data: [], meta: { last_page: lastPage } }) as unknown as MapListPage;
const match = (search: string) => ({ params: {}, search: new URLSearchParams(search) });

describe('initiativesFollowUps', () => {
  it('asks for the further pages of each list, up to its last page', () => {
    const urls = initiativesFollowUps([{}, firstPage(1), firstPage(3)], match('')).map((query) =>
      apiUrl(query.queryKey),
    );
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/api\/initiatives\?.*page=2&resourceType=all$/);
    expect(urls[1]).toMatch(/^\/api\/initiatives\?.*page=3&resourceType=all$/);
  });

  it('follows the query: one list, its filters', () => {
    const urls = initiativesFollowUps(
      [{}, firstPage(2)],
      match('resourceType=food_procedures&thematics[]=4'),
    ).map((query) => apiUrl(query.queryKey));
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^\/api\/food_procedures\?.*page=2.*thematics%5B%5D=4/);
  });

  it('asks for nothing when the first pages are all there is or failed', () => {
    expect(initiativesFollowUps([{}, firstPage(1), undefined], match(''))).toEqual([]);
  });
});
