import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultGeoDir } from '../../db/seed/geo-data.ts';
import { placeholderPng } from '../../db/seed/placeholders.ts';
import { inspectPdf } from '../export-report/pdf-inspect.testing.ts';
import { fullDetail } from './sheet-fixture.testing.ts';
import { buildSheetMap, simplifyLine, sheetMap } from './sheet-map.ts';
import {
  blocksText,
  contactLines,
  fileDetail,
  formatCost,
  frenchDate,
  htmlBlocks,
  humanFileSize,
  plainParagraphs,
  sheetFields,
  sheetFileName,
  sheetKeyFields,
  sheetTexts,
} from './sheet-model.ts';
import { embeddableLogos, imageFormat, renderSheetFile, uploadedFile } from './sheet-render.ts';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('sheet texts', () => {
  it('writes dates, amounts and sizes in French', () => {
    expect(frenchDate('2025-03-03')).toBe('3 mars 2025');
    expect(frenchDate('2027-12-31')).toBe('31 décembre 2027');
    expect(frenchDate('31/12/2027')).toBe('');
    expect(frenchDate(null)).toBe('');
    expect(formatCost(12500)).toBe(nbsp('12 500 €'));
    expect(formatCost(125000.5)).toBe(nbsp('125 000,50 €'));
    expect(humanFileSize(850)).toBe('850\u00a0octets');
    expect(humanFileSize(1_258_291)).toBe('1,2\u00a0Mo');
    expect(humanFileSize(5_000_000)).toBe('4,8\u00a0Mo');
    expect(fileDetail('/uploads/docs/plan.pdf', 123_456)).toBe('PDF – 120,6\u00a0Ko');
    expect(fileDetail('/uploads/docs/sans-extension', 2048)).toBe('2\u00a0Ko');
  });

  it('names the file after the title', () => {
    expect(sheetFileName('Projet alimentaire territorial du Grand Périgueux')).toBe(
      'projet-alimentaire-territorial-du-grand-perigueux.pdf',
    );
    expect(sheetFileName('Œufs & « cœur »')).toBe('oeufs-coeur.pdf');
    expect(sheetFileName('!!!')).toBe('fiche.pdf');
  });

  it('lists only the fields the item has, labelled in French and in order', () => {
    const item = fullDetail();
    expect(sheetKeyFields(item).map((f) => f.label)).toEqual([
      'Thématiques',
      'Porteur de projet',
      'Localisation',
      "État d'avancement",
      'Date de lancement',
      'Date de fin',
    ]);
    expect(sheetFields(item).map((f) => f.label)).toEqual([
      'Sous-thématiques',
      "Aire d'influence",
      'Territoire de réalisation',
      'Communes',
      'Communautés de communes',
      'Bénéficiaires',
      'Partenaires techniques',
      'Partenaires financiers',
      "Nombre de membres de l'équipe",
      'Coût du projet',
    ]);
    expect(sheetFields(item).find((f) => f.label === 'Partenaires financiers')?.value).toEqual([
      'DRAAF Nouvelle-Aquitaine — Programme national pour l’alimentation',
      'Région Nouvelle-Aquitaine',
    ]);

    const initiative = fullDetail({
      resource_type: 'initiative',
      thematics_detail: [],
      secondary_thematic: { name: 'Nutrition et santé' },
      food_procedure_id: 3,
      food_procedure: { title: 'PAT du Périgord' },
      communes: [],
      technical_partners: [],
      project_cost: null,
      nb_team_members: null,
      ended_at: null,
    });
    expect(sheetKeyFields(initiative).slice(0, 2)).toEqual([
      { label: 'Thématique', value: 'Économie alimentaire' },
      { label: 'Thématique secondaire', value: 'Nutrition et santé' },
    ]);
    const labels = sheetFields(initiative).map((f) => f.label);
    expect(labels).toContain('Démarche alimentaire');
    for (const absent of ['Communes', 'Partenaires techniques', 'Coût du projet']) {
      expect(labels).not.toContain(absent);
    }
    expect(sheetKeyFields(initiative).map((f) => f.label)).not.toContain('Date de fin');
    expect(sheetTexts(fullDetail({ context: '  ', objectives: null })).map((t) => t.title)).toEqual(
      [
        'Mise en œuvre des actions',
        'Clés de réussite',
        'Freins potentiels',
        'Perspectives',
        'Originalité de la démarche',
      ],
    );
  });

  it('gives the contact without its e-mail address', () => {
    const lines = contactLines(fullDetail().contact!);
    expect(lines).toEqual({
      name: 'Le Grand Périgueux',
      type: 'Collectivité',
      address: ['1 boulevard Lakanal', '24000 Périgueux'],
      phone: '05 53 35 86 00',
      website: 'https://www.grandperigueux.fr',
    });
  });

  it('keeps paragraphs and lists of the summary readable', () => {
    const blocks = htmlBlocks(fullDetail().summary!);
    expect(blocksText(blocks)).toBe(
      [
        'Le projet alimentaire territorial rassemble les acteurs du territoire autour d’une alimentation saine et durable. Voir le site.',
        '• Approvisionnement local des cantines',
        '• Sensibilisation des scolaires',
        '• ateliers du goût',
        '1. Diagnostic',
        "2. Plan d'actions & suivi",
        'Gouvernance',
        'Un comité stratégique\net un comité technique.',
      ].join('\n'),
    );
    expect(blocks[0]!.runs).toEqual([
      { text: 'Le ' },
      { text: 'projet alimentaire territorial', bold: true },
      { text: ' rassemble les acteurs du territoire autour d’une alimentation ' },
      { text: 'saine et durable', italic: true },
      { text: '. Voir ' },
      { text: 'le site', href: 'https://www.grandperigueux.fr/' },
      { text: '.' },
    ]);
    expect(blocks.map((b) => b.depth ?? null)).toEqual([null, 0, 0, 1, 0, 0, null, null]);
    expect(blocks[6]).toMatchObject({ kind: 'heading' });

    // A loose list (markdown) and text outside any paragraph.
    expect(
      blocksText(
        htmlBlocks('Avant\n<ul>\n<li><p>un</p><p>suite</p></li>\n<li>deux &nbsp;</li></ul>'),
      ),
    ).toBe('Avant\n• un\nsuite\n• deux');
    expect(htmlBlocks('<p>  </p><p></p>')).toEqual([]);
  });

  it('splits plain texts into paragraphs, keeping line breaks', () => {
    expect(plainParagraphs('Un.\r\nDeux.\n\n\n  Trois.  ')).toEqual(['Un.\nDeux.', 'Trois.']);
  });
});

