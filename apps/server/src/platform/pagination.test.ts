import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeListParam, idListParam, normaliseArrayKeys, pageParam } from './list-input.ts';
import { pageLink, pageRequest, pageRequestAfterFirst, paginate } from './pagination.ts';

describe('paginate', () => {
  const link = pageLink('/api/posts', { categories: [3, 1], day: '', page: 2 });

  it('gives data, links, meta and the page list', () => {
    const page = paginate(['a', 'b'], 14, pageRequest(2, 12), link);
    expect(page).toEqual({
      data: ['a', 'b'],
      links: {
        first: '/api/posts?categories%5B%5D=3&categories%5B%5D=1&page=1',
        last: '/api/posts?categories%5B%5D=3&categories%5B%5D=1&page=2',
        prev: '/api/posts?categories%5B%5D=3&categories%5B%5D=1&page=1',
        next: null,
      },
      meta: { current_page: 2, last_page: 2, per_page: 12, total: 14, from: 13, to: 14 },
      pages: [1, 2],
    });
  });

  it('answers an empty list, and a page past the last, without from and to', () => {
    const empty = paginate([], 0, pageRequest(1), pageLink('/api/events', {}));
    expect(empty.meta).toMatchObject({ last_page: 1, total: 0, from: null, to: null });
    expect(empty.links).toMatchObject({ first: '/api/events?page=1', prev: null, next: null });
    const past = paginate([], 5, pageRequest(9), pageLink('/api/events', {}));
    expect(past.links.prev).toBe('/api/events?page=1');
    expect(past.meta.from).toBeNull();
  });

  it('cuts a list with a first page of its own size, then pages of another, without a gap', () => {
    const link = pageLink('/api/initiatives', {});
    const rows = Array.from({ length: 12 }, (_, index) => index + 1);
    const read = (page: number) => {
      const request = pageRequestAfterFirst(page, 3, 4);
      return paginate(
        rows.slice(request.offset, request.offset + request.perPage),
        rows.length,
        request,
        link,
      );
    };
    expect(read(1).data).toEqual([1, 2, 3]);
    expect(read(1).meta).toMatchObject({ last_page: 4, per_page: 3, from: 1, to: 3 });
    expect(read(2).meta).toMatchObject({ per_page: 4, from: 4, to: 7 });
    expect(read(4).data).toEqual([12]);
    expect(read(4).links.next).toBeNull();
    expect([1, 2, 3, 4].flatMap((page) => read(page).data)).toEqual(rows);
    expect(read(5).data).toEqual([]);
    expect(pageRequestAfterFirst(1, 3, 4).pageCount(0)).toBe(1);
    expect(pageRequestAfterFirst(1, 3, 4).pageCount(3)).toBe(1);
    expect(pageRequestAfterFirst(1, 3, 4).pageCount(4)).toBe(2);
  });
});

describe('list parameters', () => {
  const schema = z.object({ page: pageParam, categories: idListParam, locations: codeListParam });

  it('accepts x[]=a&x[]=b and x=a&x=b alike', () => {
    const bracketed = normaliseArrayKeys({ 'categories[]': ['1', '2'], 'locations[]': '33' });
    expect(schema.parse(bracketed)).toEqual({ page: 1, categories: [1, 2], locations: ['33'] });
    expect(schema.parse({ categories: '4', page: '3' })).toEqual({
      page: 3,
      categories: [4],
      locations: [],
    });
    expect(normaliseArrayKeys({ 'categories[]': '1', categories: '2' })).toEqual({
      categories: ['2', '1'],
    });
  });

  it('refuses what does not parse', () => {
    for (const bad of [{ page: '0' }, { page: 'x' }, { categories: ['1', 'a'] }]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
