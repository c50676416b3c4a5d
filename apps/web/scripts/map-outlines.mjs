// Builds the outlines the initiatives map draws under its markers (the region and its
// départements), from the project's copy of the geographic reference data
// (apps/server/data/geo, see its LICENCE.md): simplified to about 500 m, about a pixel
// at the map's initial zoom, and rounded to 4 decimals. The map still shows the region when the
// tiles cannot load. Run after a change of the source files:
//   node apps/web/scripts/map-outlines.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import simplify from 'simplify-js';

const source = (name) =>
  JSON.parse(readFileSync(new URL(`../../server/data/geo/${name}`, import.meta.url), 'utf8'));
const TOLERANCE_DEGREES = 0.005;

const round = (value) => Number(value.toFixed(4));

function ring(positions) {
  const points = simplify(
    positions.map(([x, y]) => ({ x, y })),
    TOLERANCE_DEGREES,
    true,
  );
  return points.map(({ x, y }) => [round(x), round(y)]);
}

function geometry({ type, coordinates }) {
  const polygon = (rings) => rings.map(ring).filter((r) => r.length >= 4);
  if (type === 'Polygon') return { type, coordinates: polygon(coordinates) };
  if (type === 'MultiPolygon') {
    return { type, coordinates: coordinates.map(polygon).filter((p) => p.length > 0) };
  }
  throw new Error(`unexpected geometry ${type}`);
}

const features = [
  ...source('region-nouvelle-aquitaine.geojson').features.map((f) => ({
    type: 'Feature',
    properties: { kind: 'region', code: f.properties.code, name: f.properties.name },
    geometry: geometry(f.geometry),
  })),
  ...source('departements-nouvelle-aquitaine.geojson').features.map((f) => ({
    type: 'Feature',
    properties: { kind: 'departement', code: f.properties.code, name: f.properties.name },
    geometry: geometry(f.geometry),
  })),
];

const target = new URL('../src/features/maps/outlines.json', import.meta.url);
writeFileSync(target, `${JSON.stringify({ type: 'FeatureCollection', features })}\n`);
console.log(`${target.pathname}: ${features.length} features`);