describe('sheet map', () => {
  it('draws the 12 départements and places positions by their longitude and latitude', () => {
    const map = sheetMap();
    expect(map.departements.map((d) => d.code).sort()).toEqual([
      '16',
      '17',
      '19',
      '23',
      '24',
      '33',
      '40',
      '47',
      '64',
      '79',
      '86',
      '87',
    ]);
    // Taller than wide (the region spans about 4.4° both ways, longitudes shortened by cos 45°).
    expect(map.height / map.width).toBeGreaterThan(1.3);
    expect(map.height / map.width).toBeLessThan(1.5);
    const bordeaux = map.project(-0.5792, 44.8378)!;
    const limoges = map.project(1.2611, 45.8336)!;
    const pau = map.project(-0.3708, 43.2951)!;
    expect(limoges.x).toBeGreaterThan(bordeaux.x); // east
    expect(limoges.y).toBeLessThan(bordeaux.y); // north is up
    expect(pau.y).toBeGreaterThan(bordeaux.y);
    for (const point of [bordeaux, limoges, pau]) {
      expect(point.x).toBeGreaterThan(0);
      expect(point.x).toBeLessThan(map.width);
      expect(point.y).toBeGreaterThan(0);
      expect(point.y).toBeLessThan(map.height);
    }
    expect(map.project(2.35, 48.85)).toBeNull(); // Paris
    // Simplified once: a few kilobytes of path data, not the source's hundreds.
    const size = map.departements.reduce((sum, d) => sum + d.d.length, 0) + map.region.length;
    expect(size).toBeLessThan(60_000);
    expect(map.departements.find((d) => d.code === '33')!.d).toMatch(/^M[\d.]+ [\d.]+L/);
  });

  it('simplifies a line within its tolerance', () => {
    const line: [number, number][] = [
      [0, 0],
      [1, 0.05],
      [2, -0.05],
      [3, 0],
      [3, 5],
    ];
    expect(simplifyLine(line, 0.1)).toEqual([
      [0, 0],
      [3, 0],
      [3, 5],
    ]);
    expect(simplifyLine(line, 0.01)).toEqual(line);
  });

  it('fits any width', () => {
    const map = buildSheetMap(defaultGeoDir(), 300);
    expect(map.width).toBe(300);
    expect(map.height).toBeGreaterThan(390);
  });
});

