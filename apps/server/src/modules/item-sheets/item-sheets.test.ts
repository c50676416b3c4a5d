import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIELD_INVALID_MESSAGE,
  mapItemPdfPath,
  type MapDetailType,
  type MapItemDetail,
} from '@ad/contract';
import { contacts } from '../../db/schema/contacts.ts';
import { files } from '../../db/schema/files.ts';
import {
  foodProcedureSubthematics,
  foodProcedureThematics,
  foodProcedures,
} from '../../db/schema/food-procedures.ts';
import {
  initiativeBeneficiaries,
  initiativeCommunes,
  initiativeFiles,
  initiativeSubthematics,
  initiatives,
} from '../../db/schema/initiatives.ts';
import { loadReferenceIds, seedReferenceData } from '../../db/seed/index.ts';
import { placeholderPng } from '../../db/seed/placeholders.ts';
import { testConfig } from '../../env.ts';
import { MESSAGES } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { jobsOf } from '../../platform/jobs/testing.ts';
import { localDiskStorage } from '../../platform/storage/storage.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';
import { inspectPdf } from '../export-report/pdf-inspect.testing.ts';
import { itemSheetsRoutes } from './item-sheets.routes.ts';
import {
  createItemSheetsService,
  ITEM_SHEET_JOB,
  SHEET_NOT_READY_MESSAGE,
  sheetsDir,
} from './item-sheets.service.ts';

const ref = <K>(map: Map<K, number>, key: K): number => {
  const id = map.get(key);
  if (id === undefined) throw new Error(`no reference ${String(key)}`);
  return id;
};

/** The text of a PDF with its no-break spaces as plain spaces. */
const textOf = (pdf: Buffer) => inspectPdf(pdf).text.replace(/\u00a0/g, ' ');

