import { describe, expect, it } from 'vitest';
import type { ClusterClient } from './cluster-client.ts';
import { ClusterIndex } from './cluster-index.ts';

/** Three points of Bordeaux a few metres apart, and one in Poitiers. */
const coordinates = () =>
  new Float64Array([-0.5792, 44.8378, -0.5793, 44.8379, -0.5791, 44.8377, 0.3404, 46.5802]);

/** A worker that answers nothing (the index must not wait for it), failed or not. */
const worker = (failed: boolean) =>
  ({
    failed,
    load: () => 1,
    clusters: () => new Promise(() => {}),
    expansion: () => new Promise(() => {}),
  }) as unknown as ClusterClient;

const REGION: [number, number, number, number] = [-2, 42, 2, 48];

describe('ClusterIndex', () => {
  it('answers the first zooms itself, and the zooms above from the worker', () => {
    const index = new ClusterIndex(coordinates(), 8, worker(false));
    const low = index.clusters(REGION, 8);
    expect(low).not.toBeInstanceOf(Promise);
    expect(index.clusters(REGION, 12)).toBeInstanceOf(Promise);
  });

  it('answers itself a question the worker leaves when it fails', async () => {
    const failing = {
      failed: false,
      load: () => 1,
      clusters: async () => {
        failing.failed = true;
        return null;
      },
    };
    const index = new ClusterIndex(coordinates(), 8, failing as unknown as ClusterClient);
    const answer = await index.clusters(REGION, 12);
    expect(answer?.points).toEqual([3]);
  });

  it('indexes every zoom itself once the worker failed', async () => {
    const index = new ClusterIndex(coordinates(), 8, worker(true));
    const answer = index.clusters(REGION, 12);
    expect(answer).not.toBeInstanceOf(Promise);
    const { clusters, points } = answer as Exclude<typeof answer, Promise<unknown>>;
    // Bordeaux's three points are one cluster at zoom 12; Poitiers is on its own.
    expect(points).toEqual([3]);
    expect(clusters[1]).toBe(3);
    const extent = await index.expansion(clusters[0]!, 12);
    expect(extent).not.toBeNull();
    const [south, west, north, east] = extent!;
    expect(west).toBeCloseTo(-0.5793, 4);
    expect(east).toBeCloseTo(-0.5791, 4);
    expect(south).toBeCloseTo(44.8377, 4);
    expect(north).toBeCloseTo(44.8379, 4);
  });
});
