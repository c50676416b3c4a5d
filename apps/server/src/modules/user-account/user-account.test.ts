import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstitutionOptions, ProfileValues } from '@ad/contract/account/user-account';
import { contacts } from '../../db/schema/contacts.ts';
import { files } from '../../db/schema/files.ts';
import { departements } from '../../db/schema/geo.ts';
import { auditEvents, revisions } from '../../db/schema/index.ts';
import { contactTypes } from '../../db/schema/taxonomy.ts';
import { sessions, users } from '../../db/schema/users.ts';
import { placeholderPdf } from '../../db/seed/placeholders.ts';
import { mailTo, waitForMail } from '../../platform/mail/testing.ts';
import { createUserTokens } from '../../platform/auth/user-tokens.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import {
  createTestApp,
  createUser,
  multipartBody,
  signIn,
  visit,
  type TestApp,
  type TestFile,
} from '../../platform/testing.ts';
import { applyContactRevision, type InstitutionRevisionPayload } from './institution.ts';

const png = async (color = '#0a0'): Promise<TestFile> => ({
  filename: 'logo.png',
  type: 'image/png',
  bytes: await sharp({ create: { width: 20, height: 20, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

/** createUser's default password. */
const PASSWORD = 'Secret-Password-2026!';
/** Checks of a member's current password per 15 minutes (RATE_LIMIT_ACCOUNT_MAX). */
const ACCOUNT_MAX = 6;

describe('the member account API (/api/user/institution, /api/user/profile)', () => {
  let t: TestApp;
  let typeId: number;
  let otherTypeId: number;

  /** A signed-in member: cookies and the CSRF token of their session. */
  async function member(input: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.database, input);
    const signed = await signIn(t.app, user);
    const { cookies, csrf } = await visit(t.app, '/mon-compte/tableau-de-bord', signed);
    return { user, cookies, csrf };
  }

  type Member = Awaited<ReturnType<typeof member>>;

  /** The button of the page a new address's link opens: a plain form POST, no cookie nor token. */
  const confirmLink = (link: URL) =>
    t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  const getJson = async <T>(who: Member, url: string) => {
    const response = await t.app.inject({ method: 'GET', url, cookies: who.cookies });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };

  const postForm = async (who: Member, url: string, fields: Record<string, string | TestFile>) => {
    const { payload, headers } = await multipartBody(fields);
    return t.app.inject({
      method: 'POST',
      url,
      cookies: who.cookies,
      headers: { ...headers, 'x-csrf-token': who.csrf },
      payload,
    });
  };

  const postJson = (who: Member, url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      cookies: who.cookies,
      headers: { 'x-csrf-token': who.csrf },
      payload,
    });

  const institutionFields = (): Record<string, string> => ({
    type_id: String(typeId),
    society_name: 'Les Jardins de la Garonne',
    society_email: 'contact@jardins-garonne.fr',
    address_line_1: '12 rue des Maraîchers',
    address_line_2: '',
    postcode: '33000',
    city: 'Bordeaux',
    phone: '05 56 00 00 00',
    website_url: 'https://jardins-garonne.fr',
    display_in_directory: '1',
    send_also_to_personal_email: '0',
  });

  const institutionOf = async (userId: number) => {
    const [row] = await t.database.db
      .select({ contact: contacts })
      .from(users)
      .innerJoin(contacts, eq(contacts.id, users.contactId))
      .where(eq(users.id, userId));
    return row?.contact ?? null;
  };

  const fileCount = async () => (await t.database.db.select({ id: files.id }).from(files)).length;

  beforeAll(async () => {
    // The limits on: a member's checks of the current password are counted (ACCOUNT_MAX per
    // account), the other tiers high enough for the whole file.
    t = await createTestApp({
      env: {
        RATE_LIMIT_ENABLED: 'true',
        RATE_LIMIT_READ_MAX: '100000',
        RATE_LIMIT_WRITE_MAX: '100000',
        RATE_LIMIT_AUTH_MAX: '100000',
        RATE_LIMIT_ACCOUNT_MAX: String(ACCOUNT_MAX),
      },
    });
    await t.database.db.insert(departements).values([
      { code: '33', name: 'Gironde' },
      { code: '971', name: 'Guadeloupe' },
    ]);
    const types = await t.database.db
      .insert(contactTypes)
      .values([
        { slug: 'association', name: 'Association', position: 1 },
        { slug: 'collectivite', name: 'Collectivité', position: 2 },
      ])
      .returning({ id: contactTypes.id });
    typeId = types[0]!.id;
    otherTypeId = types[1]!.id;
  });

  afterAll(async () => {
    await t.close();
  });

  describe('anonymous callers and CSRF', () => {
    it.each([
      ['GET', '/api/user/institution/options'],
      ['POST', '/api/user/institution'],
      ['GET', '/api/user/profile'],
      ['POST', '/api/user/profile'],
      ['POST', '/api/user/profile/password'],
    ] as const)('%s %s answers 401 to an anonymous caller', async (method, url) => {
      const { cookies, csrf } = await visit(t.app, '/');
      const response = await t.app.inject({
        method,
        url,
        cookies,
        headers: { 'x-csrf-token': csrf },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode).toBe(401);
    });

    it.each(['/api/user/institution', '/api/user/profile', '/api/user/profile/password'])(
      'POST %s without the CSRF token answers 419 and changes nothing',
      async (url) => {
        const who = await member();
        const response = await t.app.inject({
          method: 'POST',
          url,
          cookies: who.cookies,
          payload: { lastname: 'Pirate' },
        });
        expect(response.statusCode).toBe(419);
        const [row] = await t.database.db.select().from(users).where(eq(users.id, who.user.id));
        expect(row?.lastname).toBe('Martin');
      },
    );
  });

  describe('institution', () => {
    it('gives the types and no institution before the first save', async () => {
      const who = await member();
      const options = await getJson<InstitutionOptions>(who, '/api/user/institution/options');
      expect(options.types).toEqual([
        { id: typeId, name: 'Association' },
        { id: otherTypeId, name: 'Collectivité' },
      ]);
      expect(options.image).toBeNull();
      expect(options.institution).toBeNull();
      expect(options.allowedImageMimes).toContain('image/png');
    });

    it('creates the institution (pending, with its image) and links it to the member', async () => {
      const who = await member();
      const response = await postForm(who, '/api/user/institution', {
        ...institutionFields(),
        image: await png(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Votre structure a bien été modifiée.' });

      const contact = await institutionOf(who.user.id);
      expect(contact).toMatchObject({
        societyName: 'Les Jardins de la Garonne',
        societyEmail: 'contact@jardins-garonne.fr',
        addressLine2: null,
        departementCode: '33',
        displayInDirectory: true,
        sendAlsoToPersonalEmail: false,
        moderationStatus: 'pending',
        userId: who.user.id,
      });
      expect(contact?.imageFileId).not.toBeNull();

      const options = await getJson<InstitutionOptions>(who, '/api/user/institution/options');
      expect(options.institution).toMatchObject({
        type_id: typeId,
        society_name: 'Les Jardins de la Garonne',
        postcode: '33000',
        display_in_directory: true,
        moderation_status: 'pending',
        moderation_status_label: 'En cours de modération',
      });
      expect(options.image).toMatchObject({ filename: 'logo.png', type: 'image/png' });
      expect(options.image?.url).toMatch(/^\/uploads\/.+\.png$/);

      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'institution.create'), eq(auditEvents.actorId, who.user.id)),
        );
      expect(audit?.subjectId).toBe(String(contact?.id));

      // The page config now says the member has an institution.
      const page = await t.app.inject({ method: 'GET', url: '/', cookies: who.cookies });
      expect(page.body).toContain('"has_institution":true');
    });

    it('edits an unpublished institution in place and discards a replaced image', async () => {
      const who = await member();
      await postForm(who, '/api/user/institution', { ...institutionFields(), image: await png() });
      const before = await institutionOf(who.user.id);
      const [oldFile] = await t.database.db
        .select()
        .from(files)
        .where(eq(files.id, before!.imageFileId!));

      const response = await postForm(who, '/api/user/institution', {
        ...institutionFields(),
        society_name: 'Jardins de Garonne',
        postcode: '97100',
        image: await png('#a00'),
      });
      expect(response.statusCode).toBe(200);
      const after = await institutionOf(who.user.id);
      expect(after).toMatchObject({
        id: before!.id,
        societyName: 'Jardins de Garonne',
        departementCode: '971',
        moderationStatus: 'pending',
      });
      expect(after?.imageFileId).not.toBe(before?.imageFileId);
      const gone = await t.database.db.select().from(files).where(eq(files.id, oldFile!.id));
      expect(gone).toHaveLength(0);
      expect(existsSync(path.join(t.dataDir, 'uploads', oldFile!.storageKey))).toBe(false);
    });

    it('keeps a published institution online and stores the edit as a pending revision', async () => {
      const who = await member();
      await postForm(who, '/api/user/institution', institutionFields());
      const contact = await institutionOf(who.user.id);
      await t.database.db
        .update(contacts)
        .set({ moderationStatus: 'published' })
        .where(eq(contacts.id, contact!.id));

      const response = await postForm(who, '/api/user/institution', {
        ...institutionFields(),
        society_name: 'Nouveau nom',
        type_id: String(otherTypeId),
        image: await png('#00a'),
      });
      expect(response.statusCode).toBe(200);
      const live = await institutionOf(who.user.id);
      expect(live).toMatchObject({ societyName: 'Les Jardins de la Garonne', typeId });
      expect(live?.moderationStatus).toBe('published');
      expect(live?.imageFileId).toBeNull();

      const options = await getJson<InstitutionOptions>(who, '/api/user/institution/options');
      expect(options.institution).toMatchObject({
        society_name: 'Nouveau nom',
        type_id: otherTypeId,
        moderation_status_label: 'En cours de modération',
      });
      expect(options.image).not.toBeNull();

      const [revision] = await t.database.db
        .select()
        .from(revisions)
        .where(and(eq(revisions.subjectType, 'contact'), eq(revisions.subjectId, contact!.id)));
      const payload = revision!.payload as InstitutionRevisionPayload;
      expect(payload.values.societyName).toBe('Nouveau nom');

      // The moderation applies it later.
      await t.app.fileStore.transaction((store) =>
        applyContactRevision(store, contact!.id, payload),
      );
      expect(await institutionOf(who.user.id)).toMatchObject({
        societyName: 'Nouveau nom',
        typeId: otherTypeId,
        imageFileId: options.image!.id,
        moderationStatus: 'published',
      });
    });

    it.each([
      ['type_id', 'Le champ type de structure est obligatoire.'],
      ['society_name', 'Le champ nom de la structure est obligatoire.'],
      ['society_email', 'Le champ adresse e-mail de la structure est obligatoire.'],
      ['address_line_1', 'Le champ adresse est obligatoire.'],
    ])('refuses a missing %s (422 naming it)', async (field, message) => {
      const who = await member();
      const response = await postForm(who, '/api/user/institution', {
        ...institutionFields(),
        [field]: '',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        [field]: [message],
      });
      expect(await institutionOf(who.user.id)).toBeNull();
    });

    it('refuses an unknown structure type under its field, storing nothing of the image', async () => {
      const who = await member();
      const filesBefore = await t.database.db.select({ id: files.id }).from(files);
      const response = await postForm(who, '/api/user/institution', {
        ...institutionFields(),
        type_id: '999999',
        image: await png(),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        type_id: ['Le champ type de structure est invalide.'],
      });
      expect(await t.database.db.select({ id: files.id }).from(files)).toEqual(filesBefore);
      expect(await institutionOf(who.user.id)).toBeNull();
    });

    it('accepts the optional fields left out', async () => {
      const who = await member();
      const fields = institutionFields();
      for (const key of ['address_line_2', 'postcode', 'city', 'phone', 'website_url']) {
        delete fields[key];
      }
      const response = await postForm(who, '/api/user/institution', fields);
      expect(response.statusCode).toBe(200);
      expect(await institutionOf(who.user.id)).toMatchObject({
        postcode: null,
        departementCode: null,
        websiteUrl: null,
      });
    });

    it('refuses an unknown type', async () => {
      const who = await member();
      const response = await postForm(who, '/api/user/institution', {
        ...institutionFields(),
        type_id: '999999',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(
        'type_id',
      );
    });

    it.each([
      ['a PDF', { filename: 'logo.pdf', type: 'application/pdf', bytes: placeholderPdf('x', 'y') }],
      [
        'a text renamed .png',
        { filename: 'logo.png', type: 'image/png', bytes: Buffer.from('hello') },
      ],
    ])('refuses %s as image and stores nothing', async (_name, file) => {
      const who = await member();
      const before = await fileCount();
      const response = await postForm(who, '/api/user/institution', {
        ...institutionFields(),
        image: file,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        image: ['Le fichier doit être une image (JPEG, PNG, WebP ou GIF).'],
      });
      expect(await fileCount()).toBe(before);
      expect(await institutionOf(who.user.id)).toBeNull();
    });
  });

  const profile = {
    civility: 'mr',
    lastname: 'Durand',
    firstname: 'Paul',
    email: 'paul.durand@exemple.fr',
    job: 'Chargé de mission',
  };

  describe('profile', () => {
    it('gives the current values and saves new ones (JSON)', async () => {
      const who = await member({ civility: 'mrs', job: 'Animatrice' });
      const current = await getJson<ProfileValues>(who, '/api/user/profile');
      expect(current).toEqual({
        civility: 'mrs',
        lastname: 'Martin',
        firstname: 'Camille',
        email: who.user.email,
        job: 'Animatrice',
        pending_email: null,
      });

      const response = await postJson(who, '/api/user/profile', {
        ...profile,
        email: who.user.email,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Vos informations personnelles ont bien été modifiées.',
      });
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toEqual({
        ...profile,
        email: who.user.email,
        pending_email: null,
      });
      const audits = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'profile.update'), eq(auditEvents.actorId, who.user.id)));
      expect(audits).toHaveLength(1);
    });

    it('accepts the same form sent as multipart', async () => {
      const who = await member();
      const response = await postForm(who, '/api/user/profile', {
        ...profile,
        email: 'paul.multipart@exemple.fr',
        current_password: PASSWORD,
      });
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ['civility', 'Le champ civilité est obligatoire.'],
      ['lastname', 'Le champ nom est obligatoire.'],
      ['firstname', 'Le champ prénom est obligatoire.'],
      ['email', 'Le champ adresse e-mail est obligatoire.'],
      ['job', 'Le champ fonction est obligatoire.'],
    ])('refuses a missing %s (422 naming it)', async (field, message) => {
      const who = await member();
      const response = await postJson(who, '/api/user/profile', { ...profile, [field]: '' });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        [field]: [message],
      });
    });

    it('refuses an unknown civility', async () => {
      const who = await member();
      const response = await postJson(who, '/api/user/profile', { ...profile, civility: 'dr' });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(
        'civility',
      );
    });

    it("refuses another account's address, whatever its case", async () => {
      await createUser(t.database, { email: 'deja.pris@exemple.fr' });
      const who = await member();
      const response = await postJson(who, '/api/user/profile', {
        ...profile,
        email: 'Deja.Pris@Exemple.fr',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        email: ['Cette adresse e-mail est déjà utilisée.'],
      });
    });

    it('keeps its own address in another case, at once', async () => {
      const who = await member();
      const response = await postJson(who, '/api/user/profile', {
        ...profile,
        email: who.user.email.toUpperCase(),
      });
      expect(response.statusCode).toBe(200);
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toMatchObject({
        email: who.user.email.toUpperCase(),
        pending_email: null,
      });
    });

    it('asks for the current password before a new address', async () => {
      const who = await member();
      const errors = async (current_password?: string) =>
        (
          await postJson(who, '/api/user/profile', {
            ...profile,
            email: 'sans.mot.de.passe@exemple.fr',
            ...(current_password === undefined ? {} : { current_password }),
          })
        ).json<{ errors: Record<string, string[]> }>().errors;
      expect(await errors()).toEqual({
        current_password: ["Saisissez votre mot de passe actuel pour changer d'adresse e-mail."],
      });
      expect(await errors('pas le bon')).toEqual({
        current_password: ['Le mot de passe actuel est incorrect.'],
      });
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toMatchObject({
        pending_email: null,
      });
    });

    it('takes a new address only once the link sent to it is opened; the old one is told', async () => {
      const who = await member();
      const old = who.user.email;
      const response = await postJson(who, '/api/user/profile', {
        ...profile,
        email: 'nouvelle.adresse@exemple.fr',
        current_password: PASSWORD,
      });
      expect(response.json()).toEqual({
        message:
          "Vos informations personnelles ont bien été modifiées. Un lien de confirmation a été envoyé à nouvelle.adresse@exemple.fr : cette adresse remplacera l'actuelle quand vous l'aurez ouvert.",
      });
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toMatchObject({
        email: old,
        pending_email: 'nouvelle.adresse@exemple.fr',
      });
      const notice = await waitForMail(t.mailDir, mailTo(old));
      expect(notice.subject).toMatch(/^Changement d'adresse e-mail demandé/);
      expect(notice.text).toContain('nouvelle.adresse@exemple.fr');
      expect(notice.text).not.toMatch(/https?:\/\/\S*confirmation/);
      const mail = await waitForMail(t.mailDir, mailTo('nouvelle.adresse@exemple.fr'));
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      expect(link.pathname).toBe('/adresse-electronique/confirmation');

      // Opening the link (the member, or a mail scanner) shows a page with a button, even
      // without a session; nothing changes.
      const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Confirmer ma nouvelle adresse e-mail</h1>');
      expect(page.body).toContain(
        `<form action="${link.pathname}${link.search.replaceAll('&', '&amp;')}" method="post">`,
      );
      expect(page.body).toContain('Confirmer cette adresse</button>');
      expect(page.body).toContain('<meta name="robots" content="noindex">');
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toMatchObject({
        email: old,
        pending_email: 'nouvelle.adresse@exemple.fr',
      });
      // The former route, which confirmed on GET, is gone.
      const former = await t.app.inject({
        method: 'GET',
        url: `/mon-compte/adresse-electronique/confirmation${link.search}`,
      });
      expect(former.statusCode).toBe(404);
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toMatchObject({
        pending_email: 'nouvelle.adresse@exemple.fr',
      });

      // A reset link sent to the former address before the change.
      const tokens = createUserTokens({ db: t.database.db, clock: () => new Date() });
      const reset = await tokens.issue(who.user.id, 'password_reset');

      // Its button, even without a session: the address is the account's, and verified.
      const opened = await confirmLink(link);
      expect(opened.statusCode).toBe(303);
      expect(opened.headers.location).toBe(
        '/mon-compte/informations-personnelles?adresse=confirmee',
      );
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toMatchObject({
        email: 'nouvelle.adresse@exemple.fr',
        pending_email: null,
      });
      const again = await confirmLink(link);
      expect(again.headers.location).toBe('/mon-compte/informations-personnelles?adresse=invalide');
      // The former mailbox is no longer the account's: its reset link stopped working.
      expect(await tokens.consume(reset, 'password_reset')).toBeNull();
    });

    it('gives up a new address that another account took meanwhile, or that was cancelled', async () => {
      const who = await member();
      const asked = (email: string) =>
        postJson(who, '/api/user/profile', { ...profile, email, current_password: PASSWORD });
      await asked('convoitee@exemple.fr');
      const mail = await waitForMail(t.mailDir, mailTo('convoitee@exemple.fr'));
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      await createUser(t.database, { email: 'Convoitee@exemple.fr' });
      const opened = await confirmLink(link);
      expect(opened.headers.location).toBe('/mon-compte/informations-personnelles?adresse=prise');
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toMatchObject({
        email: who.user.email,
        pending_email: null,
      });

      // The current address given back cancels the request: its link no longer works.
      await asked('annulee@exemple.fr');
      const cancelled = await waitForMail(t.mailDir, mailTo('annulee@exemple.fr'));
      await postJson(who, '/api/user/profile', { ...profile, email: who.user.email });
      const link2 = new URL(/https?:\/\/\S+/.exec(cancelled.text)![0]);
      const late = await confirmLink(link2);
      expect(late.headers.location).toBe('/mon-compte/informations-personnelles?adresse=invalide');
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toMatchObject({
        email: who.user.email,
      });

      // Another address asked before the first link was opened: that link no longer works (it
      // would have confirmed the second), and saving again with the second sends nothing new.
      await asked('premiere@exemple.fr');
      const first = await waitForMail(t.mailDir, mailTo('premiere@exemple.fr'));
      await asked('seconde@exemple.fr');
      const firstLink = new URL(/https?:\/\/\S+/.exec(first.text)![0]);
      const stale = await confirmLink(firstLink);
      expect(stale.headers.location).toBe('/mon-compte/informations-personnelles?adresse=invalide');
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toMatchObject({
        email: who.user.email,
        pending_email: 'seconde@exemple.fr',
      });
      // The same address in another case keeps its link, which takes the address as last typed.
      const second = await waitForMail(t.mailDir, mailTo('seconde@exemple.fr'));
      await postJson(who, '/api/user/profile', { ...profile, email: 'Seconde@exemple.fr' });
      const secondLink = new URL(/https?:\/\/\S+/.exec(second.text)![0]);
      const kept = await confirmLink(secondLink);
      expect(kept.headers.location).toBe('/mon-compte/informations-personnelles?adresse=confirmee');
      expect(await getJson<ProfileValues>(who, '/api/user/profile')).toMatchObject({
        email: 'Seconde@exemple.fr',
        pending_email: null,
      });
    });
  });

  describe('password', () => {
    const NEW_PASSWORD = 'Potager-Solidaire-2027!';

    const CHANGE = {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    };

    it('changes the password, closes the other sessions and keeps the current one', async () => {
      const who = await member();
      const elsewhere = await signIn(t.app, who.user);
      const response = await postJson(who, '/api/user/profile/password', CHANGE);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Votre mot de passe a bien été modifié.' });

      const [row] = await t.database.db.select().from(users).where(eq(users.id, who.user.id));
      expect(await verifyPassword(row!.passwordHash!, NEW_PASSWORD)).toBe(true);
      const left = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, who.user.id));
      expect(left).toHaveLength(1);

      // The current session still works; the other one is signed out.
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        cookies: who.cookies,
      });
      expect(mine.statusCode).toBe(200);
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        cookies: elsewhere,
      });
      expect(other.statusCode).toBe(401);

      const audits = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'profile.password'), eq(auditEvents.actorId, who.user.id)),
        );
      expect(audits).toHaveLength(1);

      // The account's address is told, without a link.
      const notice = await waitForMail(t.mailDir, mailTo(who.user.email));
      expect(notice.subject).toMatch(/^Votre mot de passe a été modifié/);
      expect(notice.text).toContain('Vos autres sessions ont été fermées.');
      expect(notice.text).not.toMatch(/https?:\/\/\S*(reinitialisation|token)/);
    });

    it('voids a reset link sent before the change: it would set another password over it', async () => {
      const who = await member();
      const tokens = createUserTokens({ db: t.database.db, clock: () => new Date() });
      const link = await tokens.issue(who.user.id, 'password_reset');
      const response = await postJson(who, '/api/user/profile/password', CHANGE);
      expect(response.statusCode).toBe(200);
      expect(await tokens.consume(link, 'password_reset')).toBeNull();
    });

    it.each([
      [
        { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        { current_password: ['Saisissez votre mot de passe actuel.'] },
      ],
      [
        { ...CHANGE, current_password: 'pas le bon mot de passe' },
        { current_password: ['Le mot de passe actuel est incorrect.'] },
      ],
      [
        { current_password: PASSWORD, password_confirmation: NEW_PASSWORD },
        { password: ['Le champ mot de passe est obligatoire.'] },
      ],
      [
        { current_password: PASSWORD, password: NEW_PASSWORD },
        { password_confirmation: ['Le champ confirmation du mot de passe est obligatoire.'] },
      ],
      [
        { current_password: PASSWORD, password: 'court', password_confirmation: 'court' },
        { password: ['Le mot de passe doit contenir au moins 12 caractères.'] },
      ],
      [
        { ...CHANGE, password_confirmation: `${NEW_PASSWORD}x` },
        { password_confirmation: ['La confirmation du mot de passe ne correspond pas.'] },
      ],
      [
        { ...CHANGE, password: 'azertyuiop123', password_confirmation: 'azertyuiop123' },
        { password: ['Ce mot de passe est trop courant. Veuillez en choisir un autre.'] },
      ],
    ])('refuses %j', async (body, errors) => {
      const who = await member();
      const [before] = await t.database.db.select().from(users).where(eq(users.id, who.user.id));
      const response = await postJson(who, '/api/user/profile/password', body);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toEqual(errors);
      const [after] = await t.database.db.select().from(users).where(eq(users.id, who.user.id));
      expect(after?.passwordHash).toBe(before?.passwordHash);
    });

    it('counts the checks of the current password as sign-ins of the account, on both forms', async () => {
      const who = await member();
      const wrong = { ...CHANGE, current_password: 'pas le bon mot de passe' };
      // The member's sign-in counted one; then ACCOUNT_MAX - 2 checks here and one on the profile.
      for (let attempt = 2; attempt < ACCOUNT_MAX; attempt += 1) {
        const response = await postJson(who, '/api/user/profile/password', wrong);
        expect(response.statusCode).toBe(422);
      }
      const address = await postJson(who, '/api/user/profile', {
        ...profile,
        email: 'ailleurs@exemple.fr',
        current_password: 'toujours pas le bon',
      });
      expect(address.statusCode).toBe(422);
      // The next check is refused before the password is looked at, even the right one.
      const blocked = await postJson(who, '/api/user/profile/password', CHANGE);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json<{ message: string }>().message).toMatch(/^Trop de requêtes/);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, who.user.id));
      expect(await verifyPassword(row!.passwordHash!, PASSWORD)).toBe(true);
      // They count as sign-in attempts on the account: /connexion refuses it too.
      const { cookies, csrf } = await visit(t.app, '/connexion');
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/connexion',
        cookies,
        headers: { 'x-csrf-token': csrf },
        payload: { email: who.user.email, password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(429);
      // Another member is not held back.
      const other = await member();
      expect((await postJson(other, '/api/user/profile/password', CHANGE)).statusCode).toBe(200);
    });
  });
});
