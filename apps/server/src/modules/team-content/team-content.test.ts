import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_THEMATIC_IDEAS,
  CONTACT_THEMATIC_OTHER,
  type ContactUsOptions,
} from '@ad/contract';
import {
  TEAM_CONTENT_API_PATH,
  TEAM_CONTENT_MESSAGES,
  type ContactThematicRow,
  type ContactThematicsList,
  type FaqCategoryRow,
  type FaqItemRow,
  type GlossaryEntryRow,
  type TeamContentList,
  type TeamContentWriteResponse,
  type TeamMemberRow,
  type TeamMembersList,
} from '@ad/contract/account/team-content';
import { auditEvents, files } from '../../db/schema/index.ts';
import { seedReferenceData } from '../../db/seed/index.ts';
import { UPLOAD_MESSAGES } from '../../platform/uploads/check-upload.ts';
import {
  createTestApp,
  multipartBody,
  signedInAs,
  visit,
  type TestApp,
  type TestFile,
} from '../../platform/testing.ts';

const API = TEAM_CONTENT_API_PATH;

interface Who {
  cookies: Record<string, string>;
  csrf: string;
  user: { id: number };
}

const png = async (): Promise<TestFile> => ({
  filename: 'portrait.png',
  type: 'image/png',
  bytes: await sharp({ create: { width: 24, height: 24, channels: 3, background: '#36a' } })
    .png()
    .toBuffer(),
});