/** Pictures drawn in a PDF (pdfkit writes one XObject per image). */
const imageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describe('PDF sheets of initiatives and food procedures', () => {
  let t: TestApp;
  const id: Record<string, number> = {};
  const appUrl = testConfig().APP_URL;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const sheetUrl = (type: MapDetailType, key: string) => mapItemPdfPath(type, id[key]!);
  const jobsFor = async (type: MapDetailType, key: string) =>
    (await jobsOf(t.database.db, ITEM_SHEET_JOB)).filter(
      (job) =>
        (job.data as { type: string; id: number }).type === type &&
        (job.data as { id: number }).id === id[key],
    );
  const storedPdfs = async (type: MapDetailType, key: string) =>
    (
      await readdir(path.join(sheetsDir({ DATA_DIR: t.dataDir }), type, String(id[key]))).catch(
        () => [] as string[],
      )
    ).filter((name) => name.endsWith('.pdf'));

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await seedReferenceData(db);
    const r = await loadReferenceIds(db);
    const published = { moderationStatus: 'published' as const, publishedAt: new Date() };

    // Logos under the uploads folder: a PNG, a WebP (not embeddable) and a damaged PNG.
    const uploads = path.join(t.dataDir, 'uploads', 'logos');
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, 'ferme.png'), placeholderPng('#2e7d32', 240, 120));
    await writeFile(path.join(uploads, 'ferme.webp'), Buffer.from('RIFF\0\0\0\0WEBPVP8 '));
    await writeFile(
      path.join(uploads, 'abime.png'),
      placeholderPng('#000091', 240, 120).subarray(0, 60),
    );
    const logoRows = await db
      .insert(files)
      .values(
        ['ferme.png', 'ferme.webp', 'abime.png'].map((name) => ({
          storageKey: `logos/${name}`,
          originalName: name,
          mimeType: name.endsWith('.png') ? 'image/png' : 'image/webp',
          size: 100,
        })),
      )
      .returning({ id: files.id });
    const [document] = await db
      .insert(files)
      .values({
        storageKey: 'documents/bilan.pdf',
        originalName: 'bilan-2025.pdf',
        mimeType: 'application/pdf',
        size: 123_456,
      })
      .returning({ id: files.id });

    const [contact] = await db
      .insert(contacts)
      .values({
        societyName: 'Ferme des Coteaux',
        societyEmail: 'secret-referent@coteaux.exemple.fr',
        typeId: ref(r.contactTypes, 'collectivite'),
        addressLine1: '12 chemin des Vignes',
        postcode: '33000',
        city: 'Bordeaux',
        phone: '05 56 11 22 33',
        websiteUrl: 'https://coteaux.exemple.fr',
        ...published,
      })
      .returning({ id: contacts.id });

    const [pat] = await db
      .insert(foodProcedures)
      .values({
        title: 'Projet alimentaire territorial du Périgord',
        slug: 'pat-perigord',
        summary: '<p>Le PAT du Périgord.</p>',
        isPat: true,
        city: 'Périgueux',
        latitude: 45.184,
        longitude: 0.721,
        departementCode: '24',
        projectHolderTypeId: ref(r.projectHolderTypes, 'collectivite'),
        ...published,
      })
      .returning({ id: foodProcedures.id });
    id.pat = pat!.id;
    await db.insert(foodProcedureThematics).values([
      { foodProcedureId: id.pat, thematicId: ref(r.thematics, 'nutrition'), position: 0 },
      { foodProcedureId: id.pat, thematicId: ref(r.thematics, 'economie'), position: 1 },
    ]);
    await db
      .insert(foodProcedureSubthematics)
      .values({ foodProcedureId: id.pat, subthematicId: ref(r.subthematics, 'planification') });

    const initiative = async (key: string, values: Partial<typeof initiatives.$inferInsert>) => {
      const [row] = await db
        .insert(initiatives)
        .values({ title: key, slug: key, ...values })
        .returning({ id: initiatives.id });
      id[key] = row!.id;
    };
    await initiative('marche', {
      title: 'Marché des producteurs de Bordeaux',
      summary:
        '<p>Un <strong>marché</strong> hebdomadaire.</p><ul><li>fruits de saison</li><li>légumes</li></ul>',
      city: 'Bordeaux',
      latitude: 44.8378,
      longitude: -0.5792,
      departementCode: '33',
      thematicId: ref(r.thematics, 'economie'),
      secondaryThematicId: ref(r.thematics, 'nutrition'),
      projectHolderTypeId: ref(r.projectHolderTypes, 'association'),
      areaOfInfluenceId: ref(r.areasOfInfluence, 'communale'),
      territoryOfRealization: 'Bordeaux centre',
      foodProcedureId: id.pat,
      contactId: contact!.id,
      progressStatusId: ref(r.progressStatuses, 'en-cours'),
      technicalPartners: [{ partner: 'Chambre d’agriculture' }],
      financialPartners: [{ partner: 'Région Nouvelle-Aquitaine', device: 'AAP alimentation' }],
      websiteUrls: [{ website_url: 'https://marche.exemple.fr' }],
      nbTeamMembers: 3,
      projectCost: 12500,
      releasedAt: '2025-03-03',
      endedAt: '2026-12-31',
      context: 'Peu de vente directe en ville.',
      objectives: 'Vendre local.',
      implementationOfActions: 'Un marché chaque samedi.',
      keysToSuccess: 'Des producteurs fidèles.',
      potentialBrakes: 'La météo.',
      prospectsForFuture: 'Un second marché.',
      originalityOfApproach: 'Paiement en monnaie locale.',
      pqnaExternalUrl: 'https://partenaire.exemple.fr/marche',
      displayDocuments: true,
      ...published,
    });
    await db.insert(initiativeSubthematics).values({
      initiativeId: id.marche!,
      subthematicId: ref(r.subthematics, 'circuits-courts'),
    });
    await db.insert(initiativeBeneficiaries).values({
      initiativeId: id.marche!,
      beneficiaryId: ref(r.beneficiaries, 'grand-public'),
    });
    await db.insert(initiativeCommunes).values({ initiativeId: id.marche!, communeCode: '33063' });
    await db.insert(initiativeFiles).values([
      ...logoRows.map((logo, position) => ({
        initiativeId: id.marche!,
        fileId: logo.id,
        kind: 'logo' as const,
        position,
      })),
      {
        initiativeId: id.marche!,
        fileId: document!.id,
        kind: 'document' as const,
        displayedName: 'Bilan 2025',
        position: 9,
      },
    ]);
    await initiative('cantine', {
      title: 'Cantine bio et locale',
      city: 'Pau',
      latitude: 43.2951,
      longitude: -0.3708,
      departementCode: '64',
      thematicId: ref(r.thematics, 'nutrition'),
      ...published,
    });
    await initiative('jardin', {
      title: 'Jardin partagé de Poitiers',
      city: 'Poitiers',
      latitude: 46.58,
      longitude: 0.34,
      departementCode: '86',
      thematicId: ref(r.thematics, 'environnement'),
      ...published,
    });
    await initiative('pending', {
      title: 'Initiative en attente de modération',
      city: 'Bordeaux',
      latitude: 44.84,
      longitude: -0.57,
      departementCode: '33',
    });
    await t.contentSettled();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the sheet of an initiative: a PDF naming it, with its fields in French', async () => {
    const detail = await get(`/api/initiatives/${id.marche}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const url = detail.json<{ data: MapItemDetail }>().data.pdf_url;
    expect(url).toBe(`/api/initiatives/${id.marche}/pdf`);

    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'inline; filename="marche-des-producteurs-de-bordeaux.pdf"',
    );
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');

    const summary = inspectPdf(pdf);
    expect(summary.title).toBe('Marché des producteurs de Bordeaux');
    const text = textOf(pdf);
    for (const expected of [
      'Marché des producteurs de Bordeaux',
      'Initiative',
      'Thématique',
      'Économie',
      'Porteur de projet',
      'Association',
      'Localisation',
      'Bordeaux, Gironde (33)',
      "État d'avancement",
      'En cours',
      'Date de lancement',
      '3 mars 2025',
      'Date de fin',
      '31 décembre 2026',
      'Résumé',
      'marché',
      'fruits de saison',
      'Sous-thématiques',
      'Démarche alimentaire',
      'Projet alimentaire territorial du Périgord',
      'Territoire de réalisation',
      'Bordeaux centre',
      'Communes',
      'Bénéficiaires',
      'Grand public',
      'Partenaires techniques',
      'Chambre d’agriculture',
      'Partenaires financiers',
      'Région Nouvelle-Aquitaine — AAP alimentation',
      "Nombre de membres de l'équipe",
      'Coût du projet',
      '12 500 €',
      'Contexte',
      'Peu de vente directe en ville.',
      'Objectifs',
      'Mise en œuvre des actions',
      'Clés de réussite',
      'Freins potentiels',
      'Perspectives',
      'Originalité de la démarche',
      'Paiement en monnaie locale.',
      'Sites web',
      'https://marche.exemple.fr',
      'Contact',
      'Ferme des Coteaux',
      '12 chemin des Vignes',
      '05 56 11 22 33',
      'Documents',
      'Bilan 2025',
      'PDF – 120,6 Ko',
      // The footer: the site's name and the item's page.
      testConfig().APP_NAME,
      `${appUrl}/initiatives/initiative/${id.marche}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Never the contact's e-mail address.
    expect(text).not.toContain('secret-referent');
    expect(pdf.toString('latin1')).not.toContain('secret-referent');
    // The PNG logo only: the WebP and the damaged PNG are left out.
    expect(imageCount(pdf)).toBe(1);
  });

  it('answers the sheet of a food procedure, marked PAT, with its thematics', async () => {
    const response = await get(sheetUrl('demarche', 'pat'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'inline; filename="projet-alimentaire-territorial-du-perigord.pdf"',
    );
    const text = textOf(response.rawPayload);
    expect(inspectPdf(response.rawPayload).title).toBe(
      'Projet alimentaire territorial du Périgord',
    );
    expect(text).toContain('Démarche alimentaire');
    expect(text).toContain('PAT');
    expect(text).toContain('Thématiques');
    expect(text).toMatch(/Nutrition[^,]*, Économie/);
    expect(text).toContain(`${appUrl}/initiatives/demarche/${id.pat}`);
  });

  it('answers 404 for an unpublished or missing item and 422 for an id that is not an integer', async () => {
    for (const url of [
      sheetUrl('initiative', 'pending'),
      mapItemPdfPath('initiative', 987_654),
      mapItemPdfPath('demarche', 987_654),
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.notFound });
    }
    expect(await jobsFor('initiative', 'pending')).toEqual([]);

    for (const raw of ['abc', '1.5', '-3', '0', '99999999999']) {
      for (const base of ['/api/initiatives', '/api/food_procedures']) {
        const response = await get(`${base}/${raw}/pdf`);
        expect(response.statusCode, `${base}/${raw}`).toBe(422);
        expect(response.json()).toEqual({
          message: FIELD_INVALID_MESSAGE,
          errors: { id: [FIELD_INVALID_MESSAGE] },
        });
      }
    }
  });

  it('serves the stored file again without a new job, and 304 for a matching If-None-Match', async () => {
    const first = await get(sheetUrl('initiative', 'cantine'));
    expect(first.statusCode).toBe(200);
    expect(await jobsFor('initiative', 'cantine')).toHaveLength(1);

    const second = await get(sheetUrl('initiative', 'cantine'));
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(await jobsFor('initiative', 'cantine')).toHaveLength(1);

    const revalidated = await get(sheetUrl('initiative', 'cantine'), {
      'if-none-match': String(first.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(await storedPdfs('initiative', 'cantine')).toHaveLength(1);
  });

  it('makes one sheet for concurrent requests', async () => {
    const responses = await Promise.all([1, 2, 3].map(() => get(sheetUrl('initiative', 'jardin'))));
    for (const response of responses) expect(response.statusCode).toBe(200);
    expect(responses[1]!.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    expect(await jobsFor('initiative', 'jardin')).toHaveLength(1);
  });

  it('makes a new sheet when the item changes, and deletes the old one', async () => {
    const before = await get(sheetUrl('initiative', 'cantine'));
    expect(before.statusCode).toBe(200);
    const [oldFile] = await storedPdfs('initiative', 'cantine');

    await t.database.db
      .update(initiatives)
      .set({ title: 'Cantine 100 % bio', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(initiatives.id, id.cantine!));

    const after = await get(sheetUrl('initiative', 'cantine'));
    expect(after.statusCode, after.body).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.headers['content-disposition']).toBe('inline; filename="cantine-100-bio.pdf"');
    expect(inspectPdf(after.rawPayload).title).toBe('Cantine 100 % bio');
    expect(textOf(after.rawPayload)).toContain('Cantine 100 % bio');
    expect(await jobsFor('initiative', 'cantine')).toHaveLength(2);
    const stored = await storedPdfs('initiative', 'cantine');
    expect(stored).toHaveLength(1);
    expect(stored).not.toContain(oldFile);

    // The old validator no longer matches.
    const stale = await get(sheetUrl('initiative', 'cantine'), {
      'if-none-match': String(before.headers.etag),
    });
    expect(stale.statusCode).toBe(200);
  });

  it('deletes the sheets of unpublished items in the daily clean-up', async () => {
    expect(await storedPdfs('initiative', 'jardin')).toHaveLength(1);
    await t.database.db
      .update(initiatives)
      .set({ moderationStatus: 'pending' })
      .where(eq(initiatives.id, id.jardin!));
    expect((await get(sheetUrl('initiative', 'jardin'))).statusCode).toBe(404);

    const service = createItemSheetsService({
      db: t.database.db,
      config: testConfig({ DATA_DIR: t.dataDir }),
      jobs: t.jobs,
      logger: t.app.log,
      storage: t.app.fileStorage,
    });
    // A folder named past the ids' type is no item's.
    const stray = path.join(sheetsDir({ DATA_DIR: t.dataDir }), 'initiative', '4000000000');
    await mkdir(stray, { recursive: true });
    await writeFile(path.join(stray, 'ancienne.pdf'), '%PDF-1.4');
    expect(await service.deleteStale()).toBeGreaterThan(0);
    expect(await storedPdfs('initiative', 'jardin')).toEqual([]);
    expect(await readdir(stray).catch(() => [])).toEqual([]);
    // The published ones stay.
    expect(await storedPdfs('initiative', 'cantine')).toHaveLength(1);
  });

  it('answers 503 with Retry-After when the job does not finish in time', async () => {
    const sent: unknown[] = [];
    const idleQueue: JobQueue = {
      send: async (_name, data) => {
        sent.push(data);
        return 'job';
      },
      work: async () => {},
      schedule: async () => {},
      start: async () => {},
      stop: async () => {},
    };
    const app = Fastify();
    app.decorate('jobs', idleQueue);
    app.decorate('fileStorage', localDiskStorage(path.join(t.dataDir, 'elsewhere', 'uploads')));
    await app.register(itemSheetsRoutes, {
      config: testConfig({ DATA_DIR: path.join(t.dataDir, 'elsewhere') }),
      db: t.database.db,
      waitMs: 300,
    });
    try {
      const responses = await Promise.all(
        [1, 2].map(() => app.inject({ method: 'GET', url: sheetUrl('demarche', 'pat') })),
      );
      for (const response of responses) {
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.json()).toEqual({ message: SHEET_NOT_READY_MESSAGE });
      }
      // Two requests at once, one job.
      expect(sent).toEqual([{ type: 'demarche', id: id.pat }]);
    } finally {
      await app.close();
    }
  });
});
