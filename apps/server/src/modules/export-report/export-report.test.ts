import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_MESSAGES,
  EXPORT_REPORT_PATH,
  EXPORT_REPORT_SUCCESS_MESSAGE,
} from '@ad/contract/schemas';
import {
  exportRequests,
  foodProcedureBeneficiaries,
  foodProcedureSubthematics,
  foodProcedureThematics,
  foodProcedures,
  initiativeBeneficiaries,
  initiativeSubthematics,
  initiatives,
  revisions,
} from '../../db/schema/index.ts';
import { loadReferenceIds, seedReferenceData, seedScale } from '../../db/seed/index.ts';
import type { ReferenceIds } from '../../db/seed/index.ts';
import { solvedCaptcha } from '../../platform/captcha/testing.ts';
import { MESSAGES } from '../../platform/errors.ts';
import { jobsOf, waitUntil, type JobRow } from '../../platform/jobs/testing.ts';
import { MAIL_SEND_JOB } from '../../platform/mail/mailer.ts';
import { mailTo, readMails, waitForMail, type TestMail } from '../../platform/mail/testing.ts';
import { createTestApp, visit, type TestApp } from '../../platform/testing.ts';
import { inspectPdf } from './pdf-inspect.testing.ts';
import { loadItems } from './export-report.queries.ts';
import {
  createExportReportService,
  deleteOldReportFiles,
  REPORT_FILES_RETENTION_MS,
  reportsDir,
} from './export-report.service.ts';
import { loadConfig } from '../../env.ts';

const YEAR = Number(
  new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' }).slice(0, 4),
);

async function post(t: TestApp, payload: Record<string, unknown>, withCaptcha = true) {
  const { cookies, csrf } = await visit(t.app, '/inscription');
  const captcha = withCaptcha ? { recaptcha_response: await solvedCaptcha(t.app) } : {};
  return t.app.inject({
    method: 'POST',
    url: EXPORT_REPORT_PATH,
    cookies,
    headers: { 'x-csrf-token': csrf },
    payload: { ...payload, ...captcha },
  });
}