describe('the team’s content and settings (/api/moderation/content)', () => {
  let t: TestApp;
  let admin: Who;
  let moderator: Who;
  let member: Who;

  const send = (
    who: Who | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      cookies: who?.cookies ?? {},
      headers: who && method !== 'GET' ? { 'x-csrf-token': who.csrf } : {},
      ...(payload ? { payload } : {}),
    });

  const ok = async <T>(response: Awaited<ReturnType<typeof send>>): Promise<T> => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  const sendForm = async (who: Who, url: string, fields: Record<string, string | TestFile>) => {
    const { payload, headers } = await multipartBody(fields);
    return t.app.inject({
      method: 'POST',
      url,
      cookies: who.cookies,
      headers: { ...headers, 'x-csrf-token': who.csrf },
      payload,
    });
  };

  /** A public read as an anonymous visitor, once the change reached the cache. */
  const publicRead = async <T>(url: string): Promise<T> => {
    await t.contentSettled();
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  const auditOf = (action: string, subjectId: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectId, String(subjectId))));

  const expectAudit = async (action: string, subjectId: number, who: Who, title: string) => {
    const [event] = await auditOf(action, subjectId);
    expect(event, action).toMatchObject({
      actorId: who.user.id,
      subjectType: action.split('.')[0],
      subjectId: String(subjectId),
    });
    expect(event!.data).toMatchObject({ title });
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedReferenceData(t.database.db);
    [admin, moderator, member] = await Promise.all([
      signedInAs(t, { role: 'admin' }),
      signedInAs(t, { role: 'moderator' }),
      signedInAs(t, { role: 'member' }),
    ]);
  });
  afterAll(() => t.close());

  describe('access', () => {
    const kinds = ['glossary', 'faq-categories', 'faq-items', 'team-members', 'contact-thematics'];
    type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
    const routesOf = (kind: string): [Method, string][] => [
      ['GET', `${API}/${kind}`],
      ['POST', `${API}/${kind}`],
      ['PUT', `${API}/${kind}/1`],
      ['DELETE', `${API}/${kind}/1`],
      ...(kind === 'glossary' ? [] : [['POST', `${API}/${kind}/1/move`] as [Method, string]]),
    ];

    it('answers 401 to anonymous visitors and 403 to members on every route', async () => {
      const anonymous = await visit(t.app, '/');
      for (const kind of kinds) {
        for (const [method, url] of routesOf(kind)) {
          const payload = method === 'GET' || method === 'DELETE' ? undefined : { name: 'X' };
          const asAnonymous = await send({ ...anonymous, user: { id: 0 } }, method, url, payload);
          expect(asAnonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
          const asMember = await send(member, method, url, payload);
          expect(asMember.statusCode, `member ${method} ${url}`).toBe(403);
        }
      }
    });

    it('keeps the contact thematics to admins; moderators edit the rest', async () => {
      for (const [method, url] of routesOf('contact-thematics')) {
        const response = await send(moderator, method, url, { name: 'X', direction: 'up' });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      for (const kind of kinds.filter((k) => k !== 'contact-thematics')) {
        expect((await send(moderator, 'GET', `${API}/${kind}`)).statusCode, kind).toBe(200);
      }
    });

    it('answers 404 for an unknown entry and 419 without the CSRF token', async () => {
      const missing = await send(admin, 'PUT', `${API}/glossary/999999`, {
        title: 'Terme',
        definition: 'Définition.',
      });
      expect(missing.statusCode).toBe(404);
      expect((await send(admin, 'DELETE', `${API}/faq-items/abc`)).statusCode).toBe(404);
      const withoutToken = await t.app.inject({
        method: 'POST',
        url: `${API}/glossary`,
        cookies: admin.cookies,
        payload: { title: 'Sans jeton', definition: 'Refusé.' },
      });
      expect(withoutToken.statusCode).toBe(419);
    });
  });

  describe('glossary', () => {
    it('adds, edits and deletes a term; /api/glossary and /glossaire show it at once', async () => {
      // The public answers are cached before the change.
      await publicRead('/api/glossary');
      const created = await ok<TeamContentWriteResponse<GlossaryEntryRow>>(
        await send(moderator, 'POST', `${API}/glossary`, {
          title: '  Circuit court  ',
          definition: 'Vente avec au plus un intermédiaire.',
        }),
      );
      expect(created.message).toBe('Le terme « Circuit court » a bien été ajouté.');
      expect(created.data).toMatchObject({ title: 'Circuit court' });
      const id = created.data.id;

      const glossary = await publicRead<{ data: Record<string, GlossaryEntryRow[]> }>(
        '/api/glossary',
      );
      expect(glossary.data.C).toContainEqual({
        title: 'Circuit court',
        definition: 'Vente avec au plus un intermédiaire.',
      });
      const page = await t.app.inject({ method: 'GET', url: '/glossaire' });
      expect(page.body).toContain('Vente avec au plus un intermédiaire.');

      const list = await ok<TeamContentList<GlossaryEntryRow>>(
        await send(moderator, 'GET', `${API}/glossary`),
      );
      expect(list.data.map((row) => row.id)).toContain(id);

      const duplicate = await send(admin, 'POST', `${API}/glossary`, {
        title: 'CIRCUIT COURT',
        definition: 'Doublon.',
      });
      expect(duplicate.statusCode).toBe(422);
      expect(duplicate.json().errors).toEqual({
        title: [TEAM_CONTENT_MESSAGES.glossaryTitleTaken],
      });

      const updated = await ok<TeamContentWriteResponse<GlossaryEntryRow>>(
        await send(admin, 'PUT', `${API}/glossary/${id}`, {
          title: 'Circuit court',
          definition: 'Vente directe ou avec un seul intermédiaire.',
        }),
      );
      expect(updated.message).toBe('Le terme « Circuit court » a bien été modifié.');
      const afterUpdate = await publicRead<{ data: Record<string, GlossaryEntryRow[]> }>(
        '/api/glossary',
      );
      expect(afterUpdate.data.C).toContainEqual({
        title: 'Circuit court',
        definition: 'Vente directe ou avec un seul intermédiaire.',
      });

      const deleted = await ok<{ message: string }>(
        await send(admin, 'DELETE', `${API}/glossary/${id}`),
      );
      expect(deleted.message).toBe('Le terme « Circuit court » a bien été supprimé.');
      const afterDelete = await publicRead<{ data: Record<string, GlossaryEntryRow[]> }>(
        '/api/glossary',
      );
      expect(afterDelete.data.C ?? []).not.toContainEqual(
        expect.objectContaining({ title: 'Circuit court' }),
      );

      await expectAudit('glossary.create', id, moderator, 'Circuit court');
      await expectAudit('glossary.update', id, admin, 'Circuit court');
      await expectAudit('glossary.delete', id, admin, 'Circuit court');
    });

    it('answers 422 in French per field', async () => {
      const response = await send(admin, 'POST', `${API}/glossary`, {
        title: '   ',
        definition: 'x'.repeat(2001),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'Le champ terme est obligatoire.',
        errors: {
          title: ['Le champ terme est obligatoire.'],
          definition: ['Le champ définition ne doit pas dépasser 2000 caractères.'],
        },
      });
    });
  });

  describe('FAQ', () => {
    it('manages categories and questions in order; /api/faq shows them at once', async () => {
      const category = await ok<TeamContentWriteResponse<FaqCategoryRow>>(
        await send(admin, 'POST', `${API}/faq-categories`, { name: 'Adhésion' }),
      );
      expect(category.message).toBe('La catégorie « Adhésion » a bien été ajoutée.');
      expect(category.data).toMatchObject({ name: 'Adhésion', slug: 'adhesion', items_count: 0 });
      const categoryId = category.data.id;

      const taken = await send(admin, 'POST', `${API}/faq-categories`, { name: 'adhesion' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors.name).toEqual([TEAM_CONTENT_MESSAGES.faqCategoryNameTaken]);

      const first = await ok<TeamContentWriteResponse<FaqItemRow>>(
        await send(moderator, 'POST', `${API}/faq-items`, {
          category_id: categoryId,
          question: 'Comment adhérer ?',
          answer: '<p>En <strong>remplissant</strong> le formulaire.</p><script>alert(1)</script>',
        }),
      );
      expect(first.message).toBe('La question « Comment adhérer ? » a bien été ajoutée.');
      expect(first.data).toMatchObject({
        category_id: categoryId,
        category_name: 'Adhésion',
        slug: 'comment-adherer',
        url: '/foire-aux-questions/comment-adherer',
        answer: '<p>En <strong>remplissant</strong> le formulaire.</p>',
      });
      const second = await ok<TeamContentWriteResponse<FaqItemRow>>(
        await send(moderator, 'POST', `${API}/faq-items`, {
          category_id: String(categoryId),
          question: 'Est-ce payant ?',
          answer: '<p>Non.</p>',
        }),
      );

      let faq = await publicRead<{
        data: Record<string, { slug: string; question: string }[]>;
        categories: { slug: string; name: string }[];
      }>('/api/faq');
      expect(faq.categories.map((c) => c.name)).toContain('Adhésion');
      expect(faq.data.adhesion?.map((q) => q.question)).toEqual([
        'Comment adhérer ?',
        'Est-ce payant ?',
      ]);
      const item = await publicRead<{ data: { answer: string } }>('/api/faq/comment-adherer');
      expect(item.data.answer).toBe('<p>En <strong>remplissant</strong> le formulaire.</p>');

      const moved = await ok<TeamContentWriteResponse<FaqItemRow>>(
        await send(moderator, 'POST', `${API}/faq-items/${second.data.id}/move`, {
          direction: 'up',
        }),
      );
      expect(moved.message).toBe(TEAM_CONTENT_MESSAGES.moved);
      faq = await publicRead('/api/faq');
      expect(faq.data.adhesion?.map((q) => q.question)).toEqual([
        'Est-ce payant ?',
        'Comment adhérer ?',
      ]);
      const stuck = await send(moderator, 'POST', `${API}/faq-items/${second.data.id}/move`, {
        direction: 'up',
      });
      expect(stuck.statusCode).toBe(409);
      expect(stuck.json().message).toBe(TEAM_CONTENT_MESSAGES.cannotMove);

      // Another category with a question comes after it; then it goes first.
      const other = await ok<TeamContentWriteResponse<FaqCategoryRow>>(
        await send(admin, 'POST', `${API}/faq-categories`, { name: 'Premiers pas' }),
      );
      const otherItem = await ok<TeamContentWriteResponse<FaqItemRow>>(
        await send(admin, 'POST', `${API}/faq-items`, {
          category_id: other.data.id,
          question: 'Par où commencer ?',
          answer: '<p>Par la carte.</p>',
        }),
      );
      faq = await publicRead('/api/faq');
      expect(faq.categories.map((c) => c.name)).toEqual(['Adhésion', 'Premiers pas']);
      await ok(
        await send(admin, 'POST', `${API}/faq-categories/${other.data.id}/move`, {
          direction: 'up',
        }),
      );
      faq = await publicRead('/api/faq');
      expect(faq.categories.map((c) => c.name)).toEqual(['Premiers pas', 'Adhésion']);
      const categories = await ok<TeamContentList<FaqCategoryRow>>(
        await send(admin, 'GET', `${API}/faq-categories`),
      );
      expect(categories.data.map((c) => [c.name, c.items_count])).toEqual([
        ['Premiers pas', 1],
        ['Adhésion', 2],
      ]);
      await ok(await send(admin, 'DELETE', `${API}/faq-items/${otherItem.data.id}`));
      await ok(await send(admin, 'DELETE', `${API}/faq-categories/${other.data.id}`));

      // Edited: the slug (the question's public address) stays.
      const edited = await ok<TeamContentWriteResponse<FaqItemRow>>(
        await send(admin, 'PUT', `${API}/faq-items/${first.data.id}`, {
          category_id: categoryId,
          question: 'Comment adhérer à la plateforme ?',
          answer: '<p>En créant un compte.</p>',
        }),
      );
      expect(edited.data).toMatchObject({
        slug: 'comment-adherer',
        question: 'Comment adhérer à la plateforme ?',
      });
      const editedItem = await publicRead<{ data: { question: string; answer: string } }>(
        '/api/faq/comment-adherer',
      );
      expect(editedItem.data).toMatchObject({
        question: 'Comment adhérer à la plateforme ?',
        answer: '<p>En créant un compte.</p>',
      });

      // A category with questions is kept, with a message saying why.
      const refused = await send(admin, 'DELETE', `${API}/faq-categories/${categoryId}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        'Impossible de supprimer la catégorie « Adhésion » : elle contient 2 questions. Déplacez ces questions dans une autre catégorie ou supprimez-les, puis supprimez la catégorie.',
      );

      for (const id of [first.data.id, second.data.id]) {
        await ok(await send(admin, 'DELETE', `${API}/faq-items/${id}`));
      }
      const removed = await ok<{ message: string }>(
        await send(admin, 'DELETE', `${API}/faq-categories/${categoryId}`),
      );
      expect(removed.message).toBe('La catégorie « Adhésion » a bien été supprimée.');
      faq = await publicRead('/api/faq');
      expect(faq.categories.map((c) => c.name)).not.toContain('Adhésion');
      const gone = await t.app.inject({ method: 'GET', url: '/api/faq/comment-adherer' });
      expect(gone.statusCode).toBe(404);

      await expectAudit('faq_category.create', categoryId, admin, 'Adhésion');
      await expectAudit('faq_category.move', other.data.id, admin, 'Premiers pas');
      await expectAudit('faq_category.delete', categoryId, admin, 'Adhésion');
      await expectAudit('faq_item.create', first.data.id, moderator, 'Comment adhérer ?');
      await expectAudit('faq_item.move', second.data.id, moderator, 'Est-ce payant ?');
      await expectAudit(
        'faq_item.update',
        first.data.id,
        admin,
        'Comment adhérer à la plateforme ?',
      );
      await expectAudit('faq_item.delete', second.data.id, admin, 'Est-ce payant ?');
    });

    it('refuses an empty answer, a missing or unknown category, in French', async () => {
      const empty = await send(admin, 'POST', `${API}/faq-items`, {
        category_id: '',
        question: 'Une question ?',
        answer: '<p></p>',
      });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({
        category_id: [TEAM_CONTENT_MESSAGES.faqCategoryRequired],
        answer: ['Le champ réponse est obligatoire.'],
      });
      const category = await ok<TeamContentWriteResponse<FaqCategoryRow>>(
        await send(admin, 'POST', `${API}/faq-categories`, { name: 'Vide' }),
      );
      const scriptOnly = await send(admin, 'POST', `${API}/faq-items`, {
        category_id: category.data.id,
        question: 'Une question ?',
        answer: '<script>alert(1)</script><p><img src=x onerror=alert(1)>texte</p>',
      });
      expect(scriptOnly.statusCode, scriptOnly.body).toBe(200);
      expect(scriptOnly.json().data.answer).toBe('<p>texte</p>');
      // Markup that the sanitiser removes entirely leaves nothing to show.
      const onlyScript = await send(admin, 'POST', `${API}/faq-items`, {
        category_id: category.data.id,
        question: 'Une autre question ?',
        answer: '<p><script>alert(1)</script></p>',
      });
      expect(onlyScript.statusCode).toBe(422);
      expect(onlyScript.json().errors).toEqual({ answer: ['Le champ réponse est obligatoire.'] });
      const unknown = await send(admin, 'POST', `${API}/faq-items`, {
        category_id: 999999,
        question: 'Une question ?',
        answer: '<p>Oui.</p>',
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({
        category_id: [TEAM_CONTENT_MESSAGES.faqCategoryInvalid],
      });
    });
  });

  describe('team members', () => {
    it('adds a member with a photo, edits, orders and deletes; /api/internal-team-members follows', async () => {
      const created = await sendForm(moderator, `${API}/team-members`, {
        name: 'Élise Garnier',
        department: 'DRAAF Nouvelle-Aquitaine',
        description: 'Animation du réseau',
        photo: await png(),
      });
      const { message, data } = await ok<TeamContentWriteResponse<TeamMemberRow>>(created);
      expect(message).toBe('La fiche de Élise Garnier a bien été ajoutée.');
      expect(data).toMatchObject({ name: 'Élise Garnier', department: 'DRAAF Nouvelle-Aquitaine' });
      expect(data.photo?.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
      const photoId = data.photo!.id;

      const second = await ok<TeamContentWriteResponse<TeamMemberRow>>(
        await sendForm(moderator, `${API}/team-members`, { name: 'Hugo Lamarque' }),
      );
      expect(second.data).toMatchObject({ department: null, description: null, photo: null });

      let team = await publicRead<{ data: { name: string; avatar_url: string | null }[] }>(
        '/api/internal-team-members',
      );
      expect(team.data.map((m) => m.name)).toEqual(['Élise Garnier', 'Hugo Lamarque']);
      expect(team.data[0]!.avatar_url).toBe(data.photo!.url);
      const about = await t.app.inject({ method: 'GET', url: '/a-propos' });
      expect(about.body).toContain('Élise Garnier');

      await ok(
        await send(moderator, 'POST', `${API}/team-members/${second.data.id}/move`, {
          direction: 'up',
        }),
      );
      team = await publicRead('/api/internal-team-members');
      expect(team.data.map((m) => m.name)).toEqual(['Hugo Lamarque', 'Élise Garnier']);

      // Edited with `_method=put`, the photo removed: its file goes too.
      const edited = await ok<TeamContentWriteResponse<TeamMemberRow>>(
        await sendForm(admin, `${API}/team-members/${data.id}`, {
          _method: 'put',
          name: 'Élise Garnier-Roux',
          department: '',
          description: 'Coordination',
          delete_photo: '1',
        }),
      );
      expect(edited.message).toBe('La fiche de Élise Garnier-Roux a bien été modifiée.');
      expect(edited.data).toMatchObject({
        department: null,
        description: 'Coordination',
        photo: null,
      });
      expect(await t.database.db.select().from(files).where(eq(files.id, photoId))).toEqual([]);
      team = await publicRead('/api/internal-team-members');
      expect(team.data[1]).toMatchObject({ name: 'Élise Garnier-Roux', avatar_url: null });

      const deleted = await ok<{ message: string }>(
        await send(admin, 'DELETE', `${API}/team-members/${second.data.id}`),
      );
      expect(deleted.message).toBe('La fiche de Hugo Lamarque a bien été supprimée.');
      team = await publicRead('/api/internal-team-members');
      expect(team.data.map((m) => m.name)).toEqual(['Élise Garnier-Roux']);

      await expectAudit('team_member.create', data.id, moderator, 'Élise Garnier');
      await expectAudit('team_member.move', second.data.id, moderator, 'Hugo Lamarque');
      await expectAudit('team_member.update', data.id, admin, 'Élise Garnier-Roux');
      await expectAudit('team_member.delete', second.data.id, admin, 'Hugo Lamarque');
      await ok(await send(admin, 'DELETE', `${API}/team-members/${data.id}`));
    });

    it('refuses a photo that is not an image, and a missing name, in French', async () => {
      const before = await ok<TeamMembersList>(await send(admin, 'GET', `${API}/team-members`));
      expect(before.allowed_image_mimes).toContain('image/png');
      const fake = await sendForm(admin, `${API}/team-members`, {
        name: 'Faux portrait',
        photo: { filename: 'portrait.png', type: 'image/png', bytes: Buffer.from('pas une image') },
      });
      expect(fake.statusCode).toBe(422);
      expect(fake.json().errors).toEqual({ photo: [UPLOAD_MESSAGES.notImage] });
      const nameless = await sendForm(admin, `${API}/team-members`, { name: ' ' });
      expect(nameless.statusCode).toBe(422);
      expect(nameless.json().errors).toEqual({ name: ['Le champ nom est obligatoire.'] });
      const after = await ok<TeamMembersList>(await send(admin, 'GET', `${API}/team-members`));
      expect(after.data).toEqual(before.data);
    });
  });

  describe('contact thematics', () => {
    it('adds a thematic before « Autre » with its mailbox and address; the form’s options follow', async () => {
      const created = await ok<TeamContentWriteResponse<ContactThematicRow>>(
        await send(admin, 'POST', `${API}/contact-thematics`, {
          name: 'Restauration collective',
          recipient_email: 'restauration@exemple.fr',
          address_name: 'Pôle restauration',
          address_line_1: '3 place de la Bourse',
          address_line_2: '',
          postcode: '33000',
          city: 'Bordeaux',
          country: 'France',
          phone: '',
        }),
      );
      expect(created.message).toBe('La thématique « Restauration collective » a bien été ajoutée.');
      const id = created.data.id;
      expect(id).toBeLessThan(CONTACT_THEMATIC_OTHER);
      expect(created.data).toMatchObject({
        recipient_email: 'restauration@exemple.fr',
        protected: false,
        address: { address_name: 'Pôle restauration', city: 'Bordeaux', phone: null },
      });

      let options = await publicRead<ContactUsOptions>('/api/contact-us/options');
      expect(options.thematics.slice(-2)).toEqual([
        { id, name: 'Restauration collective' },
        { id: CONTACT_THEMATIC_OTHER, name: 'Autre' },
      ]);
      expect(options.addresses).toContainEqual(
        expect.objectContaining({ name: 'Pôle restauration', thematic_id: id }),
      );

      const list = await ok<ContactThematicsList>(
        await send(admin, 'GET', `${API}/contact-thematics`),
      );
      expect(list.default_recipient).toMatch(/@/);
      expect(list.data.find((row) => row.id === CONTACT_THEMATIC_IDEAS)?.protected).toBe(true);

      // Renamed, routed elsewhere, its address removed.
      const updated = await ok<TeamContentWriteResponse<ContactThematicRow>>(
        await send(admin, 'PUT', `${API}/contact-thematics/${id}`, {
          name: 'Cantines',
          recipient_email: 'cantines@exemple.fr',
        }),
      );
      expect(updated.data).toMatchObject({
        name: 'Cantines',
        recipient_email: 'cantines@exemple.fr',
        address: null,
      });
      options = await publicRead('/api/contact-us/options');
      expect(options.thematics).toContainEqual({ id, name: 'Cantines' });
      expect(options.addresses.filter((a) => a.thematic_id === id)).toEqual([]);

      const deleted = await ok<{ message: string }>(
        await send(admin, 'DELETE', `${API}/contact-thematics/${id}`),
      );
      expect(deleted.message).toBe('La thématique « Cantines » a bien été supprimée.');
      options = await publicRead('/api/contact-us/options');
      expect(options.thematics.map((th) => th.id)).not.toContain(id);

      await expectAudit('contact_thematic.create', id, admin, 'Restauration collective');
      await expectAudit('contact_thematic.update', id, admin, 'Cantines');
      await expectAudit('contact_thematic.delete', id, admin, 'Cantines');
    });

    it('keeps the thematics the site links to, and checks the fields in French', async () => {
      const refused = await send(
        admin,
        'DELETE',
        `${API}/contact-thematics/${CONTACT_THEMATIC_IDEAS}`,
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(
        /^La thématique « Boîte à idées » ne peut pas être supprimée/,
      );
      const invalid = await send(admin, 'POST', `${API}/contact-thematics`, {
        name: 'Autre',
        recipient_email: 'pas-une-adresse',
        city: 'Pau',
      });
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json().errors).toEqual({
        recipient_email: [
          'Le champ adresse e-mail de destination doit être une adresse e-mail valide.',
        ],
        address_name: [TEAM_CONTENT_MESSAGES.addressNameRequired],
      });
      const taken = await send(admin, 'POST', `${API}/contact-thematics`, { name: 'autre' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({
        name: [TEAM_CONTENT_MESSAGES.contactThematicNameTaken],
      });
    });
  });
});
