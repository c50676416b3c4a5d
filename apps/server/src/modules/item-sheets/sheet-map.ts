import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultGeoDir } from '../../db/seed/geo-data.ts';

/**
 * The small map of a sheet: the region's départements drawn from the project's own outlines
 * (apps/server/data/geo, Licence Ouverte), as SVG paths in PDF points. Equirectangular
 * projection with the longitudes scaled by the cosine of the region's middle latitude (the
 * shapes look right at this size), fitted to a fixed width. The files are read, projected and
 * simplified once, on first use; no tiles, no network.
 */

/** Width of the map in points (the height follows the region's shape). */
export const SHEET_MAP_WIDTH = 158;
const PADDING = 4;
/** Douglas-Peucker tolerance in points: far below what the eye sees at this size. */
const TOLERANCE = 0.25;

type Position = [number, number];
type Geometry =
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };
interface GeoFeature {
  properties: { code: string; name: string };
  geometry: Geometry;
}

export interface SheetMapDepartement {
  code: string;
  name: string;
  /** SVG path data in the map's points. */
  d: string;
  /** Where its code is written: the centroid of its largest ring. */
  label: { x: number; y: number };
}

export interface SheetMap {
  width: number;
  height: number;
  region: string;
  departements: SheetMapDepartement[];
  /** The point of a position on the map, or null when it lies outside the map. */
  project(longitude: number, latitude: number): { x: number; y: number } | null;
}

const polygonsOf = (geometry: Geometry): Position[][][] =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

/** Squared distance from p to the segment a–b. */
function segmentDistance2(p: Position, a: Position, b: Position): number {
  let [x, y] = a;
  const dx = b[0] - x;
  const dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) [x, y] = b;
    else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  return (p[0] - x) ** 2 + (p[1] - y) ** 2;
}

/** Douglas-Peucker (iterative): the points of `points` that keep it within `tolerance`. */
export function simplifyLine(points: Position[], tolerance: number): Position[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  const limit = tolerance * tolerance;
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let max = limit;
    for (let i = first + 1; i < last; i++) {
      const distance = segmentDistance2(points[i]!, points[first]!, points[last]!);
      if (distance > max) {
        max = distance;
        farthest = i;
      }
    }
    if (farthest > 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

const round = (value: number) => Math.round(value * 10) / 10;

function ringPath(ring: Position[]): string {
  return `M${ring.map(([x, y]) => `${round(x)} ${round(y)}`).join('L')}Z`;
}

function readFeatures(file: string): GeoFeature[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { features: GeoFeature[] }).features;
}

/** Builds the map from the two GeoJSON files of `geoDir`. */
export function buildSheetMap(geoDir: string, width = SHEET_MAP_WIDTH): SheetMap {
  const region = readFeatures(path.join(geoDir, 'region-nouvelle-aquitaine.geojson'));
  const departements = readFeatures(path.join(geoDir, 'departements-nouvelle-aquitaine.geojson'));

  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const feature of [...region, ...departements]) {
    for (const polygon of polygonsOf(feature.geometry)) {
      for (const [longitude, latitude] of polygon.flat()) {
        west = Math.min(west, longitude);
        east = Math.max(east, longitude);
        south = Math.min(south, latitude);
        north = Math.max(north, latitude);
      }
    }
  }
  const cos = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const scale = (width - 2 * PADDING) / ((east - west) * cos);
  const height = Math.ceil((north - south) * scale + 2 * PADDING);
  const toPoint = (longitude: number, latitude: number): Position => [
    PADDING + (longitude - west) * cos * scale,
    PADDING + (north - latitude) * scale,
  ];

  const shape = (feature: GeoFeature) => {
    const rings: Position[][] = [];
    for (const polygon of polygonsOf(feature.geometry)) {
      for (const ring of polygon) {
        const simplified = simplifyLine(
          ring.map(([longitude, latitude]) => toPoint(longitude, latitude)),
          TOLERANCE,
        );
        if (simplified.length >= 4) rings.push(simplified);
      }
    }
    return rings;
  };

  return {
    width,
    height,
    region: region.flatMap(shape).map(ringPath).join(''),
    departements: departements.map((feature) => {
      const rings = shape(feature);
      // The centroid of its largest ring.
      let label = { x: 0, y: 0 };
      let largest = 0;
      for (const ring of rings) {
        let area = 0;
        let cx = 0;
        let cy = 0;
        for (let i = 0; i < ring.length - 1; i++) {
          const [x0, y0] = ring[i]!;
          const [x1, y1] = ring[i + 1]!;
          const cross = x0 * y1 - x1 * y0;
          area += cross;
          cx += (x0 + x1) * cross;
          cy += (y0 + y1) * cross;
        }
        if (Math.abs(area) > largest) {
          largest = Math.abs(area);
          label = { x: round(cx / (3 * area)), y: round(cy / (3 * area)) };
        }
      }
      return {
        code: feature.properties.code,
        name: feature.properties.name,
        d: rings.map(ringPath).join(''),
        label,
      };
    }),
    project(longitude, latitude) {
      if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return null;
      if (longitude < west || longitude > east || latitude < south || latitude > north) return null;
      const [x, y] = toPoint(longitude, latitude);
      return { x: round(x), y: round(y) };
    },
  };
}

let cached: SheetMap | undefined;

/** The map of the project's outlines (read once from apps/server/data/geo). */
export function sheetMap(): SheetMap {
  return (cached ??= buildSheetMap(defaultGeoDir()));
}
