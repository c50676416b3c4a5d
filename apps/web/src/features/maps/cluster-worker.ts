import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import {
  CLUSTER_OPTIONS,
  clustersAnswer,
  expansionBounds,
  type ClusterAnswer,
  type ClusterRequest,
  type IndexedPoint,
} from './cluster-protocol.ts';

/**
 * The zooms above the map's first one, indexed in a worker (cluster-index.ts indexes the first
 * ones on the page's thread): supercluster indexes every zoom at once, 100–200 ms for the whole
 * region's 21,000 points on a slow computer, which the page's thread no longer spends, at load or
 * while the map is moved.
 */

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ClusterRequest>) => void) | null;
  postMessage(message: ClusterAnswer): void;
};

let generation = -1;
let index: Supercluster<IndexedPoint, ClusterProperties> | null = null;

scope.onmessage = ({ data }) => {
  if (data.type === 'load') {
    index = null;
    const points: PointFeature<IndexedPoint>[] = [];
    for (let i = 0; i < data.coordinates.length / 2; i += 1) {
      const coordinates = [data.coordinates[2 * i]!, data.coordinates[2 * i + 1]!];
      points.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates },
        properties: { index: i },
      });
    }
    index = new Supercluster<IndexedPoint, ClusterProperties>(CLUSTER_OPTIONS).load(points);
    generation = data.generation;
    return;
  }
  // About an older result (or a cluster this index does not have): answered empty, so that no
  // question waits for ever.
  const current = data.generation === generation ? index : null;
  if (data.type === 'clusters') {
    try {
      const features = current ? current.getClusters(data.bbox, data.zoom) : [];
      scope.postMessage(clustersAnswer(features, data.generation, data.request));
    } catch (error) {
      // Answered as about no result (generation -1): the page keeps the markers it shows.
      console.error(error);
      scope.postMessage(clustersAnswer([], -1, data.request));
    }
  } else {
    let leaves: PointFeature<IndexedPoint>[] = [];
    try {
      leaves = current ? current.getLeaves(data.clusterId, Infinity) : [];
    } catch {
      // "No cluster with the specified id": a cluster of another result.
    }
    scope.postMessage({
      type: 'expansion',
      generation: data.generation,
      request: data.request,
      bounds: expansionBounds(leaves),
    });
  }
};
