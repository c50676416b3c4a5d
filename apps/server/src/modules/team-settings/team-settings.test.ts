import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_FILTERS_API_PATH, type MapFilters } from '@ad/contract';
import {
  SETTINGS_LIST_INFO,
  SETTINGS_LISTS,
  TEAM_SETTINGS_MESSAGES,
  type SettingsEntry,
  type SettingsList,
  type SettingsListResponse,
  type SettingsWriteResponse,
} from '@ad/contract/account/team-settings';
import {
  auditEvents,
  beneficiaries,
  initiativeBeneficiaries,
  initiatives,
  postCategories,
  posts,
  revisions,
  subthematics,
} from '../../db/schema/index.ts';
import { loadReferenceIds, seedReferenceData, type ReferenceIds } from '../../db/seed/index.ts';
import { createTestApp, signedInAs, visit, type TestApp } from '../../platform/testing.ts';
import { readMapItemVersion } from '../maps/maps.service.ts';

const API = '/api/moderation/settings';

interface Who {
  cookies: Record<string, string>;
  csrf: string;
  user: { id: number };
}

describe('the reference lists of the back office (/api/moderation/settings)', () => {
  let t: TestApp;
  let ref: ReferenceIds;
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

  const listOf = async (list: SettingsList, who: Who = admin) => {
    const response = await send(who, 'GET', `${API}/${list}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SettingsListResponse>();
  };

  const entryNamed = async (list: SettingsList, name: string): Promise<SettingsEntry> => {
    const entry = (await listOf(list)).data.find((e) => e.name === name);
    if (!entry) throw new Error(`no ${name} in ${list}`);
    return entry;
  };

  const auditOf = (action: string, list: SettingsList, id: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, action),
          eq(auditEvents.subjectType, list),
          eq(auditEvents.subjectId, String(id)),
        ),
      )
      .orderBy(auditEvents.id);

  const publicGet = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedReferenceData(t.database.db);
    ref = await loadReferenceIds(t.database.db);
    [admin, moderator, member] = await Promise.all([
      signedInAs(t, { role: 'admin' }),
      signedInAs(t, { role: 'moderator' }),
      signedInAs(t, { role: 'member' }),
    ]);
  });
  afterAll(() => t.close());

  describe('access', () => {
    const routes = [
      ['GET', `${API}/post_categories`],
      ['POST', `${API}/post_categories`],
      ['PUT', `${API}/post_categories/1`],
      ['DELETE', `${API}/post_categories/1`],
      ['POST', `${API}/post_categories/1/move`],
    ] as const;
    const payloadOf = (method: string) =>
      method === 'POST' || method === 'PUT' ? { name: 'Essai', direction: 'up' } : undefined;

    it('answers 401 to anonymous visitors and 403 to members on every route', async () => {
      const anonymous = await visit(t.app, '/');
      for (const [method, url] of routes) {
        const asAnonymous = await send(
          { ...anonymous, user: { id: 0 } },
          method,
          url,
          payloadOf(method),
        );
        expect(asAnonymous.statusCode, `${method} ${url}`).toBe(401);
        const asMember = await send(member, method, url, payloadOf(method));
        expect(asMember.statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it('lets moderators read the lists but not change them', async () => {
      const read = await listOf('post_categories', moderator);
      expect(read.can_edit).toBe(false);
      expect(read.data.length).toBeGreaterThan(0);
      for (const [method, url] of routes.filter(([method]) => method !== 'GET')) {
        const response = await send(moderator, method, url, payloadOf(method));
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await listOf('post_categories')).can_edit).toBe(true);
    });

    it('answers 404 for an unknown list or entry, 419 without the CSRF token', async () => {
      expect((await send(admin, 'GET', `${API}/inconnue`)).statusCode).toBe(404);
      expect(
        (await send(admin, 'PUT', `${API}/beneficiaries/999999`, { name: 'X' })).statusCode,
      ).toBe(404);
      expect((await send(admin, 'DELETE', `${API}/beneficiaries/abc`)).statusCode).toBe(404);
      const withoutToken = await t.app.inject({
        method: 'POST',
        url: `${API}/beneficiaries`,
        cookies: admin.cookies,
        payload: { name: 'Sans jeton' },
      });
      expect(withoutToken.statusCode).toBe(419);
    });
  });

  describe('each list', () => {
    const editable = SETTINGS_LISTS.filter((list) => !SETTINGS_LIST_INFO[list].fixed);

    it.each(editable)(
      '%s: add, refuse a duplicate, rename, move and delete, with audit',
      async (list) => {
        const parent = SETTINGS_LIST_INFO[list].parent ? ref.thematics.get('nutrition') : undefined;
        const before = await listOf(list);
        expect(before.data.every((entry) => entry.name.length > 0)).toBe(true);
        if (parent) expect(before.thematics.map((th) => th.id)).toContain(parent);

        const created = await send(admin, 'POST', `${API}/${list}`, {
          name: '  Entrée d’essai  ',
          thematic_id: parent,
        });
        expect(created.statusCode, created.body).toBe(200);
        const { data: entry, message } = created.json<SettingsWriteResponse>();
        expect(message).toMatch(/« Entrée d’essai » a bien été ajouté/);
        expect(entry).toMatchObject({ name: 'Entrée d’essai', slug: 'entree-d-essai', usage: 0 });
        if (parent) expect(entry.thematic?.id).toBe(parent);
        const siblings = (await listOf(list)).data.filter(
          (e) => (e.thematic?.id ?? null) === (entry.thematic?.id ?? null),
        );
        expect(siblings.at(-1)?.id, 'added last').toBe(entry.id);

        const duplicate = await send(admin, 'POST', `${API}/${list}`, {
          name: 'ENTREE D’ESSAI',
          thematic_id: parent,
        });
        expect(duplicate.statusCode).toBe(422);
        expect(duplicate.json().errors.name).toEqual([
          parent ? TEAM_SETTINGS_MESSAGES.nameTakenInThematic : TEAM_SETTINGS_MESSAGES.nameTaken,
        ]);

        const renamed = await send(admin, 'PUT', `${API}/${list}/${entry.id}`, {
          name: 'Entrée renommée',
        });
        expect(renamed.statusCode, renamed.body).toBe(200);
        expect(renamed.json<SettingsWriteResponse>().data).toMatchObject({
          name: 'Entrée renommée',
          slug: 'entree-d-essai',
        });

        const moved = await send(admin, 'POST', `${API}/${list}/${entry.id}/move`, {
          direction: 'up',
        });
        expect(moved.statusCode, moved.body).toBe(200);
        const order = (await listOf(list)).data
          .filter((e) => (e.thematic?.id ?? null) === (entry.thematic?.id ?? null))
          .map((e) => e.id);
        expect(order.at(-2)).toBe(entry.id);
        const last = await send(admin, 'POST', `${API}/${list}/${order.at(-1)}/move`, {
          direction: 'down',
        });
        expect(last.statusCode).toBe(409);

        const deleted = await send(admin, 'DELETE', `${API}/${list}/${entry.id}`);
        expect(deleted.statusCode, deleted.body).toBe(200);
        expect(deleted.json().message).toMatch(/« Entrée renommée » a bien été supprimé/);
        expect((await listOf(list)).data.map((e) => e.id)).not.toContain(entry.id);

        for (const verb of ['create', 'update', 'move', 'delete']) {
          const [event] = await auditOf(`team_settings.${verb}`, list, entry.id);
          expect(event, verb).toMatchObject({ actorId: admin.user.id });
          expect(event?.data).toMatchObject({ list });
        }
        const [update] = await auditOf('team_settings.update', list, entry.id);
        expect(update?.data).toMatchObject({
          name: 'Entrée renommée',
          previous_name: 'Entrée d’essai',
        });
      },
    );
  });

  describe('validation', () => {
    it('answers 422 with French messages per field', async () => {
      const empty = await send(admin, 'POST', `${API}/beneficiaries`, { name: '   ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({ name: [TEAM_SETTINGS_MESSAGES.nameRequired] });
      const long = await send(admin, 'POST', `${API}/beneficiaries`, { name: 'x'.repeat(101) });
      expect(long.json().errors).toEqual({ name: [TEAM_SETTINGS_MESSAGES.nameTooLong] });
      const missing = await send(admin, 'POST', `${API}/beneficiaries`, {});
      expect(missing.json().errors).toEqual({ name: [TEAM_SETTINGS_MESSAGES.nameRequired] });

      const noThematic = await send(admin, 'POST', `${API}/subthematics`, { name: 'Orpheline' });
      expect(noThematic.statusCode).toBe(422);
      expect(noThematic.json().errors).toEqual({
        thematic_id: [TEAM_SETTINGS_MESSAGES.thematicRequired],
      });
      const badThematic = await send(admin, 'POST', `${API}/subthematics`, {
        name: 'Orpheline',
        thematic_id: 999999,
      });
      expect(badThematic.json().errors).toEqual({
        thematic_id: [TEAM_SETTINGS_MESSAGES.thematicInvalid],
      });
      const pastInt4 = await send(admin, 'POST', `${API}/subthematics`, {
        name: 'Orpheline',
        thematic_id: 3_000_000_000,
      });
      expect(pastInt4.statusCode).toBe(422);
      expect(pastInt4.json().errors).toEqual({
        thematic_id: [TEAM_SETTINGS_MESSAGES.thematicInvalid],
      });

      const direction = await send(admin, 'POST', `${API}/beneficiaries/1/move`, {
        direction: 'left',
      });
      expect(direction.statusCode).toBe(422);
      expect(direction.json().errors).toEqual({
        direction: [TEAM_SETTINGS_MESSAGES.directionInvalid],
      });
    });

    it('keeps a subthematic name unique within its thematic only', async () => {
      const taken = (await listOf('subthematics')).data.find(
        (e) => e.thematic?.id === ref.thematics.get('nutrition'),
      )!;
      const elsewhere = await send(admin, 'POST', `${API}/subthematics`, {
        name: taken.name,
        thematic_id: ref.thematics.get('urbanisme'),
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      const { id } = elsewhere.json<SettingsWriteResponse>().data;
      expect((await send(admin, 'DELETE', `${API}/subthematics/${id}`)).statusCode).toBe(200);
    });
  });

  describe('the themes', () => {
    it('are fixed: neither added nor deleted', async () => {
      const themes = await listOf('thematics');
      expect(themes.data).toHaveLength(6);
      const added = await send(admin, 'POST', `${API}/thematics`, {
        name: 'Septième',
        color: '#000091',
      });
      expect(added.statusCode).toBe(409);
      expect(added.json().message).toBe(TEAM_SETTINGS_MESSAGES.fixed);
      const deleted = await send(admin, 'DELETE', `${API}/thematics/${themes.data[0]!.id}`);
      expect(deleted.statusCode).toBe(409);
      expect((await listOf('thematics')).data).toHaveLength(6);
    });

    it('are renamed and recoloured, and the map shows it at once', async () => {
      const id = ref.thematics.get('nutrition')!;
      const [before] = (await publicGet<MapFilters>(MAP_FILTERS_API_PATH)).themes.filter(
        (th) => th.id === id,
      );
      expect(before?.name).toBe('Nutrition et santé');

      const badFormat = await send(admin, 'PUT', `${API}/thematics/${id}`, {
        name: 'Nutrition',
        color: 'rouge',
      });
      expect(badFormat.statusCode).toBe(422);
      expect(badFormat.json().errors).toEqual({ color: [TEAM_SETTINGS_MESSAGES.colorInvalid] });
      const tooLight = await send(admin, 'PUT', `${API}/thematics/${id}`, {
        name: 'Nutrition',
        color: '#FFFF00',
      });
      expect(tooLight.json().errors).toEqual({ color: [TEAM_SETTINGS_MESSAGES.colorTooLight] });
      const taken = await send(admin, 'PUT', `${API}/thematics/${id}`, {
        name: 'économie alimentaire',
        color: '#009081',
      });
      expect(taken.json().errors).toEqual({ name: [TEAM_SETTINGS_MESSAGES.nameTaken] });

      const renamed = await send(admin, 'PUT', `${API}/thematics/${id}`, {
        name: 'Nutrition, santé et bien-être',
        color: '#18753c',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<SettingsWriteResponse>().data).toMatchObject({
        name: 'Nutrition, santé et bien-être',
        color: '#18753C',
        slug: 'nutrition-sante',
      });
      await t.contentSettled();
      const [after] = (await publicGet<MapFilters>(MAP_FILTERS_API_PATH)).themes.filter(
        (th) => th.id === id,
      );
      expect(after).toMatchObject({
        name: 'Nutrition, santé et bien-être',
        color: '#18753C',
        class: 'thematic-nutrition',
      });

      // A rename alone keeps the colour.
      await send(admin, 'PUT', `${API}/thematics/${id}`, { name: 'Nutrition et santé' });
      expect((await entryNamed('thematics', 'Nutrition et santé')).color).toBe('#18753C');
      const [audit] = await auditOf('team_settings.update', 'thematics', id);
      expect(audit?.data).toMatchObject({ color: '#18753C', previous_color: '#009081' });
    });
  });

  describe('public lists', () => {
    it('show a renamed post category and subthematic at once', async () => {
      const categoryId = ref.postCategories.values().next().value!;
      await t.database.db.insert(posts).values({
        slug: 'actualite-publiee',
        title: 'Actualité publiée',
        categoryId,
        moderationStatus: 'published',
        publishedAt: new Date(),
      });
      await t.contentSettled();
      const filters = await publicGet<{ categories: { id: number; name: string }[] }>(
        '/api/posts/filters',
      );
      expect(filters.categories.map((c) => c.id)).toContain(categoryId);

      const renamed = await send(admin, 'PUT', `${API}/post_categories/${categoryId}`, {
        name: 'Catégorie renommée',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await t.contentSettled();
      const after = await publicGet<{ categories: { id: number; name: string }[] }>(
        '/api/posts/filters',
      );
      expect(after.categories.find((c) => c.id === categoryId)?.name).toBe('Catégorie renommée');
      const list = await publicGet<{ data: { title: string; category: { name: string } }[] }>(
        '/api/posts',
      );
      expect(list.data.find((p) => p.title === 'Actualité publiée')?.category.name).toBe(
        'Catégorie renommée',
      );

      const subthematicId = ref.subthematics.get('ateliers-cuisine')!;
      await publicGet<MapFilters>(MAP_FILTERS_API_PATH);
      await send(admin, 'PUT', `${API}/subthematics/${subthematicId}`, {
        name: 'Ateliers de cuisine',
      });
      await t.contentSettled();
      const groups = (await publicGet<MapFilters>(MAP_FILTERS_API_PATH)).subthematics;
      const names = groups.flatMap((g) => g.subthematics).filter((s) => s.id === subthematicId);
      expect(names).toEqual([{ id: subthematicId, name: 'Ateliers de cuisine' }]);
    });
  });

  describe('deleting an entry in use', () => {
    it('is refused with what uses it, and nothing changes', async () => {
      const db = t.database.db;
      const [category] = await db
        .insert(postCategories)
        .values({ slug: 'en-usage', name: 'En usage', position: 50 })
        .returning();
      await db.insert(posts).values([
        { slug: 'p1', title: 'P1', categoryId: category!.id, moderationStatus: 'published' },
        { slug: 'p2', title: 'P2', categoryId: category!.id, moderationStatus: 'pending' },
      ]);
      const response = await send(admin, 'DELETE', `${API}/post_categories/${category!.id}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(
        'Impossible de supprimer la catégorie « En usage » : elle est utilisée par 2 éléments (2 actualités). Retirez-la de ces éléments avant de la supprimer.',
      );
      expect(
        await db.select().from(postCategories).where(eq(postCategories.id, category!.id)),
      ).toHaveLength(1);
      expect((await entryNamed('post_categories', 'En usage')).usage).toBe(2);
      expect(await auditOf('team_settings.delete', 'post_categories', category!.id)).toHaveLength(
        0,
      );
    });

    it('counts initiatives, food procedures and pending edits', async () => {
      const db = t.database.db;
      const [beneficiary] = await db
        .insert(beneficiaries)
        .values({ slug: 'beneficiaire-utilise', name: 'Bénéficiaire utilisé', position: 50 })
        .returning();
      const [initiative] = await db
        .insert(initiatives)
        .values({ slug: 'initiative-1', title: 'Initiative 1', moderationStatus: 'published' })
        .returning();
      await db
        .insert(initiativeBeneficiaries)
        .values({ initiativeId: initiative!.id, beneficiaryId: beneficiary!.id });
      const [other] = await db
        .insert(initiatives)
        .values({ slug: 'initiative-2', title: 'Initiative 2', moderationStatus: 'published' })
        .returning();
      await db.insert(revisions).values({
        subjectType: 'initiative',
        subjectId: other!.id,
        payload: {
          values: {},
          relations: { beneficiaryIds: [beneficiary!.id], subthematicIds: [] },
          files: {},
        },
      });

      const response = await send(admin, 'DELETE', `${API}/beneficiaries/${beneficiary!.id}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(
        'Impossible de supprimer le bénéficiaire « Bénéficiaire utilisé » : il est utilisé par 2 éléments (1 initiative et 1 modification en attente). Retirez-le de ces éléments avant de le supprimer.',
      );
      expect((await entryNamed('beneficiaries', 'Bénéficiaire utilisé')).usage_details).toBe(
        '1 initiative et 1 modification en attente',
      );

      // Once nothing uses it (the edit rejected, the initiative changed), it goes.
      await db.update(revisions).set({ status: 'rejected' });
      await db
        .delete(initiativeBeneficiaries)
        .where(eq(initiativeBeneficiaries.beneficiaryId, beneficiary!.id));
      const deleted = await send(admin, 'DELETE', `${API}/beneficiaries/${beneficiary!.id}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
    });

    it('makes the PDF sheets of the items again after a move (their lists change order)', async () => {
      const db = t.database.db;
      const [initiative] = await db
        .insert(initiatives)
        .values({
          slug: 'initiative-fiche',
          title: 'Initiative fiche',
          moderationStatus: 'published',
        })
        .returning();
      const before = await readMapItemVersion(db, 'initiative', initiative!.id);
      expect(before).not.toBeNull();
      const second = (await listOf('beneficiaries')).data[1]!;
      const moved = await send(admin, 'POST', `${API}/beneficiaries/${second.id}/move`, {
        direction: 'up',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await readMapItemVersion(db, 'initiative', initiative!.id)).not.toBe(before);
    });

    it('reads a progress status held by a pending edit of a food procedure', async () => {
      const [status] = (await listOf('progress_statuses')).data;
      await t.database.db.insert(revisions).values({
        subjectType: 'food_procedure',
        subjectId: 1,
        payload: { values: { progressStatusId: status!.id }, relations: {}, files: {} },
      });
      const response = await send(admin, 'DELETE', `${API}/progress_statuses/${status!.id}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toContain('(1 modification en attente)');
      await t.database.db.update(revisions).set({ status: 'rejected' });
    });
  });

  describe('the reference seed', () => {
    it('does not bring back what the team deleted or renamed', async () => {
      const db = t.database.db;
      const unused = (await listOf('beneficiaries')).data.find((e) => e.usage === 0)!;
      expect((await send(admin, 'DELETE', `${API}/beneficiaries/${unused.id}`)).statusCode).toBe(
        200,
      );
      const subthematicId = ref.subthematics.get('jardins-partages')!;
      await send(admin, 'PUT', `${API}/subthematics/${subthematicId}`, {
        name: 'Jardins collectifs',
      });
      const counts = async () => ({
        beneficiaries: (await db.select({ n: sql<number>`count(*)::int` }).from(beneficiaries))[0]!
          .n,
        subthematics: (await db.select({ n: sql<number>`count(*)::int` }).from(subthematics))[0]!.n,
      });
      const before = await counts();
      await seedReferenceData(db);
      expect(await counts()).toEqual(before);
      expect((await listOf('beneficiaries')).data.map((e) => e.name)).not.toContain(unused.name);
    });
  });
});
