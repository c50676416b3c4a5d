import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../platform/paths.ts';

export interface CommuneRow {
  inseeCode: string;
  name: string;
  postcodes: string[];
  departementCode: string;
  epciCode: string;
  latitude: number;
  longitude: number;
  population: number;
}

export interface EpciRow {
  code: string;
  name: string;
  departementCodes: string[];
  communeCount: number;
}

/** Where the geographic CSV files live: `<root>/apps/server/data/geo` unless given. */
export function defaultGeoDir(rootDir: string = repoRoot()): string {
  return path.join(rootDir, 'apps', 'server', 'data', 'geo');
}

/** RFC 4180 parser (quoted fields with doubled quotes); the files are small. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function readRecords(file: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'));
  if (!header) throw new Error(`Empty CSV file: ${file}`);
  return rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

export function readCommunes(geoDir: string): CommuneRow[] {
  return readRecords(path.join(geoDir, 'communes-nouvelle-aquitaine.csv')).map((r) => ({
    inseeCode: r.insee_code ?? '',
    name: r.name ?? '',
    postcodes: (r.postcodes ?? '').split(' ').filter(Boolean),
    departementCode: r.departement_code ?? '',
    epciCode: r.epci_code ?? '',
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    population: Number(r.population),
  }));
}

export function readEpci(geoDir: string): EpciRow[] {
  return readRecords(path.join(geoDir, 'epci-nouvelle-aquitaine.csv')).map((r) => ({
    code: r.epci_code ?? '',
    name: r.name ?? '',
    departementCodes: (r.departement_codes ?? '').split(' ').filter(Boolean),
    communeCount: Number(r.commune_count),
  }));
}
