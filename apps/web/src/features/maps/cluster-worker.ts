import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { CLUSTER_OPTIONS, type ClusterAnswer, type ClusterRequest } from './cluster-protocol.ts';

/**
 * The map's cluster index, in a worker: indexing the whole region's 21,000 points takes 100–200 ms
 * on a slow computer, which the page's thread no longer spends while it shows the lists.
 *
 * Supercluster indexes every zoom at once; the zooms up to the map's take a tenth of that. They
 * are indexed first and the view answered, then the zooms above. The lower zooms keep their first
 * index, so the clusters on screen never change by themselves.
 */

interface Point {
  index: number;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ClusterRequest>) => void) | null;
  postMessage(message: ClusterAnswer): void;
};

let generation = -1;
let points: PointFeature<Point>[] = [];
let low: Supercluster<Point> | null = null;
let lowMaxZoom = 0;
let high: Supercluster<Point> | null = null;
let highScheduled = false;

function highIndex(): Supercluster<Point> {
  high ??= new Supercluster<Point>(CLUSTER_OPTIONS).load(points);
  return high;
}

/** The index that clusters `zoom` (a whole zoom). */
const indexAt = (zoom: number) => (zoom <= lowMaxZoom ? low! : highIndex());

function load(coordinates: Float64Array, zoom: number) {
  points = [];
  for (let i = 0; i < coordinates.length / 2; i += 1) {
    points.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [coordinates[2 * i]!, coordinates[2 * i + 1]!] },
      properties: { index: i },
    });
  }
  lowMaxZoom = Math.min(Math.max(zoom, 0), CLUSTER_OPTIONS.maxZoom);
  low = new Supercluster<Point>({ ...CLUSTER_OPTIONS, maxZoom: lowMaxZoom }).load(points);
  high = lowMaxZoom === CLUSTER_OPTIONS.maxZoom ? low : null;
  highScheduled = false;
}

scope.onmessage = ({ data }) => {
  if (data.type === 'load') {
    generation = data.generation;
    load(data.coordinates, data.zoom);
    return;
  }
  if (data.generation !== generation || !low) {
    // About an older result: answered empty, so that no question waits for ever.
    const { request } = data;
    scope.postMessage(
      data.type === 'clusters'
        ? { type: 'clusters', generation: data.generation, request, points: [], clusters: [] }
        : { type: 'expansion', generation: data.generation, request, bounds: null },
    );
    return;
  }
  if (data.type === 'clusters') {
    const answer: ClusterAnswer = {
      type: 'clusters',
      generation,
      request: data.request,
      points: [],
      clusters: [],
    };
    for (const feature of indexAt(data.zoom).getClusters(data.bbox, data.zoom)) {
      const properties = feature.properties as ClusterProperties | Point;
      if ('cluster' in properties && properties.cluster) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        answer.clusters.push(properties.cluster_id, properties.point_count, lng, lat);
      } else {
        answer.points.push((properties as Point).index);
      }
    }
    scope.postMessage(answer);
    // The view is answered: the zooms above now, while the map waits for nothing.
    if (!high && !highScheduled) {
      highScheduled = true;
      const loaded = generation;
      setTimeout(() => {
        if (loaded === generation) highIndex();
      });
    }
    return;
  }
  // A cluster's points: the extent to fly to (the same index as the cluster's).
  let bounds: [number, number, number, number] | null = null;
  for (const leaf of indexAt(data.zoom).getLeaves(data.clusterId, Infinity)) {
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
  scope.postMessage({ type: 'expansion', generation, request: data.request, bounds });
};
