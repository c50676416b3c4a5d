import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberList } from '@ad/contract/account/member-content';
import type {
  FoodProcedurePreview,
  InitiativeOptions,
  InitiativePreview,
} from '@ad/contract/account/projects';
import { auditEvents, revisions } from '../../db/schema/moderation.ts';
import { contacts } from '../../db/schema/contacts.ts';
import { files } from '../../db/schema/files.ts';
import { foodProcedures } from '../../db/schema/food-procedures.ts';
import { communes } from '../../db/schema/geo.ts';
import { initiativeFiles, initiatives } from '../../db/schema/initiatives.ts';

import { loadReferenceIds, seedReferenceData, type ReferenceIds } from '../../db/seed/index.ts';
import { placeholderPdf } from '../../db/seed/placeholders.ts';
import {
  createTestApp,
  createUser,
  multipartBody,
  signIn,
  visit,
  type TestApp,
  type TestFile,
} from '../../platform/testing.ts';
import { MAX_FIELD_BYTES, MAX_FORM_TEXT_BYTES } from '../../platform/uploads/multipart-form.ts';
import { applyInitiativeRevision, initiativeKind, type InitiativeState } from './initiatives.ts';

interface Session {
  cookies: Record<string, string>;
  csrf: string;
}

describe('the member initiatives and food procedures API', () => {
  let t: TestApp;
  let ref: ReferenceIds;
  let member: Session;
  let other: Session;
  let noInstitution: Session;
  let commune: { code: string; epci: string };
  let png: Buffer;
  const pdf = placeholderPdf('Bilan', 'Bilan de la saison');

  const sessionOf = async (user: { email: string; password: string }): Promise<Session> => {
    const cookies = await signIn(t.app, user);
    const { csrf, cookies: withCsrf } = await visit(t.app, '/', cookies);
    return { cookies: withCsrf, csrf };
  };

  const id = (map: Map<string, number>, key: string) => {
    const value = map.get(key);
    if (value === undefined) throw new Error(`no ${key}`);
    return value;
  };

  /** A complete initiative form, with a logo and a document. */
  const initiativeFields = (): Record<string, string | TestFile> => ({
    title: 'Marché de producteurs',
    summary: '<p>Un <strong>marché</strong> hebdomadaire.</p><script>alert(1)</script>',
    project_holder_id: String(id(ref.projectHolderTypes, 'association')),
    thematic_id: 'economie-alimentaire',
    secondary_thematic_id: '',
    area_of_influence_id: String([...ref.areasOfInfluence.values()][0]),
    territory_of_realization: 'Bordeaux Métropole',
    'technical_partners[0][partner]': 'Chambre d’agriculture',
    'financial_partners[0][partner]': 'Région',
    'financial_partners[0][device]': 'Appel à projets',
    'website_urls[0][website_url]': 'https://marche.exemple.fr',
    nb_team_members: '4',
    project_cost: '12000',
    released_at: '2027-03-03',
    ended_at: '',
    status: String([...ref.progressStatuses.values()][0]),
    context: 'Contexte',
    objectives: 'Objectifs',
    implementation_of_actions: 'Mise en œuvre',
    keys_to_success: 'Clés',
    'issues[types][0]': String([...ref.issueTypes.values()][0]),
    'issues[description]': 'Deux enjeux',
    'beneficiaries[0]': String(id(ref.beneficiaries, 'grand-public')),
    address_line_1: '1 place Pey-Berland',
    address_line_2: '',
    postcode: '33000',
    city: 'Bordeaux',
    latitude: '44.8378',
    longitude: '-0.5792',
    'communes[0]': commune.code,
    display_documents: '1',
    'logo_files[0][file]': { filename: 'logo.png', bytes: png, type: 'image/png' },
    'logo_files[0][displayedName]': 'Notre logo',
    'document_files[0][file]': { filename: 'bilan.pdf', bytes: pdf, type: 'application/pdf' },
    'document_files[0][displayedName]': 'Bilan 2026',
    _method: 'post',
  });

  const procedureFields = (): Record<string, string | TestFile> => {
    const {
      thematic_id: _t,
      secondary_thematic_id: _s,
      'issues[types][0]': _i,
      'issues[description]': _d,
      'beneficiaries[0]': _b,
      ...rest
    } = initiativeFields();
    return { ...rest, title: 'PAT de Bordeaux', is_pat: '1', 'thematics[0]': 'nutrition-sante' };
  };

  const send = async (
    session: Session | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    fields?: Record<string, string | TestFile>,
    { csrf = true } = {},
  ) => {
    const body = fields ? await multipartBody(fields) : null;
    return t.app.inject({
      method,
      url,
      cookies: session?.cookies ?? {},
      headers: {
        ...(body?.headers ?? {}),
        ...(session && csrf && method !== 'GET' ? { 'x-csrf-token': session.csrf } : {}),
      },
      ...(body ? { payload: body.payload } : {}),
    });
  };

  const create = async (fields = initiativeFields(), session = member) => {
    const response = await send(session, 'POST', '/api/user/initiatives', fields);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ message: string; data: { id: number } }>().data.id;
  };

  const fileCount = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await seedReferenceData(db);
    ref = await loadReferenceIds(db);
    const [row] = await db
      .select({ code: communes.inseeCode, epci: communes.epciCode })
      .from(communes)
      .where(eq(communes.inseeCode, '33063'));
    commune = { code: row!.code, epci: row!.epci! };
    png = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#0a0' },
    })
      .png()
      .toBuffer();
    const [contact, otherContact] = await db
      .insert(contacts)
      .values([{ societyName: 'Association A' }, { societyName: 'Association B' }])
      .returning({ id: contacts.id });
    member = await sessionOf(await createUser(t.database, { contactId: contact!.id }));
    other = await sessionOf(await createUser(t.database, { contactId: otherContact!.id }));
    noInstitution = await sessionOf(await createUser(t.database));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('gives the initiative options', async () => {
    const response = await send(member, 'GET', '/api/user/initiatives/options');
    expect(response.statusCode).toBe(200);
    const options = response.json<InitiativeOptions>();
    expect(options.thematics.map((th) => th.slug)).toContain('nutrition-sante');
    expect(options.subthematics['nutrition-sante']!.length).toBeGreaterThan(0);
    expect(options.allowedImageMimes).toContain('image/png');
    expect(options.types.length).toBeGreaterThan(0);
    expect(options.resource).toBeUndefined();
  });

  it('creates an initiative with a logo and a document, pending, then previews and lists it', async () => {
    const before = await fileCount();
    const response = await send(member, 'POST', '/api/user/initiatives', initiativeFields());
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ message: string; data: { id: number } }>();
    expect(saved.message).toBe(
      'Votre initiative a bien été ajoutée, elle est maintenant en cours de modération par notre équipe.',
    );
    expect(await fileCount()).toBe(before + 2);
    const [row] = await t.database.db
      .select()
      .from(initiatives)
      .where(eq(initiatives.id, saved.data.id));
    expect(row!.moderationStatus).toBe('pending');
    expect(row!.departementCode).toBe('33');
    expect(row!.summary).toBe('<p>Un <strong>marché</strong> hebdomadaire.</p>');

    const preview = await send(member, 'GET', `/api/user/initiatives/${saved.data.id}`);
    expect(preview.statusCode).toBe(200);
    const data = preview.json<{ data: InitiativePreview }>().data;
    expect(data.thematic?.name).toBeTruthy();
    expect(data.communes[0]!.name_formatted).toContain('Bordeaux');
    expect(data.logos[0]!.displayedName).toBe('Notre logo');
    // Spec §3 'File entry': file and url, and an image's name and type.
    expect(data.logos[0]).toMatchObject({ file: data.logos[0]!.url, type: 'image/png' });
    expect(data.logos[0]!.thumb_url).toBeTruthy();
    expect(data.documents[0]).toMatchObject({ filename: 'bilan.pdf', displayedName: 'Bilan 2026' });
    expect(data.status_for_humans).toBeTruthy();
    expect(data.issues.types).toHaveLength(1);
    expect(data.moderation_status_label).toBe('En cours de modération');

    const list = (await send(member, 'GET', '/api/user/initiatives')).json<MemberList>();
    const item = list.data.find((i) => i.id === saved.data.id)!;
    expect(item.city).toBe('Bordeaux');
    expect(item.deletable.url).toBe(`/api/user/initiatives/${saved.data.id}`);

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'initiative.create')));
    expect(audit.length).toBeGreaterThan(0);
  });

  it.each([
    ['title', 'title'],
    ['summary', 'summary'],
    ['address_line_1', 'address_line_1'],
    ['thematic_id', 'thematic_id'],
    ['area_of_influence_id', 'area_of_influence_id'],
    ['territory_of_realization', 'territory_of_realization'],
    ['communes[0]', 'communes'],
    ['released_at', 'released_at'],
    ['status', 'status'],
    ['context', 'context'],
    ['objectives', 'objectives'],
    ['implementation_of_actions', 'implementation_of_actions'],
    ['keys_to_success', 'keys_to_success'],
    ['latitude', 'address_line_1'],
  ])('refuses an initiative without %s', async (field, key) => {
    const fields = initiativeFields();
    delete fields[field];
    if (field === 'summary') fields.summary = '<p></p>';
    const before = await fileCount();
    const response = await send(member, 'POST', '/api/user/initiatives', fields);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(key);
    expect(await fileCount()).toBe(before);
  });

  it('refuses the same primary and secondary thematic, and foreign subthematics', async () => {
    const same = await send(member, 'POST', '/api/user/initiatives', {
      ...initiativeFields(),
      secondary_thematic_id: 'economie-alimentaire',
    });
    expect(same.statusCode).toBe(422);
    expect(same.json<{ errors: object }>().errors).toHaveProperty('secondary_thematic_id');

    const nutritionSub = ref.subthematicsByThematic.get('nutrition')![0]!;
    const foreign = await send(member, 'POST', '/api/user/initiatives', {
      ...initiativeFields(),
      'subthematics[0]': String(nutritionSub),
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<{ errors: object }>().errors).toHaveProperty('subthematics');

    const allowed = await send(member, 'POST', '/api/user/initiatives', {
      ...initiativeFields(),
      secondary_thematic_id: 'nutrition-sante',
      'subthematics[0]': String(nutritionSub),
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('refuses more than 4 logos and a text file named .pdf, storing nothing', async () => {
    const before = await fileCount();
    const fields = initiativeFields();
    for (let i = 1; i < 5; i += 1) {
      fields[`logo_files[${i}][file]`] = { filename: `l${i}.png`, bytes: png };
    }
    const tooMany = await send(member, 'POST', '/api/user/initiatives', fields);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<{ errors: object }>().errors).toHaveProperty('logo_files');

    const fake = await send(member, 'POST', '/api/user/initiatives', {
      ...initiativeFields(),
      'document_files[0][file]': {
        filename: 'faux.pdf',
        bytes: Buffer.from('pas un pdf'),
        type: 'application/pdf',
      },
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json<{ errors: object }>().errors).toHaveProperty(['document_files.0.file']);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a form whose text is too large before keeping it all in memory (413)', async () => {
    // One field past its limit would be saved cut: refused.
    const long = await send(member, 'POST', '/api/user/initiatives', {
      ...initiativeFields(),
      summary: 'a'.repeat(MAX_FIELD_BYTES + 1),
    });
    expect(long.statusCode).toBe(413);
    expect(long.json()).toEqual({ message: 'Le contenu envoyé est trop volumineux.' });
    // Many fields, each within its limit, past the form's total.
    const many: Record<string, string | TestFile> = { ...initiativeFields() };
    const chunk = 'b'.repeat(MAX_FIELD_BYTES - 1024);
    for (let i = 0; i * chunk.length <= MAX_FORM_TEXT_BYTES; i += 1) many[`extra${i}`] = chunk;
    const large = await send(member, 'POST', '/api/user/initiatives', many);
    expect(large.statusCode).toBe(413);
  });

  it.each([
    [
      'a NUL character',
      { title: 'Marché\u0000' },
      'title',
      'Ce champ contient un caractère non autorisé.',
    ],
    [
      'a cost past numeric(14, 2)',
      { project_cost: '1000000000000' },
      'project_cost',
      'Le champ coût est trop grand.',
    ],
    [
      'a cost rounded past it',
      { project_cost: '999999999999.999' },
      'project_cost',
      'Le champ coût est trop grand.',
    ],
    ['the year 0', { released_at: '0000-01-01' }, 'released_at', null],
  ])('refuses %s with a 422 on its field', async (_case, change, field, message) => {
    const response = await send(member, 'POST', '/api/user/initiatives', {
      ...initiativeFields(),
      ...change,
    });
    expect(response.statusCode, response.body).toBe(422);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors).toHaveProperty(field);
    if (message) expect(errors[field]).toEqual([message]);
  });

  it('refuses a file name holding a NUL character with a 422 on its field', async () => {
    const { payload, headers } = await multipartBody({
      ...initiativeFields(),
      'logo_files[0][file]': { filename: 'logoXNUL.png', bytes: png },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/initiatives',
      cookies: member.cookies,
      headers: { ...headers, 'x-csrf-token': member.csrf },
      // The name as busboy decodes it from RFC 5987's filename*.
      payload: Buffer.from(
        payload
          .toString('latin1')
          .replace('filename="logoXNUL.png"', "filename*=UTF-8''logo%00.png"),
        'latin1',
      ),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ errors: object }>().errors).toHaveProperty('logo_files.0.file');
  });

  it('answers a malformed multipart body with a 400, not a 500', async () => {
    const cut = await multipartBody(initiativeFields());
    const payload = Buffer.from(cut.payload).subarray(0, 200);
    for (const [headers, body] of [
      [cut.headers, payload],
      [{ 'content-type': 'multipart/form-data' }, Buffer.from('title=x')],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/initiatives',
        cookies: member.cookies,
        headers: { ...headers, 'x-csrf-token': member.csrf },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: 'La requête est invalide.' });
    }
  });

  it('needs an institution to create', async () => {
    const response = await send(noInstitution, 'POST', '/api/user/initiatives', initiativeFields());
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe(
      "Merci de d'abord renseigner votre structure pour pouvoir proposer une initiative.",
    );
  });

  it.each([
    ['initiatives', () => initiativeFields()],
    ['food_procedures', () => procedureFields()],
  ] as const)(
    "hides another member's item among %s, and refuses anonymous or CSRF-less calls",
    async (kind, fields) => {
      const base = `/api/user/${kind}`;
      const created = await send(member, 'POST', base, fields());
      expect(created.statusCode, created.body).toBe(200);
      const itemId = created.json<{ data: { id: number } }>().data.id;
      for (const [method, url] of [
        ['GET', `${base}/${itemId}`],
        ['GET', `${base}/options/${itemId}`],
        ['DELETE', `${base}/${itemId}`],
      ] as const) {
        expect((await send(other, method, url)).statusCode, `${method} ${url}`).toBe(404);
      }
      const update = await send(other, 'POST', `${base}/${itemId}`, {
        ...fields(),
        _method: 'put',
      });
      expect(update.statusCode).toBe(404);
      expect((await send(other, 'PUT', `${base}/${itemId}`, fields())).statusCode).toBe(404);
      // Untouched: its owner still reads it as it was.
      const own = await send(member, 'GET', `${base}/${itemId}`);
      expect(own.statusCode).toBe(200);
      expect(own.json<{ data: { title: string } }>().data.title).toBe(fields().title);
      expect((await send(null, 'GET', base)).statusCode).toBe(401);
      const noCsrf = await send(member, 'POST', base, fields(), { csrf: false });
      expect(noCsrf.statusCode).toBe(419);
    },
  );

  it('edits an unpublished item directly, keeping and renaming its files', async () => {
    const itemId = await create();
    const options = (
      await send(member, 'GET', `/api/user/initiatives/options/${itemId}`)
    ).json<InitiativeOptions>();
    const logo = options.resource!.logos[0]!;
    const document = options.resource!.documents[0]!;
    expect(options.resource!.communes).toEqual([
      { id: commune.code, name_formatted: expect.stringContaining('Bordeaux') },
    ]);
    const fields = initiativeFields();
    delete fields['logo_files[0][file]'];
    delete fields['logo_files[0][displayedName]'];
    delete fields['document_files[0][file]'];
    delete fields['document_files[0][displayedName]'];
    delete fields['communes[0]'];
    const response = await send(member, 'POST', `/api/user/initiatives/${itemId}`, {
      ...fields,
      title: 'Marché renommé',
      'communities_of_communes[0]': commune.epci,
      'logos[0][id]': String(logo.id),
      'logos[0][displayedName]': 'Logo renommé',
      documents: '',
      _method: 'put',
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = (await send(member, 'GET', `/api/user/initiatives/${itemId}`)).json<{
      data: InitiativePreview;
    }>().data;
    expect(preview.title).toBe('Marché renommé');
    expect(preview.logos.map((l) => l.displayedName)).toEqual(['Logo renommé']);
    expect(preview.documents).toEqual([]);
    expect(preview.communes).toEqual([]);
    expect(preview.communities_of_communes).toHaveLength(1);
    const gone = await t.database.db.select().from(files).where(eq(files.id, document.id));
    expect(gone).toEqual([]);
  });

  it('keeps the public version of a published item and stores the edit as a revision', async () => {
    const itemId = await create();
    await t.database.db
      .update(initiatives)
      .set({ moderationStatus: 'published', publishedAt: new Date() })
      .where(eq(initiatives.id, itemId));
    await t.contentSettled();
    const publicBefore = await t.app.inject({ method: 'GET', url: `/api/initiatives/${itemId}` });
    expect(publicBefore.statusCode).toBe(200);

    const response = await send(member, 'POST', `/api/user/initiatives/${itemId}`, {
      ...initiativeFields(),
      title: 'Titre modifié',
      _method: 'put',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toContain('a bien été modifiée');
    await t.contentSettled();
    const publicAfter = await t.app.inject({ method: 'GET', url: `/api/initiatives/${itemId}` });
    expect(publicAfter.json()).toEqual(publicBefore.json());
    const [row] = await t.database.db.select().from(initiatives).where(eq(initiatives.id, itemId));
    expect(row!.title).toBe('Marché de producteurs');
    expect(row!.moderationStatus).toBe('published');

    const preview = (await send(member, 'GET', `/api/user/initiatives/${itemId}`)).json<{
      data: InitiativePreview;
    }>().data;
    expect(preview.title).toBe('Titre modifié');
    expect(preview.moderation_status_label).toBe('En cours de modération');
    // The edit replaced the logo and the document: the live row still links the old ones.
    expect(preview.logos).toHaveLength(1);

    // Approving applies the payload: the moderation of the next issue calls this.
    const [revision] = await t.database.db
      .select()
      .from(revisions)
      .where(and(eq(revisions.subjectType, 'initiative'), eq(revisions.subjectId, itemId)));
    const unused = await t.database.db.transaction((tx) =>
      applyInitiativeRevision(tx, itemId, revision!.payload as unknown as InitiativeState),
    );
    expect(unused).toHaveLength(2);
    const [applied] = await t.database.db
      .select()
      .from(initiatives)
      .where(eq(initiatives.id, itemId));
    expect(applied!.title).toBe('Titre modifié');
    const links = await t.database.db
      .select()
      .from(initiativeFiles)
      .where(eq(initiativeFiles.initiativeId, itemId));
    expect(links).toHaveLength(2);
  });

  it('deletes an item with its files and revisions', async () => {
    const itemId = await create();
    const [link] = await t.database.db
      .select()
      .from(initiativeFiles)
      .where(eq(initiativeFiles.initiativeId, itemId));
    const response = await send(member, 'DELETE', `/api/user/initiatives/${itemId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Votre initiative a bien été supprimée.' });
    expect(
      await t.database.db.select().from(initiatives).where(eq(initiatives.id, itemId)),
    ).toEqual([]);
    expect(await t.database.db.select().from(files).where(eq(files.id, link!.fileId))).toEqual([]);
  });

  it('creates, previews, lists and deletes a food procedure', async () => {
    const created = await send(member, 'POST', '/api/user/food_procedures', procedureFields());
    expect(created.statusCode, created.body).toBe(200);
    const procedureId = created.json<{ data: { id: number } }>().data.id;
    const preview = (await send(member, 'GET', `/api/user/food_procedures/${procedureId}`)).json<{
      data: FoodProcedurePreview;
    }>().data;
    expect(preview.is_pat).toBe(true);
    expect(preview.thematics_detail.map((th) => th.slug)).toEqual(['nutrition-sante']);
    const list = (await send(member, 'GET', '/api/user/food_procedures')).json<MemberList>();
    expect(list.data[0]).toMatchObject({ id: procedureId, is_pat: 'Oui', city: 'Bordeaux' });

    const withoutThematics = procedureFields();
    delete withoutThematics['thematics[0]'];
    const refused = await send(member, 'POST', '/api/user/food_procedures', withoutThematics);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: object }>().errors).toHaveProperty('thematics');

    const linked = await create({ ...initiativeFields(), food_procedure_id: String(procedureId) });
    // The preview links to the member's own procedure's preview; another member's initiative
    // linked to it, to its public page once published, else nowhere.
    const associated = async (session: Session, id: number) =>
      (await send(session, 'GET', `/api/user/initiatives/${id}`)).json<{
        data: InitiativePreview;
      }>().data.food_procedure;
    expect(await associated(member, linked)).toEqual({
      id: procedureId,
      title: expect.any(String),
      url: `/mon-compte/demarches/${procedureId}`,
    });
    const status = (moderationStatus: 'published' | 'pending') =>
      t.database.db
        .update(foodProcedures)
        .set({ moderationStatus })
        .where(eq(foodProcedures.id, procedureId));
    await status('published');
    const othersLink = await create(
      { ...initiativeFields(), food_procedure_id: String(procedureId) },
      other,
    );
    expect((await associated(other, othersLink))!.url).toBe(`/initiatives/demarche/${procedureId}`);
    await status('pending');
    expect((await associated(other, othersLink))!.url).toBeNull();
    // No longer one of the other member's choices: their form starts without it.
    const othersForm = async () =>
      (await send(other, 'GET', `/api/user/initiatives/options/${othersLink}`)).json<{
        resource: { food_procedure_id: number | null };
      }>().resource.food_procedure_id;
    expect(await othersForm()).toBeNull();
    await status('published');
    expect(await othersForm()).toBe(procedureId);
    const deleted = await send(member, 'DELETE', `/api/user/food_procedures/${procedureId}`);
    expect(deleted.statusCode).toBe(200);
    const [initiative] = await t.database.db
      .select({ foodProcedureId: initiatives.foodProcedureId })
      .from(initiatives)
      .where(eq(initiatives.id, linked));
    expect(initiative!.foodProcedureId).toBeNull();
    expect(
      await t.database.db.select().from(foodProcedures).where(eq(foodProcedures.id, procedureId)),
    ).toEqual([]);
    // A revision written before the deletion still names it: the team's approval applies it
    // without the link (the foreign key would refuse it).
    const db = t.database.db;
    const state = await initiativeKind.loadState(db, linked);
    await db.transaction((tx) =>
      applyInitiativeRevision(tx, linked, {
        ...state,
        values: { ...state.values, title: 'Revue après suppression', foodProcedureId: procedureId },
      }),
    );
    const [applied] = await db
      .select({ title: initiatives.title, foodProcedureId: initiatives.foodProcedureId })
      .from(initiatives)
      .where(eq(initiatives.id, linked));
    expect(applied).toEqual({ title: 'Revue après suppression', foodProcedureId: null });
  });
});
