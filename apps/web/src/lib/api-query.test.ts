import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { apiQuery, fetchApiQuery } from './api-query.ts';

vi.mock('./api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api-client.ts')>()),
  api: { get: vi.fn() },
}));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.mocked(api.get).mockReset();
});

describe('fetchApiQuery', () => {
  it('GETs the URL of the key, never sooner than the minimum display delay', async () => {
    vi.useFakeTimers();
    vi.mocked(api.get).mockResolvedValue({ data: 1 });
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: fetchApiQuery } } });
    let settled = false;
    const result = client
      .fetchQuery(apiQuery('/api/faq/:slug', { slug: 'a' }, { minDelayMs: 250 }))
      .then((value) => {
        settled = true;
        return value;
      });
    await vi.advanceTimersByTimeAsync(249);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ data: 1 });
    expect(api.get).toHaveBeenCalledWith('/api/faq/a', expect.anything());
  });

  it('answers at once without a minimum delay', async () => {
    vi.mocked(api.get).mockResolvedValue({ data: [] });
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: fetchApiQuery } } });
    await expect(client.fetchQuery(apiQuery('/api/internal-team-members'))).resolves.toEqual({
      data: [],
    });
  });
});
