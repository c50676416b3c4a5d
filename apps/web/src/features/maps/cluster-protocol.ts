import type { ClusterFeature, ClusterProperties, PointFeature } from 'supercluster';
import { MAP_MAX_ZOOM } from '@ad/contract';

/**
 * The clusters of the map's points (cluster-index.ts on the page's thread, cluster-worker.ts in
 * a worker) and the messages between the two. Points are named by their index in the result's
 * list; a result's points go to the worker once, as one transferred array of coordinates. Each
 * message carries the result's generation: an answer about an older result is dropped.
 */

/** Clusters of 60 px, up to the zoom before the maximum (at the maximum, every marker). */
export const CLUSTER_OPTIONS = { radius: 60, maxZoom: MAP_MAX_ZOOM - 1 };

/** [west, south, east, north] in degrees. */
export type BoundingBox = [number, number, number, number];

/** [south, west, north, east] in degrees. */
export type Extent = [number, number, number, number];

export interface IndexedPoint {
  index: number;
}

export type ClusterRequest =
  | {
      type: 'load';
      generation: number;
      /** Longitude and latitude of each point, in turn. */
      coordinates: Float64Array;
    }
  | { type: 'clusters'; generation: number; request: number; bbox: BoundingBox; zoom: number }
  | { type: 'expansion'; generation: number; request: number; clusterId: number; zoom: number };

/** What a view shows: the points' indexes, and each cluster as id, count, longitude, latitude. */
export interface ClustersAnswer {
  type: 'clusters';
  generation: number;
  request: number;
  points: number[];
  clusters: number[];
}

/** The extent of a cluster's points. */
export interface ExpansionAnswer {
  type: 'expansion';
  generation: number;
  request: number;
  bounds: Extent | null;
}

export type ClusterAnswer = ClustersAnswer | ExpansionAnswer;

type Feature = PointFeature<IndexedPoint> | ClusterFeature<ClusterProperties>;

/** Supercluster's features of a view, as an answer. */
export function clustersAnswer(
  features: Feature[],
  generation: number,
  request: number,
): ClustersAnswer {
  const answer: ClustersAnswer = {
    type: 'clusters',
    generation,
    request,
    points: [],
    clusters: [],
  };
  for (const feature of features) {
    const properties = feature.properties as Partial<ClusterProperties> & Partial<IndexedPoint>;
    if (properties.cluster) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      answer.clusters.push(properties.cluster_id!, properties.point_count!, lng, lat);
    } else {
      answer.points.push(properties.index!);
    }
  }
  return answer;
}

/** The extent of a cluster's points (its leaves), or null when it has none. */
export function expansionBounds(leaves: PointFeature<unknown>[]): Extent | null {
  let bounds: Extent | null = null;
  for (const leaf of leaves) {
    const [lng, lat] = leaf.geometry.coordinates as [number, number];
    bounds = bounds
      ? [
          Math.min(bounds[0], lat),
          Math.min(bounds[1], lng),
          Math.max(bounds[2], lat),
          Math.max(bounds[3], lng),
        ]
      : [lat, lng, lat, lng];
  }
  return bounds;
}
