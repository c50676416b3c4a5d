import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultGeoDir } from '../../db/seed/geo-data.ts';
import { placeholderPng } from '../../db/seed/placeholders.ts';
import { configureFileUrls, publicFileUrl } from '../../platform/file-urls.ts';
import { localDiskStorage, type FileStorage } from '../../platform/storage/storage.ts';
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
import { embeddableLogos, imageFormat, renderSheetFile } from './sheet-render.ts';

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
      "Coût de l'animation",
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
    expect(sheetFields({ ...initiative, project_cost: 5000 }).map((f) => f.label)).toContain(
      'Coût du projet',
    );
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
  it('recognises well-formed PNG and JPEG files only', async () => {
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
  });

  it('renders a sheet with the logos it can read from the uploads folder', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ad-sheet-'));
    try {
      const config = { APP_NAME: 'Site', APP_URL: 'https://site.fr' };
      const uploads = path.join(dir, 'data', 'uploads');
      await mkdir(uploads, { recursive: true });
      await writeFile(path.join(uploads, 'logo.png'), placeholderPng('#000091', 120, 60));
      const webp = await sharp({
        create: { width: 80, height: 40, channels: 3, background: '#e1000f' },
      })
        .webp()
        .toBuffer();
      await writeFile(path.join(uploads, 'logo.webp'), webp);
      await writeFile(path.join(uploads, 'damaged.webp'), webp.subarray(0, 30));
      const item = fullDetail({
        logos: [
          { thumbs: '/uploads/logo.png', name: 'Logo' },
          { thumbs: '/uploads/logo.webp', name: 'Logo WebP' },
          { thumbs: '/uploads/damaged.webp', name: 'Abîmé' },
          { thumbs: '/uploads/absent.png', name: 'Absent' },
          { thumbs: '/uploads/../secret.png', name: 'Dehors' },
          { thumbs: 'https://ailleurs.fr/logo.png', name: 'Ailleurs' },
        ],
      });
      const warnings: string[] = [];
      const logger = {
        debug: () => {},
        info: () => {},
        error: () => {},
        warn: (_: object, message: string) => void warnings.push(message),
      };
      const storage = localDiskStorage(uploads);
      const logos = await embeddableLogos({ storage, logger }, item.logos);
      expect(logos.map((logo) => logo.name)).toEqual(['Logo', 'Logo WebP']);
      expect(logos[0]!.src).toBe(
        `data:image/png;base64,${placeholderPng('#000091', 120, 60).toString('base64')}`,
      );
      // The WebP logo, converted to PNG (the PDF library reads no WebP).
      const converted = Buffer.from(logos[1]!.src.replace('data:image/png;base64,', ''), 'base64');
      expect(await sharp(converted).metadata()).toMatchObject({
        format: 'png',
        width: 80,
        height: 40,
      });
      const file = path.join(dir, 'sheet.pdf');
      await renderSheetFile(item, file, { config, storage, logger });
      const pdf = await readFile(file);
      const summary = inspectPdf(pdf);
      expect(summary.title).toBe(item.title);
      expect(summary.text).toContain('Logos');
      expect(summary.text).toContain('https://site.fr/initiatives/demarche/42');
      expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
      expect(warnings).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('with uploads in a bucket', () => {
    afterEach(() => configureFileUrls({ baseUrl: null }));

    /** A storage that is not the local disk: objects in memory, by key, missing ones as S3 says. */
    const memoryStorage = (objects: Map<string, Buffer>): FileStorage => ({
      put: async (key, bytes) => void objects.set(key, bytes),
      read: async (key) => {
        const bytes = objects.get(key);
        if (bytes) return bytes;
        throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
      },
      remove: async (key) => void objects.delete(key),
    });

    it('reads the logos through the storage, with the same checks, and embeds them', async () => {
      configureFileUrls({ baseUrl: 'https://cdn.exemple.fr/ad-uploads' });
      const png = placeholderPng('#2e7d32', 120, 60);
      const jpeg = Buffer.from(
        'ffd8ffe000104a46494600010100000100010000ffc0000b080010001001011100ffda0008010100003f00d2cf20ffd9',
        'hex',
      );
      const objects = new Map<string, Buffer>([
        ['2026/05/logo été.png', png],
        ['2026/05/logo.jpg', jpeg],
        ['2026/05/abime.png', png.subarray(0, 60)],
        ['2026/05/logo.webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 ')],
        // Well-formed, but beyond the 5 MB a logo may weigh.
        ['2026/05/lourd.png', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)])],
      ]);
      const logo = (key: string, name: string) => ({ thumbs: publicFileUrl(key)!, name });
      const warnings: string[] = [];
      const logger = {
        debug: () => {},
        info: () => {},
        error: () => {},
        warn: (_: object, message: string) => void warnings.push(message),
      };
      const failing: FileStorage = {
        ...memoryStorage(objects),
        read: async (key) => {
          if (key.endsWith('panne.png')) throw new Error('connect ECONNREFUSED');
          return memoryStorage(objects).read(key);
        },
      };
      const item = fullDetail({
        logos: [
          logo('2026/05/logo été.png', 'PNG'),
          logo('2026/05/abime.png', 'Abîmé'),
          logo('2026/05/logo.webp', 'WebP'),
          logo('2026/05/lourd.png', 'Lourd'),
          logo('2026/05/absent.png', 'Absent'),
          logo('2026/05/panne.png', 'En panne'),
          // The local route is not where the files are any more.
          { thumbs: '/uploads/2026/05/logo.jpg', name: 'Local' },
          logo('2026/05/logo.jpg', 'JPEG'),
        ],
      });
      const logos = await embeddableLogos({ storage: failing, logger }, item.logos);
      expect(logos.map((l) => l.name)).toEqual(['PNG', 'JPEG']);
      expect(logos.map((l) => l.src.slice(0, 22))).toEqual([
        'data:image/png;base64,',
        'data:image/jpeg;base64',
      ]);
      // A bucket failing is worth a warning; a missing object is not.
      expect(warnings).toEqual(['item sheet: a logo could not be read, left out']);

      // At most 12 logos.
      const many = Array.from({ length: 14 }, (_, i) => logo('2026/05/logo.jpg', `Logo ${i}`));
      expect(await embeddableLogos({ storage: memoryStorage(objects), logger }, many)).toHaveLength(
        12,
      );

      const dir = await mkdtemp(path.join(tmpdir(), 'ad-sheet-'));
      try {
        const file = path.join(dir, 'sheet.pdf');
        const config = { APP_NAME: 'Site', APP_URL: 'https://site.fr' };
        await renderSheetFile(item, file, { config, storage: failing, logger });
        const pdf = await readFile(file);
        expect(inspectPdf(pdf).text).toContain('Logos');
        expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(2);
        // Nothing was left on the disk next to the sheet.
        expect(await readdir(dir)).toEqual(['sheet.pdf']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