async function sheetRows(content: Buffer, name = 'Fiches') {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const isDone = (job: JobRow) => job.state === 'completed' || job.state === 'failed';

const attachment = (mail: TestMail, extension: string) => {
  const found = mail.attachments.find((a) => a.filename?.endsWith(extension));
  if (!found) throw new Error(`no ${extension} attachment`);
  return found;
};

/** Cell text (hyperlink cells are { text, hyperlink }). */
const cellText = (value: unknown) =>
  value && typeof value === 'object' && 'text' in value ? String(value.text) : String(value ?? '');

describe('POST /api/export-report', () => {
  let t: TestApp;
  let ref: ReferenceIds;
  const ids: Record<string, number> = {};
  let sub1: number, sub2: number, sub3: number, ben1: number, ben2: number;
  let holder1: number, holder2: number;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await seedReferenceData(db);
    ref = await loadReferenceIds(db);
    const id = (map: Map<string, number>, key: string) => {
      const value = map.get(key);
      if (value === undefined) throw new Error(`no reference ${key}`);
      return value;
    };
    sub1 = id(ref.subthematics, 'circuits-courts');
    sub2 = id(ref.subthematics, 'filieres-locales');
    sub3 = id(ref.subthematics, 'transformation');
    ben1 = id(ref.beneficiaries, 'grand-public');
    ben2 = id(ref.beneficiaries, 'scolaires');
    holder1 = id(ref.projectHolderTypes, 'association');
    holder2 = id(ref.projectHolderTypes, 'entreprise');
    const economie = id(ref.thematics as Map<string, number>, 'economie');
    const nutrition = id(ref.thematics as Map<string, number>, 'nutrition');
    const enCours = id(ref.progressStatuses, 'en-cours');
    const published = {
      moderationStatus: 'published' as const,
      publishedAt: new Date(`${YEAR - 1}-06-01T10:00:00Z`),
    };

    const procedure = async (
      key: string,
      values: Partial<typeof foodProcedures.$inferInsert>,
      relations: { subs: number[]; bens: number[]; themes: number[] },
    ) => {
      const [row] = await db
        .insert(foodProcedures)
        .values({
          title: key,
          slug: key.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          departementCode: '33',
          city: 'Bordeaux',
          projectHolderTypeId: holder1,
          progressStatusId: enCours,
          releasedAt: `${YEAR - 3}-01-15`,
          ...values,
        })
        .returning({ id: foodProcedures.id });
      const pid = row!.id;
      ids[key] = pid;
      if (relations.subs.length)
        await db
          .insert(foodProcedureSubthematics)
          .values(relations.subs.map((subthematicId) => ({ foodProcedureId: pid, subthematicId })));
      if (relations.bens.length)
        await db
          .insert(foodProcedureBeneficiaries)
          .values(relations.bens.map((beneficiaryId) => ({ foodProcedureId: pid, beneficiaryId })));
      await db.insert(foodProcedureThematics).values(
        relations.themes.map((thematicId, position) => ({
          foodProcedureId: pid,
          thematicId,
          position,
        })),
      );
    };
    const initiative = async (
      key: string,
      values: Partial<typeof initiatives.$inferInsert>,
      relations: { subs: number[]; bens: number[] } = { subs: [sub1], bens: [ben1] },
    ) => {
      const [row] = await db
        .insert(initiatives)
        .values({
          title: key,
          slug: key.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          summary: `<p>Résumé de <strong>${key}</strong>.</p>`,
          departementCode: '33',
          city: 'Bordeaux',
          projectHolderTypeId: holder1,
          progressStatusId: enCours,
          thematicId: economie,
          releasedAt: `${YEAR - 2}-03-05`,
          ...published,
          ...values,
        })
        .returning({ id: initiatives.id });
      const iid = row!.id;
      ids[key] = iid;
      if (relations.subs.length)
        await db
          .insert(initiativeSubthematics)
          .values(relations.subs.map((subthematicId) => ({ initiativeId: iid, subthematicId })));
      if (relations.bens.length)
        await db
          .insert(initiativeBeneficiaries)
          .values(relations.bens.map((beneficiaryId) => ({ initiativeId: iid, beneficiaryId })));
    };

    await procedure(
      'PAT du Bordelais',
      { ...published, isPat: true },
      {
        subs: [sub1],
        bens: [ben1],
        themes: [nutrition, economie],
      },
    );
    await procedure(
      'Démarche en attente',
      { moderationStatus: 'pending' },
      {
        subs: [sub1],
        bens: [ben1],
        themes: [economie],
      },
    );
    await initiative(
      'Légumerie solidaire de Bordeaux',
      { secondaryThematicId: nutrition, foodProcedureId: ids['PAT du Bordelais'] },
      { subs: [sub1, sub2], bens: [ben1, ben2] },
    );
    await initiative('Épicerie « Au bon panier »', { city: 'Mérignac' });
    await initiative('Initiative en attente', { moderationStatus: 'pending', publishedAt: null });
    await initiative('Initiative refusée', { moderationStatus: 'rejected', publishedAt: null });
    await initiative('Cantine de Périgueux', { departementCode: '24', city: 'Périgueux' });
    await initiative('Marché hors sous-thématique', {}, { subs: [sub3], bens: [ben1] });
    await initiative('Ateliers pour les écoles', {}, { subs: [sub1], bens: [ben2] });
    await initiative('Entreprise de paniers', { projectHolderTypeId: holder2 });
    await initiative('Ancienne initiative', {
      releasedAt: `${YEAR - 4}-02-01`,
      endedAt: `${YEAR - 2}-12-31`,
    });
    await initiative("Jardin de l'an dernier", {
      releasedAt: `${YEAR - 2}-09-01`,
      endedAt: `${YEAR - 1}-06-30`,
    });
    // A published item with a pending edit: the report shows the live version.
    await db.insert(revisions).values({
      subjectType: 'initiative',
      subjectId: ids['Épicerie « Au bon panier »']!,
      payload: { title: 'Titre modifié en attente de modération' },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const criteria = () => ({
    subthematics: [sub1],
    projectHolders: [String(holder1)],
    beneficiaries: [ben1],
    locations: ['33'],
  });

  it('stores the request, answers at once and e-mails the XLSX and PDF of the matching published items', async () => {
    const email = 'chargee.mission@exemple.fr';
    const response = await post(t, { email, ...criteria() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: EXPORT_REPORT_SUCCESS_MESSAGE });
    expect(response.headers['cache-control']).toBe('no-store');

    const [stored] = await t.database.db
      .select()
      .from(exportRequests)
      .where(eq(exportRequests.email, email));
    expect(stored?.filters).toEqual({
      subthematics: [sub1],
      projectHolders: [holder1],
      beneficiaries: [ben1],
      locations: ['33'],
      type: 'all',
      period: 'current-year',
    });

    const mail = await waitForMail(t.mailDir, mailTo(email), 60_000);
    expect(mail.subject).toMatch(/^Votre rapport des initiatives et démarches – /);
    expect(mail.text).toContain('Le rapport compte 3 fiches : 2 initiatives et 1 démarche');
    expect(mail.text).toContain('Départements : Gironde (33)');
    expect(mail.text).toContain('Sous-thématiques : Circuits courts et vente directe');
    expect(mail.text).toContain('Porteurs de projet : Association');
    expect(mail.text).toContain('Bénéficiaires : Grand public');
    expect(mail.text).toContain(`Période : Année en cours (${YEAR})`);
    const day = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
    expect(mail.attachments.map((a) => a.filename).sort()).toEqual([
      `rapport-initiatives-${day}.pdf`,
      `rapport-initiatives-${day}.xlsx`,
    ]);
    expect(mail.text).toContain(`rapport-initiatives-${day}.xlsx`);

    // The spreadsheet: a header, then one row per matching published item.
    const rows = await sheetRows(attachment(mail, '.xlsx').content);
    expect(rows[0]).toEqual([
      'Type',
      'Titre',
      'Département',
      'Commune',
      'Porteur de projet',
      'Thématique',
      'Autres thématiques',
      'Sous-thématiques',
      'Bénéficiaires',
      "État d'avancement",
      'Date de lancement',
      'Date de fin',
      'Démarche de rattachement',
      'PAT',
      'Publiée le',
      'Résumé',
      'Lien',
    ]);
    const body = rows.slice(1);
    expect(body.map((r) => r[1])).toEqual([
      'Épicerie « Au bon panier »',
      'Légumerie solidaire de Bordeaux',
      'PAT du Bordelais',
    ]);
    const legumerie = body[1]!;
    expect(legumerie.slice(0, 10)).toEqual([
      'Initiative',
      'Légumerie solidaire de Bordeaux',
      'Gironde (33)',
      'Bordeaux',
      'Association',
      'Économie alimentaire',
      'Nutrition et santé',
      'Circuits courts et vente directe ; Structuration de filières locales',
      'Grand public ; Scolaires',
      'En cours',
    ]);
    expect(legumerie[10]).toEqual(new Date(Date.UTC(YEAR - 2, 2, 5)));
    expect(legumerie[12]).toBe('PAT du Bordelais');
    expect(legumerie[15]).toBe('Résumé de Légumerie solidaire de Bordeaux.');
    expect(cellText(legumerie[16])).toMatch(
      new RegExp(`/initiatives/initiative/${ids['Légumerie solidaire de Bordeaux']}$`),
    );
    const pat = body[2]!;
    expect(pat[0]).toBe('Démarche');
    expect(pat[5]).toBe('Nutrition et santé');
    expect(pat[6]).toBe('Économie alimentaire');
    expect(pat[13]).toBe('Oui');
    expect(cellText(pat[16])).toMatch(
      new RegExp(`/initiatives/demarche/${ids['PAT du Bordelais']}$`),
    );
    const criteriaSheet = await sheetRows(attachment(mail, '.xlsx').content, 'Critères');
    expect(criteriaSheet).toContainEqual(['Départements', 'Gironde (33)']);

    // The PDF: criteria, counts and one block per item; never the unpublished ones.
    const pdf = attachment(mail, '.pdf').content;
    // To look at it: EXPORT_REPORT_PDF_OUT=/tmp/report.pdf npx vitest run <this file>
    if (process.env.EXPORT_REPORT_PDF_OUT) await writeFile(process.env.EXPORT_REPORT_PDF_OUT, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const summary = inspectPdf(pdf);
    expect(summary.pages).toBe(2);
    expect(summary.title).toMatch(/^Rapport des initiatives et démarches – /);
    expect(summary.pageTexts[0]).toContain('Alimentation durable Nouvelle-Aquitaine');
    expect(summary.pageTexts[0]).toContain('Critères de la demande');
    expect(summary.pageTexts[0]).toContain('Gironde (33)');
    expect(summary.pageTexts[0]).toMatch(/3 fiches au total 2 initiatives 1 démarche/);
    expect(summary.pageTexts[0]).toContain('Page 1 sur 2');
    for (const title of ['Légumerie solidaire de Bordeaux', 'PAT du Bordelais']) {
      expect(summary.pageTexts[1]).toContain(title);
    }
    expect(summary.pageTexts[1]).toContain('Épicerie « Au bon panier »');
    for (const hidden of [
      'Initiative en attente',
      'Initiative refusée',
      'Démarche en attente',
      'Titre modifié',
      'Périgueux',
    ]) {
      expect(summary.text).not.toContain(hidden);
      expect(body.map((r) => r[1])).not.toContain(hidden);
    }

    const [done] = await t.database.db
      .select()
      .from(exportRequests)
      .where(eq(exportRequests.id, stored!.id));
    expect(done).toMatchObject({ status: 'sent', error: null });
    expect(done?.processedAt).toBeInstanceOf(Date);
    const kept = mail.attachments.map((a) =>
      path.join(
        reportsDir({ DATA_DIR: t.dataDir }),
        `rapport-${day}-${stored!.id}${path.extname(a.filename!)}`,
      ),
    );
    for (const file of kept) expect(existsSync(file)).toBe(true);
  });

  it.each([
    [
      'initiatives',
      'all',
      [
        'Ancienne initiative',
        'Épicerie « Au bon panier »',
        "Jardin de l'an dernier",
        'Légumerie solidaire de Bordeaux',
      ],
    ],
    [
      'initiatives',
      'last-year',
      ['Épicerie « Au bon panier »', "Jardin de l'an dernier", 'Légumerie solidaire de Bordeaux'],
    ],
    ['foodProcedures', 'current-year', ['PAT du Bordelais']],
  ])('filters by type %s and period %s', async (type, period, titles) => {
    const email = `${type}.${period}@exemple.fr`;
    expect((await post(t, { email, ...criteria(), type, period })).statusCode).toBe(200);
    const mail = await waitForMail(t.mailDir, mailTo(email), 60_000);
    const rows = await sheetRows(attachment(mail, '.xlsx').content);
    expect(rows.slice(1).map((r) => r[1])).toEqual(titles);
  });

  it('loads published items only, should one be unpublished after its id was read', async () => {
    const db = t.database.db;
    const initiativesRead = await loadItems(db, 'initiative', [
      ids['Cantine de Périgueux']!,
      ids['Initiative en attente']!,
    ]);
    expect(initiativesRead.map((item) => item.title)).toEqual(['Cantine de Périgueux']);
    const proceduresRead = await loadItems(db, 'foodProcedure', [
      ids['Démarche en attente']!,
      ids['PAT du Bordelais']!,
    ]);
    expect(proceduresRead.map((item) => item.title)).toEqual(['PAT du Bordelais']);
  });

  it('says so when nothing matches, without attachments', async () => {
    const email = 'rien@exemple.fr';
    const response = await post(t, { email, locations: ['64'], subthematics: [sub3] });
    expect(response.statusCode).toBe(200);
    const mail = await waitForMail(t.mailDir, mailTo(email), 60_000);
    expect(mail.subject).toMatch(/^Votre rapport : aucune fiche ne correspond/);
    expect(mail.text).toContain(
      'Aucune initiative ni démarche publiée ne correspond à ces critères',
    );
    expect(mail.text).toContain('Départements : Pyrénées-Atlantiques (64)');
    expect(mail.attachments).toHaveLength(0);
    const [row] = await t.database.db
      .select()
      .from(exportRequests)
      .where(eq(exportRequests.email, email));
    expect(row?.status).toBe('sent');
  });

  it('mails a report once when two runs of its job overlap', async () => {
    const email = 'deux.fois@exemple.fr';
    expect((await post(t, { email, ...criteria() })).statusCode).toBe(200);
    await waitForMail(t.mailDir, mailTo(email), 60_000);
    const [row] = await t.database.db
      .select()
      .from(exportRequests)
      .where(eq(exportRequests.email, email));
    // As if the job had been taken again while it still ran: both runs build, one mails.
    await t.database.db
      .update(exportRequests)
      .set({ status: 'processing' })
      .where(eq(exportRequests.id, row!.id));
    const service = createExportReportService({
      db: t.database.db,
      config: loadConfig({ ...process.env, DATA_DIR: t.dataDir }),
      clock: () => new Date(),
      jobs: t.jobs,
      mailer: t.app.mailer,
      logger: t.app.log,
    });
    await Promise.all([service.generate(row!.id), service.generate(row!.id)]);
    await waitUntil(async () => (await jobsOf(t.database.db, MAIL_SEND_JOB)).every(isDone));
    const mails = (await readMails(t.mailDir)).filter(mailTo(email));
    expect(mails).toHaveLength(2);
    const [done] = await t.database.db
      .select()
      .from(exportRequests)
      .where(eq(exportRequests.id, row!.id));
    expect(done?.status).toBe('sent');
  });

  it('applies the defaults and accepts single values for the lists', async () => {
    const email = 'defauts@exemple.fr';
    const response = await post(t, { email, locations: '33', subthematics: String(sub1) });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(exportRequests)
      .where(eq(exportRequests.email, email));
    expect(row?.filters).toEqual({
      subthematics: [sub1],
      projectHolders: [],
      beneficiaries: [],
      locations: ['33'],
      type: 'all',
      period: 'current-year',
    });
  });

  it.each([
    ['email', { email: undefined }, 'Le champ adresse e-mail est obligatoire.'],
    [
      'email',
      { email: 'pas-une-adresse' },
      'Le champ adresse e-mail doit être une adresse e-mail valide.',
    ],
    ['subthematics', { subthematics: ['abc'] }, EXPORT_MESSAGES.subthematics],
    ['subthematics', { subthematics: [999_999] }, EXPORT_MESSAGES.subthematics],
    ['projectHolders', { projectHolders: [1.5] }, EXPORT_MESSAGES.projectHolders],
    ['beneficiaries', { beneficiaries: [-1] }, EXPORT_MESSAGES.beneficiaries],
    ['beneficiaries', { beneficiaries: [{ id: 1 }] }, EXPORT_MESSAGES.beneficiaries],
    ['locations', { locations: ['Gironde'] }, EXPORT_MESSAGES.locations],
    ['locations', { locations: ['75'] }, EXPORT_MESSAGES.locations],
    ['type', { type: 'demarches' }, EXPORT_MESSAGES.type],
    ['period', { period: 'next-year' }, EXPORT_MESSAGES.period],
    [
      'subthematics',
      { subthematics: Array.from({ length: 101 }, (_, i) => i + 1) },
      EXPORT_MESSAGES.tooMany,
    ],
  ])('answers 422 naming %s (%j)', async (field, overrides, message) => {
    const email = 'email' in overrides ? overrides.email : 'invalide@exemple.fr';
    const payload: Record<string, unknown> = { ...overrides };
    if (email !== undefined) payload.email = email;
    const before = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(exportRequests);
    const response = await post(t, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([message]);
    const after = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(exportRequests);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('needs a solved captcha, and pretends to succeed when the honeypot is filled', async () => {
    const missing = await post(t, { email: 'robot@exemple.fr' }, false);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.recaptcha_response).toEqual([MESSAGES.captchaRequired]);

    const trapped = await post(t, { email: 'robot@exemple.fr', email_address_check: 'spam' });
    expect(trapped.statusCode).toBe(200);
    expect(trapped.json()).toEqual({ message: EXPORT_REPORT_SUCCESS_MESSAGE });
    const rows = await t.database.db
      .select()
      .from(exportRequests)
      .where(eq(exportRequests.email, 'robot@exemple.fr'));
    expect(rows).toHaveLength(0);
  });

  it('refuses a request without the CSRF token (419)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: EXPORT_REPORT_PATH,
      payload: { email: 'x@exemple.fr', recaptcha_response: await solvedCaptcha(t.app) },
    });
    expect(response.statusCode).toBe(419);
  });
});

describe('POST /api/export-report rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_AUTH_MAX: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is in the forms tier (429 past RATE_LIMIT_AUTH_MAX)', async () => {
    const { cookies, csrf } = await visit(t.app, '/inscription');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: EXPORT_REPORT_PATH,
        cookies,
        headers: { 'x-csrf-token': csrf },
        payload: { email: 'presse@exemple.fr' },
      });
    expect((await send()).statusCode).toBe(422);
    expect((await send()).statusCode).toBe(422);
    const blocked = await send();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Trop de requêtes/);
  });
});

