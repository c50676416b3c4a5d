import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import type { ClusterClient } from './cluster-client.ts';
import {
  CLUSTER_OPTIONS,
  clustersAnswer,
  expansionBounds,
  type BoundingBox,
  type ClustersAnswer,
  type Extent,
  type IndexedPoint,
} from './cluster-protocol.ts';

/**
 * The clusters of a result's points at each zoom. Supercluster indexes every zoom at once: 100–200
 * ms for the whole region's 21,000 points on a slow computer. The zooms up to the map's take a
 * tenth of that: they are indexed here at once, and the view drawn; the worker indexes every zoom
 * meanwhile, and answers for the zooms above. The lower zooms keep their first index, so the
 * clusters on screen never change by themselves.
 */
export class ClusterIndex {
  private readonly low: Supercluster<IndexedPoint, ClusterProperties>;
  /** Every zoom, indexed here when the worker failed (made on first need). */
  private full: Supercluster<IndexedPoint, ClusterProperties> | null = null;
  private readonly points: PointFeature<IndexedPoint>[];
  private readonly lowMaxZoom: number;
  /** The worker's name for this result. */
  private readonly generation: number;

  /** `coordinates`: longitude and latitude of each point, in turn (given to the worker). */
  constructor(
    coordinates: Float64Array,
    zoom: number,
    private readonly worker: ClusterClient,
  ) {
    const points: PointFeature<IndexedPoint>[] = [];
    for (let i = 0; i < coordinates.length / 2; i += 1) {
      points.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [coordinates[2 * i]!, coordinates[2 * i + 1]!] },
        properties: { index: i },
      });
    }
    this.points = points;
    this.lowMaxZoom = Math.min(Math.max(zoom, 0), CLUSTER_OPTIONS.maxZoom);
    this.low = new Supercluster<IndexedPoint, ClusterProperties>({
      ...CLUSTER_OPTIONS,
      maxZoom: this.lowMaxZoom,
    }).load(points);
    this.generation = worker.load(coordinates);
  }

  /** The zooms above the first ones and below the maximum (where every point is on its own). */
  private inWorker(zoom: number) {
    return zoom > this.lowMaxZoom && zoom <= CLUSTER_OPTIONS.maxZoom;
  }

  /** The index for a zoom the worker cannot answer: the first one's, or every zoom's. */
  private here(zoom: number) {
    if (zoom <= this.lowMaxZoom || zoom > CLUSTER_OPTIONS.maxZoom) return this.low;
    return (this.full ??= new Supercluster<IndexedPoint, ClusterProperties>(CLUSTER_OPTIONS).load(
      this.points,
    ));
  }

  /**
   * What a view shows at a whole zoom: at once up to the first zoom and at the maximum (every
   * point), else the worker's answer (null once a newer result was loaded).
   */
  clusters(bbox: BoundingBox, zoom: number): ClustersAnswer | Promise<ClustersAnswer | null> {
    if (this.inWorker(zoom) && !this.worker.failed) {
      // A worker failing meanwhile answers nothing: this thread answers instead.
      return this.worker
        .clusters(this.generation, bbox, zoom)
        .then((answer) => answer ?? (this.worker.failed ? this.local(bbox, zoom) : null));
    }
    return this.local(bbox, zoom);
  }

  private local(bbox: BoundingBox, zoom: number): ClustersAnswer {
    return clustersAnswer(this.here(zoom).getClusters(bbox, zoom), 0, 0);
  }

  /** The extent of a cluster's points (from the index that made the cluster). */
  async expansion(clusterId: number, zoom: number): Promise<Extent | null> {
    if (this.inWorker(zoom) && !this.worker.failed) {
      const bounds = await this.worker.expansion(this.generation, clusterId, zoom);
      if (bounds || !this.worker.failed) return bounds;
    }
    return expansionBounds(this.here(zoom).getLeaves(clusterId, Infinity));
  }
}