describe('sheet logos', () => {
  it('embeds well-formed PNG and JPEG files of the uploads folder only', async () => {
    const png = placeholderPng('#2e7d32', 40, 20);
    expect(imageFormat(png)).toBe('png');
    expect(imageFormat(png.subarray(0, 50))).toBeNull();
    const jpeg = Buffer.from(
      'ffd8ffe000104a46494600010100000100010000ffc0000b080010001001011100ffda0008010100003f00d2cf20ffd9',
      'hex',
    );
    expect(imageFormat(jpeg)).toBe('jpeg');
    expect(imageFormat(jpeg.subarray(0, 12))).toBeNull();
    expect(imageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageFormat(Buffer.from('GIF89a'))).toBeNull();

    const config = { DATA_DIR: '/srv/data' };
    expect(uploadedFile(config, '/uploads/logos/a%20b.png')).toBe(
      '/srv/data/uploads/logos/a b.png',
    );
    expect(uploadedFile(config, '/uploads/../secret.png')).toBeNull();
    expect(uploadedFile(config, '/uploads/logos/%2e%2e/x.png')).toBeNull();
    expect(uploadedFile(config, 'https://cdn.exemple.fr/logo.png')).toBeNull();
    expect(uploadedFile(config, '/uploads/%E0%A4%A.png')).toBeNull();
  });

  it('renders a sheet with the logos it can read', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ad-sheet-'));
    try {
      const config = {
        DATA_DIR: path.join(dir, 'data'),
        APP_NAME: 'Site',
        APP_URL: 'https://site.fr',
      };
      await mkdir(path.join(config.DATA_DIR, 'uploads'), { recursive: true });
      await writeFile(
        path.join(config.DATA_DIR, 'uploads', 'logo.png'),
        placeholderPng('#000091', 120, 60),
      );
      const item = fullDetail({
        logos: [
          { thumbs: '/uploads/logo.png', name: 'Logo' },
          { thumbs: '/uploads/absent.png', name: 'Absent' },
        ],
      });
      expect(await embeddableLogos(config, item.logos)).toEqual([
        { file: path.join(config.DATA_DIR, 'uploads', 'logo.png'), name: 'Logo' },
      ]);
      const file = path.join(dir, 'sheet.pdf');
      const warnings: string[] = [];
      const logger = {
        debug: () => {},
        info: () => {},
        error: () => {},
        warn: (_: object, message: string) => void warnings.push(message),
      };
      await renderSheetFile(item, file, { config, logger });
      const pdf = await readFile(file);
      const summary = inspectPdf(pdf);
      expect(summary.title).toBe(item.title);
      expect(summary.text).toContain('Logos');
      expect(summary.text).toContain('https://site.fr/initiatives/demarche/42');
      expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
      expect(warnings).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
