import ClusterWorker from './cluster-worker.ts?worker';
import type {
  BoundingBox,
  ClusterAnswer,
  ClusterRequest,
  ClustersAnswer,
  ExpansionAnswer,
  Extent,
} from './cluster-protocol.ts';

type Pending = (answer: ClusterAnswer | null) => void;

/**
 * The page's side of the cluster worker (cluster-worker.ts): `load` sends a result's points, the
 * other calls ask about the last one loaded. An answer about an older result resolves to null.
 * A worker that fails (its script refused or broken) answers every question, pending or later,
 * with null, and says so (`failed`): the page then indexes on its own thread.
 */
export class ClusterClient {
  private readonly worker = new ClusterWorker({ name: 'clusters' });
  private generation = 0;
  private nextRequest = 0;
  private readonly pending = new Map<number, Pending>();
  failed = false;

  constructor() {
    this.worker.onmessage = ({ data }: MessageEvent<ClusterAnswer>) => {
      const resolve = this.pending.get(data.request);
      this.pending.delete(data.request);
      resolve?.(data);
    };
    this.worker.onerror = (event) => {
      console.error('Carte : index des regroupements', event);
      this.failed = true;
      for (const resolve of this.pending.values()) resolve(null);
      this.pending.clear();
    };
  }

  /**
   * Longitude and latitude of each point, in turn; the points are named by their order. Returns
   * the result's generation, which each question names.
   */
  load(coordinates: Float64Array): number {
    this.generation += 1;
    this.post({ type: 'load', generation: this.generation, coordinates }, [coordinates.buffer]);
    return this.generation;
  }

  /** What the view shows at this (whole) zoom; null once a newer result was loaded. */
  clusters(generation: number, bbox: BoundingBox, zoom: number): Promise<ClustersAnswer | null> {
    return this.ask({ type: 'clusters', generation, bbox, zoom }) as Promise<ClustersAnswer | null>;
  }

  /** The extent of a cluster's points; null once a newer result was loaded. */
  async expansion(generation: number, clusterId: number, zoom: number): Promise<Extent | null> {
    const answer = await this.ask({ type: 'expansion', generation, clusterId, zoom });
    return (answer as ExpansionAnswer | null)?.bounds ?? null;
  }

  dispose(): void {
    this.worker.terminate();
    this.pending.clear();
  }

  private ask(
    message:
      | { type: 'clusters'; generation: number; bbox: BoundingBox; zoom: number }
      | { type: 'expansion'; generation: number; clusterId: number; zoom: number },
  ): Promise<ClusterAnswer | null> {
    if (this.failed) return Promise.resolve(null);
    const request = (this.nextRequest += 1);
    return new Promise((resolve) => {
      this.pending.set(request, (answer) =>
        resolve(answer?.generation === this.generation ? answer : null),
      );
      this.post({ ...message, request });
    });
  }

  private post(message: ClusterRequest, transfer: Transferable[] = []) {
    this.worker.postMessage(message, transfer);
  }
}