describe('a report of a few thousand items', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedReferenceData(t.database.db);
    await seedScale(t.database.db, { initiatives: 2000, seed: 11 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is built by the job while the server keeps answering', { timeout: 240_000 }, async () => {
    const email = 'grand.rapport@exemple.fr';
    const delay = monitorEventLoopDelay({ resolution: 20 });
    const { cookies, csrf } = await visit(t.app, '/inscription');
    const recaptcha_response = await solvedCaptcha(t.app);
    const started = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: EXPORT_REPORT_PATH,
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: { email, period: 'all', recaptcha_response },
    });
    const answeredMs = Date.now() - started;
    expect(response.statusCode).toBe(200);
    // The answer came before the work: the request is not processed yet.
    const [request] = await t.database.db
      .select()
      .from(exportRequests)
      .orderBy(desc(exportRequests.id))
      .limit(1);
    expect(['pending', 'processing']).toContain(request?.status);

    delay.enable();
    const probes: number[] = [];
    await waitUntil(
      async () => {
        const probe = Date.now();
        const health = await t.app.inject({ method: 'GET', url: '/healthz' });
        probes.push(Date.now() - probe);
        expect(health.statusCode).toBe(200);
        const [row] = await t.database.db
          .select({ status: exportRequests.status })
          .from(exportRequests)
          .where(eq(exportRequests.id, request!.id));
        return row?.status === 'sent' || row?.status === 'failed';
      },
      180_000,
      'report not finished',
    );
    delay.disable();
    const reportMs = Date.now() - started;

    const mail = await waitForMail(t.mailDir, mailTo(email), 60_000);
    const rows = await sheetRows(attachment(mail, '.xlsx').content);
    expect(rows.length - 1).toBe(2000 + 100);
    expect(new Set(rows.slice(1).map((r) => cellText(r[16]))).size).toBe(2100);
    const summary = inspectPdf(attachment(mail, '.pdf').content);
    expect(summary.pages).toBeGreaterThan(100);
    expect(summary.pageTexts[0]).toMatch(/2 100 fiches au total 2 000 initiatives 100 démarches/);
    console.info(
      `export report of 2,100 items: answered in ${answeredMs} ms, built in ${reportMs} ms, ` +
        `${summary.pages} PDF pages, longest event-loop stall ${Math.round(delay.max / 1e6)} ms, ` +
        `slowest /healthz ${Math.max(...probes)} ms`,
    );
  });
});

describe('the retention of report files', () => {
  it('deletes the files older than the retention and keeps the others', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'reports-'));
    try {
      const dir = reportsDir({ DATA_DIR: dataDir });
      await mkdir(dir, { recursive: true });
      const now = new Date();
      const old = new Date(now.getTime() - REPORT_FILES_RETENTION_MS - 60_000);
      for (const name of ['rapport-ancien.xlsx', 'rapport-ancien.pdf', 'x.1a2b.partial']) {
        await writeFile(path.join(dir, name), 'x');
        await utimes(path.join(dir, name), old, old);
      }
      await writeFile(path.join(dir, 'rapport-recent.pdf'), 'x');
      expect(await deleteOldReportFiles({ DATA_DIR: dataDir }, now)).toBe(3);
      expect(await readdir(dir)).toEqual(['rapport-recent.pdf']);
      // No directory yet: nothing to do.
      expect(await deleteOldReportFiles({ DATA_DIR: path.join(dataDir, 'none') }, now)).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
