import { MAP_MAX_ZOOM } from '@ad/contract';

/**
 * The messages between the map and its cluster worker (cluster-worker.ts). Points are sent once
 * per result as one transferred array of coordinates; the worker names them by their index in
 * it, and the map keeps what each index is. Each message carries the result's generation: an
 * answer about an older result is dropped.
 */

/** Clusters of 60 px, up to the zoom before the maximum (at the maximum, every marker). */
export const CLUSTER_OPTIONS = { radius: 60, maxZoom: MAP_MAX_ZOOM - 1 };

/** [west, south, east, north] in degrees. */
export type BoundingBox = [number, number, number, number];

export type ClusterRequest =
  | {
      type: 'load';
      generation: number;
      /** Longitude and latitude of each point, in turn. */
      coordinates: Float64Array;
      /** The map's zoom: the zooms up to it are indexed first. */
      zoom: number;
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

/** The extent of a cluster's points, [south, west, north, east]. */
export interface ExpansionAnswer {
  type: 'expansion';
  generation: number;
  request: number;
  bounds: [number, number, number, number] | null;
}

export type ClusterAnswer = ClustersAnswer | ExpansionAnswer;
