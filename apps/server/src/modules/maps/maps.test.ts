import type { LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIELD_INVALID_MESSAGE,
  MAP_FIRST_PAGE_SIZE,
  MAP_PAGE_SIZE,
  mapItemPdfPath,
  THEMATICS,
  type MapFilters,
  type MapItemDetail,
  type MapListItem,
  type MapListPage,
} from '@ad/contract';
import { EXPORT_PERIOD_OPTIONS, EXPORT_TYPE_OPTIONS } from '@ad/contract/schemas';
import { contacts } from '../../db/schema/contacts.ts';
import { files } from '../../db/schema/files.ts';
import {
  foodProcedureBeneficiaries,
  foodProcedureSubthematics,
  foodProcedureThematics,
  foodProcedures,
} from '../../db/schema/food-procedures.ts';
import {
  initiativeBeneficiaries,
  initiativeCommunes,
  initiativeCommunitiesOfCommunes,
  initiativeFiles,
  initiativeSubthematics,
  initiatives,
} from '../../db/schema/initiatives.ts';
import { departements } from '../../db/schema/geo.ts';
import { projectHolderTypes } from '../../db/schema/taxonomy.ts';
import { loadReferenceIds, seedReferenceData } from '../../db/seed/index.ts';
import { MESSAGES } from '../../platform/errors.ts';
import { createTestApp, type TestApp } from '../../platform/testing.ts';
import { MapIndex } from './map-index.ts';
import { mapListInputSchema } from './maps.routes.ts';
import { readMapItemVersion, readMapList, type MapListInput } from './maps.service.ts';

const ref = <K>(map: Map<K, number>, key: K): number => {
  const id = map.get(key);
  if (id === undefined) throw new Error(`no reference ${String(key)}`);
  return id;
};

const theme = (key: string) => {
  const found = THEMATICS.find((th) => th.key === key);
  if (!found) throw new Error(`no theme ${key}`);
  return { name: found.name, color: found.color, class: found.class };
};

const NO_FILTERS: MapListInput = {
  page: 1,
  latitude: null,
  longitude: null,
  q: '',
  thematics: [],
  subthematics: [],
  projectHolders: [],
  beneficiaries: [],
  locations: [],
  foodProcedureId: null,
  contactId: null,
};

describe('the initiatives map API', () => {
  let t: TestApp;
  const id: Record<string, number> = {};
  let economie: number, nutrition: number, accessibilite: number, environnement: number;
  let circuits: number, epiceries: number, qualiteRepas: number, planification: number;
  let grandPublic: number, scolaires: number, precarite: number;
  let association: number, entreprise: number, collectivite: number;

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const list = async (path: string, query = '') => {
    const response = await get(`${path}${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MapListPage>();
  };
  const initiativeIds = async (query = '') =>
    (await list('/api/initiatives', query)).data.map((item) => item.id);
  const procedureIds = async (query = '') =>
    (await list('/api/food_procedures', query)).data.map((item) => item.id);
  const ids = (...keys: string[]) => keys.map((key) => id[key]!).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await seedReferenceData(db);
    const r = await loadReferenceIds(db);
    economie = ref(r.thematics, 'economie');
    nutrition = ref(r.thematics, 'nutrition');
    accessibilite = ref(r.thematics, 'accessibilite');
    environnement = ref(r.thematics, 'environnement');
    circuits = ref(r.subthematics, 'circuits-courts');
    epiceries = ref(r.subthematics, 'epiceries-solidaires');
    qualiteRepas = ref(r.subthematics, 'qualite-repas');
    planification = ref(r.subthematics, 'planification');
    grandPublic = ref(r.beneficiaries, 'grand-public');
    scolaires = ref(r.beneficiaries, 'scolaires');
    precarite = ref(r.beneficiaries, 'precarite');
    association = ref(r.projectHolderTypes, 'association');
    entreprise = ref(r.projectHolderTypes, 'entreprise');
    collectivite = ref(r.projectHolderTypes, 'collectivite');
    const enCours = ref(r.progressStatuses, 'en-cours');
    const published = { moderationStatus: 'published' as const, publishedAt: new Date() };

    const [avatar, logo, document, hiddenDocument] = await db
      .insert(files)
      .values([
        {
          storageKey: 'contacts/avatar1.webp',
          originalName: 'a.webp',
          mimeType: 'image/webp',
          size: 9,
        },
        {
          storageKey: 'logos/marche.png',
          originalName: 'logo-marche.png',
          mimeType: 'image/png',
          size: 5,
        },
        {
          storageKey: 'documents/bilan.pdf',
          originalName: 'bilan-2025.pdf',
          mimeType: 'application/pdf',
          size: 123_456,
        },
        {
          storageKey: 'documents/interne.pdf',
          originalName: 'interne.pdf',
          mimeType: 'application/pdf',
          size: 777,
        },
      ])
      .returning({ id: files.id });

    const [mairie, pendingContact] = await db
      .insert(contacts)
      .values([
        {
          societyName: 'Mairie de Bordeaux',
          societyEmail: 'secret-referent@bordeaux.exemple.fr',
          typeId: ref(r.contactTypes, 'collectivite'),
          imageFileId: avatar!.id,
          addressLine1: 'Place Pey-Berland',
          postcode: '33000',
          city: 'Bordeaux',
          phone: '05 56 00 00 00',
          websiteUrl: 'https://bordeaux.exemple.fr',
          ...published,
        },
        { societyName: 'Structure en attente', societyEmail: 'attente@exemple.fr' },
      ])
      .returning({ id: contacts.id });
    id.mairie = mairie!.id;
    id.pendingContact = pendingContact!.id;

    const procedure = async (
      key: string,
      values: Partial<typeof foodProcedures.$inferInsert>,
      relations: { themes?: number[]; subs?: number[]; bens?: number[] } = {},
    ) => {
      const [row] = await db
        .insert(foodProcedures)
        .values({ title: key, slug: key, ...values })
        .returning({ id: foodProcedures.id });
      id[key] = row!.id;
      const owner = { foodProcedureId: row!.id };
      if (relations.themes?.length)
        await db
          .insert(foodProcedureThematics)
          .values(
            relations.themes.map((thematicId, position) => ({ ...owner, thematicId, position })),
          );
      if (relations.subs?.length)
        await db
          .insert(foodProcedureSubthematics)
          .values(relations.subs.map((subthematicId) => ({ ...owner, subthematicId })));
      if (relations.bens?.length)
        await db
          .insert(foodProcedureBeneficiaries)
          .values(relations.bens.map((beneficiaryId) => ({ ...owner, beneficiaryId })));
    };
    const initiative = async (
      key: string,
      values: Partial<typeof initiatives.$inferInsert>,
      relations: { subs?: number[]; bens?: number[] } = {},
    ) => {
      const [row] = await db
        .insert(initiatives)
        .values({ title: key, slug: key, ...values })
        .returning({ id: initiatives.id });
      id[key] = row!.id;
      const owner = { initiativeId: row!.id };
      if (relations.subs?.length)
        await db
          .insert(initiativeSubthematics)
          .values(relations.subs.map((subthematicId) => ({ ...owner, subthematicId })));
      if (relations.bens?.length)
        await db
          .insert(initiativeBeneficiaries)
          .values(relations.bens.map((beneficiaryId) => ({ ...owner, beneficiaryId })));
    };

    await procedure(
      'pat',
      {
        title: 'Projet alimentaire territorial du Périgord',
        summary: '<p>Le PAT du Périgord.</p>',
        isPat: true,
        city: 'Périgueux',
        latitude: 45.184,
        longitude: 0.721,
        departementCode: '24',
        projectHolderTypeId: collectivite,
        contactId: mairie!.id,
        ...published,
      },
      { themes: [nutrition, economie], subs: [planification], bens: [scolaires] },
    );
    await procedure(
      'hiddenProcedure',
      {
        title: 'Démarche en attente de modération',
        city: 'Bordeaux',
        latitude: 44.84,
        longitude: -0.58,
        departementCode: '33',
        projectHolderTypeId: association,
      },
      { themes: [economie] },
    );
    await procedure(
      'procedureWithoutPosition',
      { title: 'Démarche sans position', departementCode: '33', ...published },
      { themes: [economie] },
    );

    await initiative(
      'marche',
      {
        title: 'Marché des producteurs de Bordeaux',
        summary:
          'Un **marché** hebdomadaire, [le site](https://marche.exemple.fr).\n\n<script>alert(1)</script>\n\n- fruits\n- légumes',
        city: 'Bordeaux',
        latitude: 44.8378,
        longitude: -0.5792,
        departementCode: '33',
        thematicId: economie,
        secondaryThematicId: nutrition,
        projectHolderTypeId: association,
        areaOfInfluenceId: ref(r.areasOfInfluence, 'communale'),
        territoryOfRealization: 'Bordeaux centre',
        foodProcedureId: id.pat,
        contactId: mairie!.id,
        progressStatusId: enCours,
        technicalPartners: [{ partner: 'Chambre d’agriculture' }],
        financialPartners: [{ partner: 'Région', device: 'AAP alimentation' }],
        websiteUrls: [{ website_url: 'https://marche.exemple.fr' }],
        nbTeamMembers: 3,
        projectCost: 12500.5,
        releasedAt: '2024-03-01',
        endedAt: '2026-12-31',
        context: 'Peu de vente directe en ville.',
        objectives: 'Vendre local.',
        pqnaExternalUrl: 'https://partenaire.exemple.fr/marche',
        displayDocuments: false,
        ...published,
      },
      { subs: [circuits], bens: [grandPublic] },
    );
    await initiative(
      'epicerie',
      {
        title: 'Épicerie solidaire de Limoges',
        summary:
          '<p onclick="steal()">Une épicerie <script>alert(1)</script><a href="javascript:alert(1)">ici</a> <strong>solidaire</strong>.</p>',
        city: 'Limoges',
        latitude: 45.8336,
        longitude: 1.2611,
        departementCode: '87',
        thematicId: accessibilite,
        projectHolderTypeId: entreprise,
        foodProcedureId: id.hiddenProcedure,
        contactId: pendingContact!.id,
        displayDocuments: true,
        ...published,
      },
      { subs: [epiceries], bens: [precarite] },
    );
    await initiative(
      'cantine',
      {
        title: 'Cantine bio et locale',
        summary: '<p>Des repas de qualité pour les écoliers.</p>',
        city: 'Pau',
        latitude: 43.2951,
        longitude: -0.3708,
        departementCode: '64',
        thematicId: nutrition,
        secondaryThematicId: environnement,
        projectHolderTypeId: collectivite,
        ...published,
      },
      { subs: [qualiteRepas], bens: [scolaires] },
    );
    await initiative('pending', {
      title: 'Marché en attente de modération',
      city: 'Bordeaux',
      latitude: 44.84,
      longitude: -0.57,
      departementCode: '33',
      thematicId: economie,
      projectHolderTypeId: association,
      contactId: mairie!.id,
    });
    await initiative('withoutPosition', {
      title: 'Marché sans position',
      city: 'Bordeaux',
      departementCode: '33',
      thematicId: economie,
      ...published,
    });

    await db.insert(initiativeCommunes).values({ initiativeId: id.marche!, communeCode: '33063' });
    await db
      .insert(initiativeCommunitiesOfCommunes)
      .values({ initiativeId: id.marche!, communityCode: '243300316' });
    await db.insert(initiativeFiles).values([
      { initiativeId: id.marche!, fileId: logo!.id, kind: 'logo', position: 0 },
      { initiativeId: id.marche!, fileId: hiddenDocument!.id, kind: 'document', position: 1 },
      {
        initiativeId: id.epicerie!,
        fileId: document!.id,
        kind: 'document',
        displayedName: 'Bilan 2025',
        position: 0,
      },
    ]);
    await t.contentSettled();
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/initiatives and GET /api/food_procedures', () => {
    it('lists the published items with a position, by id, in the compact shape', async () => {
      const page = await list('/api/initiatives');
      expect(page.data.map((item) => item.id)).toEqual(ids('marche', 'epicerie', 'cantine'));
      expect(page.data[0]).toEqual({
        id: id.marche!,
        title: 'Marché des producteurs de Bordeaux',
        latitude: 44.8378,
        longitude: -0.5792,
        city: 'Bordeaux',
        thematic: theme('economie'),
        is_pat: 0,
      } satisfies MapListItem);
      expect(page.meta).toMatchObject({
        current_page: 1,
        last_page: 1,
        per_page: MAP_FIRST_PAGE_SIZE,
        total: 3,
        from: 1,
        to: 3,
      });
      expect(page.pages).toEqual([1]);
      expect(page.links).toEqual({
        first: '/api/initiatives?page=1',
        last: '/api/initiatives?page=1',
        prev: null,
        next: null,
      });

      const procedures = await list('/api/food_procedures');
      // The procedure's first thematic (by position) colours it; is_pat 1 for a PAT.
      expect(procedures.data).toEqual([
        {
          id: id.pat,
          title: 'Projet alimentaire territorial du Périgord',
          latitude: 45.184,
          longitude: 0.721,
          city: 'Périgueux',
          thematic: theme('nutrition'),
          is_pat: 1,
        },
      ]);
      expect(procedures.meta.total).toBe(1);
    });

    it('keeps the items inside the bounds (both pair spellings, either order)', async () => {
      const gironde = 'latitude[]=44&latitude[]=45.5&longitude[]=-1&longitude[]=1';
      expect(await initiativeIds(gironde)).toEqual(ids('marche'));
      expect(await procedureIds(gironde)).toEqual(ids('pat'));
      expect(await initiativeIds('latitude=45.5&latitude=44&longitude=-1&longitude=1')).toEqual(
        ids('marche'),
      );
      // The default bounds of the region (spec §9) hold every item.
      expect(
        await initiativeIds(
          'latitude[]=42.196&latitude[]=47.769&longitude[]=-3.543&longitude[]=7.224',
        ),
      ).toEqual(ids('marche', 'epicerie', 'cantine'));
      expect(await initiativeIds('latitude[]=46&latitude[]=47')).toEqual([]);
      expect(await initiativeIds('longitude[]=1&longitude[]=2')).toEqual(ids('epicerie'));
      // A west bound east of the east one: across the antimeridian (here ≥ 1 or ≤ -0.5).
      expect(await initiativeIds('longitude[]=1&longitude[]=-0.5')).toEqual(
        ids('marche', 'epicerie'),
      );
      // The links carry the bounds.
      const page = await list('/api/initiatives', gironde);
      expect(page.links.first).toBe(
        '/api/initiatives?latitude%5B%5D=44&latitude%5B%5D=45.5&longitude%5B%5D=-1&longitude%5B%5D=1&page=1',
      );
    });

    it('filters by thematic: main or secondary for initiatives, any for procedures', async () => {
      expect(await initiativeIds(`thematics[]=${nutrition}`)).toEqual(ids('marche', 'cantine'));
      expect(await initiativeIds(`thematics[]=${environnement}`)).toEqual(ids('cantine'));
      expect(await initiativeIds(`thematics[]=${accessibilite}&thematics[]=${economie}`)).toEqual(
        ids('marche', 'epicerie'),
      );
      expect(await procedureIds(`thematics[]=${economie}`)).toEqual(ids('pat'));
      expect(await procedureIds(`thematics=${environnement}`)).toEqual([]);
    });

    it('filters by subthematics, project holder types, beneficiaries and départements', async () => {
      expect(await initiativeIds(`subthematics[]=${circuits}`)).toEqual(ids('marche'));
      expect(
        await initiativeIds(`subthematics[]=${circuits}&subthematics[]=${qualiteRepas}`),
      ).toEqual(ids('marche', 'cantine'));
      expect(await procedureIds(`subthematics[]=${planification}`)).toEqual(ids('pat'));
      expect(await procedureIds(`subthematics[]=${circuits}`)).toEqual([]);

      expect(await initiativeIds(`projectHolders[]=${association}`)).toEqual(ids('marche'));
      expect(
        await initiativeIds(`projectHolders[]=${entreprise}&projectHolders[]=${collectivite}`),
      ).toEqual(ids('epicerie', 'cantine'));
      expect(await procedureIds(`projectHolders[]=${collectivite}`)).toEqual(ids('pat'));
      expect(await procedureIds(`projectHolders[]=${association}`)).toEqual([]);

      expect(await initiativeIds(`beneficiaries[]=${scolaires}`)).toEqual(ids('cantine'));
      expect(
        await initiativeIds(`beneficiaries[]=${grandPublic}&beneficiaries[]=${precarite}`),
      ).toEqual(ids('marche', 'epicerie'));
      expect(await procedureIds(`beneficiaries[]=${scolaires}`)).toEqual(ids('pat'));

      expect(await initiativeIds('locations[]=33&locations[]=64')).toEqual(
        ids('marche', 'cantine'),
      );
      expect(await initiativeIds('locations=87')).toEqual(ids('epicerie'));
      expect(await procedureIds('locations[]=24')).toEqual(ids('pat'));
      expect(await procedureIds('locations[]=33')).toEqual([]);
    });

    it('filters by food procedure and by contact', async () => {
      expect(await initiativeIds(`foodProcedureId=${id.pat}`)).toEqual(ids('marche'));
      expect(await procedureIds(`foodProcedureId=${id.pat}`)).toEqual(ids('pat'));
      // An unpublished procedure is never listed, even asked for.
      expect(await procedureIds(`foodProcedureId=${id.hiddenProcedure}`)).toEqual([]);
      expect(await initiativeIds(`contactId=${id.mairie}`)).toEqual(ids('marche'));
      expect(await procedureIds(`contactId=${id.mairie}`)).toEqual(ids('pat'));
      expect(await initiativeIds(`contactId=${id.pendingContact}`)).toEqual(ids('epicerie'));
      expect(await initiativeIds('contactId=999999')).toEqual([]);
    });

    it('combines the filters (every one must match)', async () => {
      expect(await initiativeIds(`thematics[]=${nutrition}&locations[]=64`)).toEqual(
        ids('cantine'),
      );
      expect(
        await initiativeIds(
          `thematics[]=${nutrition}&subthematics[]=${circuits}&latitude[]=44&latitude[]=45&longitude[]=-1&longitude[]=0&projectHolders[]=${association}&beneficiaries[]=${grandPublic}&locations[]=33&foodProcedureId=${id.pat}&contactId=${id.mairie}&q=marche&resourceType=all`,
        ),
      ).toEqual(ids('marche'));
      expect(await initiativeIds(`thematics[]=${nutrition}&locations[]=87`)).toEqual([]);
      expect(
        await procedureIds(
          `thematics[]=${nutrition}&locations[]=24&projectHolders[]=${entreprise}`,
        ),
      ).toEqual([]);
    });

    it('searches titles, summaries, cities and project holders, French-aware', async () => {
      // Accents and case ignored, stems (plural), the title.
      expect(await initiativeIds('q=marche')).toEqual(ids('marche'));
      expect(await initiativeIds('q=MARCHÉS')).toEqual(ids('marche'));
      expect(await initiativeIds('q=epiceries%20SOLIDAIRES')).toEqual(ids('epicerie'));
      // The summary.
      expect(await initiativeIds('q=écoliers')).toEqual(ids('cantine'));
      // The city.
      expect(await initiativeIds('q=pau')).toEqual(ids('cantine'));
      expect(await procedureIds('q=perigueux')).toEqual(ids('pat'));
      // The project holder type's name, alone or with other words.
      expect(await initiativeIds('q=association')).toEqual(ids('marche'));
      expect(await initiativeIds('q=Associations%20bordeaux')).toEqual(ids('marche'));
      expect(await initiativeIds('q=collectivité')).toEqual(ids('cantine'));
      expect(await procedureIds('q=collectivite')).toEqual(ids('pat'));
      // The last word may be the start of a word being typed.
      expect(await initiativeIds('q=produc')).toEqual(ids('marche'));
      expect(await initiativeIds('q=cantine%20lo')).toEqual([]);
      expect(await initiativeIds('q=cantine%20loc')).toEqual(ids('cantine'));
      // Every word must match; unknown words match nothing; never an unpublished item.
      expect(await initiativeIds('q=marche%20limoges')).toEqual([]);
      expect(await initiativeIds('q=zzzzqqq')).toEqual([]);
      expect(await initiativeIds('q=moderation')).toEqual([]);
      // A blank query is no query.
      expect(await initiativeIds('q=%20')).toEqual(ids('marche', 'epicerie', 'cantine'));
      // The search combines with the filters.
      expect(await initiativeIds(`q=bordeaux&locations[]=64`)).toEqual([]);
    });

    it('accepts resourceType whatever the list', async () => {
      for (const type of ['all', 'initiatives', 'foodProcedures', '']) {
        expect(await initiativeIds(`resourceType=${type}`)).toEqual(
          ids('marche', 'epicerie', 'cantine'),
        );
        expect(await procedureIds(`resourceType=${type}`)).toEqual(ids('pat'));
      }
    });

    it('answers 422 with per-field French errors on malformed parameters', async () => {
      const cases: [string, string][] = [
        ['page=0', 'page'],
        ['page=abc', 'page'],
        ['latitude[]=abc&latitude[]=45', 'latitude.0'],
        ['latitude[]=44', 'latitude'],
        ['longitude[]=1&longitude[]=2&longitude[]=3', 'longitude'],
        ['latitude[]=&latitude[]=45', 'latitude.0'],
        ['thematics[]=abc', 'thematics.0'],
        ['subthematics[]=-1', 'subthematics.0'],
        ['projectHolders[]=1.5', 'projectHolders.0'],
        ['beneficiaries[]=x', 'beneficiaries.0'],
        ['foodProcedureId=abc', 'foodProcedureId'],
        ['contactId=0', 'contactId'],
        ['resourceType=demarches', 'resourceType'],
        [`q=${'a'.repeat(201)}`, 'q'],
      ];
      for (const path of ['/api/initiatives', '/api/food_procedures']) {
        for (const [query, field] of cases) {
          const response = await get(`${path}?${query}`);
          expect(response.statusCode, `${path}?${query}`).toBe(422);
          const body = response.json<{ message: string; errors: Record<string, string[]> }>();
          expect(Object.keys(body.errors), query).toContain(field);
          expect(body.errors[field]![0]).toBe(FIELD_INVALID_MESSAGE);
        }
      }
    });

    it('reads the parameters as the server renderer passes them (values, null for none)', async () => {
      const input = mapListInputSchema.parse({
        page: 1,
        latitude: [44, 45.5],
        longitude: [-1, 1],
        resourceType: 'all',
        q: '',
        thematics: [economie],
        subthematics: [],
        projectHolders: [],
        beneficiaries: [],
        locations: ['33'],
        foodProcedureId: null,
        contactId: null,
      });
      expect(input).toMatchObject({ latitude: [44, 45.5], foodProcedureId: null, q: '' });
      expect(
        (await readMapList(t.database.db, 'initiatives', input)).data.map((i) => i.id),
      ).toEqual(ids('marche'));
      expect(
        mapListInputSchema.parse({ q: null, latitude: null, thematics: null, contactId: 7 }),
      ).toMatchObject({ q: '', latitude: null, thematics: [], contactId: 7 });
    });

    it('pages through a list with pages that merge without duplicates', async () => {
      const db = t.database.db;
      const input = { ...NO_FILTERS };
      // A first page of its own size, then larger pages.
      const sizes = { pageSizes: { first: 1, next: 2 } };
      const first = await readMapList(db, 'initiatives', input, sizes);
      expect(first.meta).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 3 });
      expect(first.links.next).toBe('/api/initiatives?page=2');
      const second = await readMapList(db, 'initiatives', { ...input, page: 2 }, sizes);
      expect(second.meta).toMatchObject({
        current_page: 2,
        last_page: 2,
        per_page: 2,
        total: 3,
        from: 2,
        to: 3,
      });
      const merged = [...first.data, ...second.data].map((item) => item.id);
      expect(merged).toEqual(ids('marche', 'epicerie', 'cantine'));
      // Past the last page: no rows, the total still right.
      const third = await readMapList(db, 'initiatives', { ...input, page: 3 }, sizes);
      expect(third.data).toEqual([]);
      expect(third.meta).toMatchObject({ total: 3, last_page: 2 });
      // A full first page is the only one.
      const byTwo = await readMapList(
        db,
        'initiatives',
        { ...input, thematics: [nutrition], page: 1 },
        { pageSizes: { first: 2, next: 5 } },
      );
      expect(byTwo.meta).toMatchObject({ total: 2, last_page: 1 });
      expect(byTwo.links.first).toBe(`/api/initiatives?thematics%5B%5D=${nutrition}&page=1`);
    });
    it('keeps the lists in memory for the current content, one load shared by its readers', async () => {
      const content = { generation: 0 };
      const index = new MapIndex(content);
      const db = t.database.db;
      const page = () =>
        readMapList(db, 'initiatives', NO_FILTERS, { pageSizes: { first: 2, next: 2 }, index });
      // Two pages read together: one load (the items, the themes).
      const { result, queries } = await t.database.recordQueries(() =>
        Promise.all([
          page(),
          readMapList(db, 'initiatives', { ...NO_FILTERS, page: 2 }, { index }),
        ]),
      );
      expect(queries).toHaveLength(2);
      expect(result[0].meta.total).toBe(3);
      expect(result[1].data).toEqual([]);
      expect((await t.database.recordQueries(page)).queries).toEqual([]);

      // A change the index has not heard of yet: the lists of the current content still.
      await db
        .update(initiatives)
        .set({ moderationStatus: 'pending' })
        .where(eq(initiatives.id, id.epicerie!));
      try {
        expect((await page()).meta.total).toBe(3);
        // The content changed: read again.
        content.generation += 1;
        const fresh = await page();
        expect(fresh.meta).toMatchObject({ total: 2, last_page: 1 });
        expect(fresh.data.map((item) => item.id)).toEqual(ids('marche', 'cantine'));
      } finally {
        await db
          .update(initiatives)
          .set({ moderationStatus: 'published' })
          .where(eq(initiatives.id, id.epicerie!));
        await t.contentSettled();
      }
    });

    it('keeps no list while the public cache keeps nothing (its instance deaf to changes)', async () => {
      const content = { generation: 0, keeping: false };
      const index = new MapIndex(content);
      const db = t.database.db;
      const read = () => t.database.recordQueries(() => index.read(db, 'foodProcedures'));
      expect((await read()).queries).toHaveLength(2);
      expect((await read()).queries).toHaveLength(2);
      content.keeping = true;
      expect((await read()).result.items.map((item) => item.row[0])).toEqual([id.pat]);
      expect((await read()).queries).toEqual([]);
    });
  });

  describe('GET /api/initiatives/{id} and GET /api/food_procedures/{id}', () => {
    const detail = async (path: string) => {
      const response = await get(path);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: MapItemDetail }>().data;
    };

    it('gives every field of an initiative', async () => {
      const response = await get(`/api/initiatives/${id.marche}`);
      // The contact's address never leaves the server.
      expect(response.body).not.toContain('secret-referent');
      const data = await detail(`/api/initiatives/${id.marche}`);
      expect(data).toMatchObject({
        id: id.marche,
        resource_type: 'initiative',
        title: 'Marché des producteurs de Bordeaux',
        latitude: 44.8378,
        longitude: -0.5792,
        city: 'Bordeaux',
        department: { code: '33', name: 'Gironde' },
        project_holder: { name: 'Association' },
        thematic: theme('economie'),
        secondary_thematic: { name: theme('nutrition').name },
        thematics_detail: [],
        subthematics: [{ name: 'Circuits courts et vente directe' }],
        food_procedure_id: id.pat,
        food_procedure: { title: 'Projet alimentaire territorial du Périgord' },
        area_of_influence: { name: 'Communale' },
        territory_of_realization: 'Bordeaux centre',
        communes: [{ name_formatted: 'Bordeaux (33)' }],
        communities_of_communes: [{ name: 'Bordeaux Métropole' }],
        beneficiaries: [{ name: 'Grand public' }],
        technical_partners: [{ partner: 'Chambre d’agriculture' }],
        financial_partners: [{ partner: 'Région', device: 'AAP alimentation' }],
        nb_team_members: 3,
        project_cost: 12500.5,
        released_at: '2024-03-01',
        ended_at: '2026-12-31',
        status_for_humans: 'En cours',
        pdf_url: mapItemPdfPath('initiative', id.marche!),
        logos: [{ thumbs: '/uploads/logos/marche.png', name: 'logo-marche.png' }],
        is_pat: 0,
        contact: {
          id: id.mairie,
          society_name: 'Mairie de Bordeaux',
          type: { name: 'Collectivité territoriale' },
          avatar_url: '/uploads/contacts/avatar1.webp',
          address_line_1: 'Place Pey-Berland',
          address_line_2: null,
          postcode: '33000',
          city: 'Bordeaux',
          phone: '05 56 00 00 00',
          website_url: 'https://bordeaux.exemple.fr',
          society_email: true,
          thematics: [],
          // Its published items only, whatever their position.
          initiatives: expect.arrayContaining([
            { id: id.marche, title: 'Marché des producteurs de Bordeaux' },
          ]),
          food_procedures: expect.arrayContaining([
            { id: id.pat, title: 'Projet alimentaire territorial du Périgord' },
          ]),
        },
        // The author did not choose to show the documents.
        documents: [],
        pqna_external_url: 'https://partenaire.exemple.fr/marche',
        context: 'Peu de vente directe en ville.',
        objectives: 'Vendre local.',
        implementation_of_actions: null,
        website_urls: [{ website_url: 'https://marche.exemple.fr' }],
      });
      expect(data.pdf_url).toBe(`/api/initiatives/${id.marche}/pdf`);
      // The markdown summary rendered, its script removed.
      expect(data.summary).toContain('<strong>marché</strong>');
      expect(data.summary).toContain('<a href="https://marche.exemple.fr">le site</a>');
      expect(data.summary).toContain('<li>fruits</li>');
      expect(data.summary).not.toMatch(/script|alert/);
      expect(data.contact?.initiatives.map((item) => item.id)).not.toContain(id.pending);
    });

    it('sanitises an HTML summary, hides an unpublished procedure and contact, shows documents', async () => {
      const data = await detail(`/api/initiatives/${id.epicerie}`);
      expect(data.summary).toBe('<p>Une épicerie <a>ici</a> <strong>solidaire</strong>.</p>');
      expect(data.food_procedure_id).toBeNull();
      expect(data.food_procedure).toBeNull();
      expect(data.contact).toBeNull();
      expect(data.secondary_thematic).toBeNull();
      expect(data.documents).toEqual([
        { name: 'Bilan 2025', file: '/uploads/documents/bilan.pdf', size: 123_456 },
      ]);
      expect(data.logos).toEqual([]);
      expect(data.status_for_humans).toBeNull();
    });

    it('gives every field of a food procedure', async () => {
      const data = await detail(`/api/food_procedures/${id.pat}`);
      expect(data).toMatchObject({
        id: id.pat,
        resource_type: 'demarche',
        title: 'Projet alimentaire territorial du Périgord',
        summary: '<p>Le PAT du Périgord.</p>',
        department: { code: '24', name: 'Dordogne' },
        project_holder: { name: 'Collectivité' },
        thematic: theme('nutrition'),
        secondary_thematic: null,
        thematics_detail: [{ name: theme('nutrition').name }, { name: theme('economie').name }],
        subthematics: [{ name: 'Planification alimentaire territoriale' }],
        beneficiaries: [{ name: 'Scolaires' }],
        food_procedure_id: null,
        food_procedure: null,
        is_pat: 1,
        pdf_url: mapItemPdfPath('demarche', id.pat!),
        contact: { id: id.mairie, society_email: true },
      });
      expect(data.pdf_url).toBe(`/api/food_procedures/${id.pat}/pdf`);
    });

    it('reads a detail, its lists and its contact’s in one query', async () => {
      for (const path of [`/api/initiatives/${id.marche}`, `/api/food_procedures/${id.pat}`]) {
        // A query string of its own (ignored by the API): not an answer the public cache kept.
        const { result, queries } = await t.database.recordQueries(() => get(`${path}?once=1`));
        expect(result.statusCode, path).toBe(200);
        expect(result.json().data.contact.id, path).toBe(id.mairie);
        expect(queries, path).toHaveLength(1);
      }
    });

    it('answers 404 for a missing or unpublished item, 422 for an id that is not an integer', async () => {
      for (const path of [
        `/api/initiatives/${id.pending}`,
        '/api/initiatives/999999',
        `/api/food_procedures/${id.hiddenProcedure}`,
        '/api/food_procedures/999999',
      ]) {
        const response = await get(path);
        expect(response.statusCode, path).toBe(404);
        expect(response.json()).toEqual({ message: MESSAGES.notFound });
      }
      for (const path of [
        '/api/initiatives/abc',
        '/api/initiatives/1.5',
        '/api/initiatives/0',
        '/api/food_procedures/-3',
        '/api/food_procedures/99999999999',
      ]) {
        const response = await get(path);
        expect(response.statusCode, path).toBe(422);
        expect(response.json().errors.id).toEqual([FIELD_INVALID_MESSAGE]);
      }
    });
  });

  describe('GET /api/maps/filters', () => {
    it('gives the options of the map filters and the themes', async () => {
      const response = await get('/api/maps/filters');
      expect(response.statusCode).toBe(200);
      const filters = response.json<MapFilters>();
      const regionDepartements = await t.database.db
        .select({ code: departements.code, name: departements.name })
        .from(departements)
        .orderBy(departements.code);
      expect(filters.locations).toEqual(regionDepartements);
      expect(filters.locations).toHaveLength(12);
      expect(filters.locations).toContainEqual({ code: '33', name: 'Gironde' });
      expect(filters.project_holder_types[0]).toEqual({ id: collectivite, name: 'Collectivité' });
      expect(filters.project_holder_types.map((h) => h.id)).toContain(association);
      expect(filters.beneficiaries[0]).toEqual({ id: grandPublic, name: 'Grand public' });
      expect(filters.types).toEqual(EXPORT_TYPE_OPTIONS);
      expect(filters.periods).toEqual(EXPORT_PERIOD_OPTIONS);
      expect(filters.themes.map(({ id: _id, ...th }) => th)).toEqual(
        THEMATICS.map((th) => ({ name: th.name, color: th.color, class: th.class })),
      );
      expect(filters.themes[0]!.id).toBe(economie);
      expect(filters.subthematics.map((group) => group.thematic)).toEqual(filters.themes);
      expect(filters.subthematics[0]!.subthematics[0]).toEqual({
        id: circuits,
        name: 'Circuits courts et vente directe',
      });
      const nutritionGroup = filters.subthematics.find((g) => g.thematic.id === nutrition);
      expect(nutritionGroup?.subthematics.map((s) => s.id)).toContain(qualiteRepas);
    });
  });

  describe('publication changes', () => {
    it('drops an unpublished item from lists and details; its version changes then is null', async () => {
      const db = t.database.db;
      const before = await readMapItemVersion(db, 'initiative', id.cantine!);
      expect(before).toEqual(expect.any(String));
      // Prime the public cache.
      expect(await initiativeIds()).toContain(id.cantine);
      expect((await get(`/api/initiatives/${id.cantine}`)).statusCode).toBe(200);

      await db
        .update(initiatives)
        .set({ title: 'Cantine bio, locale et de saison' })
        .where(eq(initiatives.id, id.cantine!));
      const edited = await readMapItemVersion(db, 'initiative', id.cantine!);
      expect(edited).toEqual(expect.any(String));
      expect(edited).not.toBe(before);
      // A list the detail names, renamed by the team: the PDF sheet must be made again.
      await db
        .update(projectHolderTypes)
        .set({ updatedAt: new Date(Date.now() + 60_000) })
        .where(eq(projectHolderTypes.id, association));
      expect(await readMapItemVersion(db, 'initiative', id.cantine!)).not.toBe(edited);
      await t.contentSettled();
      expect((await get(`/api/initiatives/${id.cantine}`)).json().data.title).toBe(
        'Cantine bio, locale et de saison',
      );

      await db
        .update(initiatives)
        .set({ moderationStatus: 'pending' })
        .where(eq(initiatives.id, id.cantine!));
      await t.contentSettled();
      expect(await readMapItemVersion(db, 'initiative', id.cantine!)).toBeNull();
      expect(await initiativeIds()).toEqual(ids('marche', 'epicerie'));
      expect((await get(`/api/initiatives/${id.cantine}`)).statusCode).toBe(404);
      expect(await readMapItemVersion(db, 'demarche', 999_999)).toBeNull();

      // The procedure unpublished: its initiatives no longer name it.
      await db
        .update(foodProcedures)
        .set({ moderationStatus: 'pending' })
        .where(eq(foodProcedures.id, id.pat!));
      await t.contentSettled();
      const marche = (await get(`/api/initiatives/${id.marche}`)).json().data as MapItemDetail;
      expect(marche.food_procedure).toBeNull();
      expect(marche.food_procedure_id).toBeNull();
      expect(await procedureIds()).toEqual([]);
    });
  });
});

describe('a map list longer than a page', () => {
  let t: TestApp;
  const TOTAL = MAP_FIRST_PAGE_SIZE + MAP_PAGE_SIZE + 5;

  beforeAll(async () => {
    t = await createTestApp();
    // A first page, a full page and 5 more published initiatives, in one statement.
    await t.database.db.execute(sql`
      INSERT INTO ${initiatives} (title, slug, latitude, longitude, city, moderation_status)
      SELECT 'Initiative ' || n, 'initiative-' || n, 43 + (n % 400) / 100.0,
        -1 + (n % 500) / 100.0, 'Ville ' || n, 'published'
      FROM generate_series(1, ${TOTAL}) AS n`);
    await t.contentSettled();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('serves MAP_FIRST_PAGE_SIZE items, then MAP_PAGE_SIZE per page, pages merging without duplicates', async () => {
    const seen: number[] = [];
    const sizes: number[] = [];
    let url: string | null = '/api/initiatives?page=1';
    while (url) {
      const response: LightMyRequestResponse = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const page: MapListPage = response.json<MapListPage>();
      expect(page.meta.last_page).toBe(3);
      expect(page.meta.total).toBe(TOTAL);
      expect(page.meta.per_page).toBe(sizes.length ? MAP_PAGE_SIZE : MAP_FIRST_PAGE_SIZE);
      sizes.push(page.data.length);
      seen.push(...page.data.map((item) => item.id));
      url = page.links.next;
    }
    expect(sizes).toEqual([MAP_FIRST_PAGE_SIZE, MAP_PAGE_SIZE, 5]);
    expect(new Set(seen).size).toBe(TOTAL);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('has browsers revalidate each page of a list (the page merges them), 304 when unchanged', async () => {
    const url = '/api/initiatives?page=2';
    const computed = await t.app.inject({ method: 'GET', url });
    const cached = await t.app.inject({ method: 'GET', url });
    for (const response of [computed, cached]) {
      expect(response.headers['cache-control']).toBe('public, max-age=0');
    }
    const etag = cached.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // A detail is one item, kept for the usual minute.
    const id = computed.json<MapListPage>().data[0]!.id;
    const detail = await t.app.inject({ method: 'GET', url: `/api/initiatives/${id}` });
    expect(detail.headers['cache-control']).toBe('public, max-age=60');
  });

  it("renders the list's first page with its total, and preloads every further page", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/initiatives' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    // Demo-free database: no procedure, so the initiatives' tab is the one shown.
    expect(html).toMatch(/Initiatives \(distinctes\)<span class="ad-tabs__count">1\u202f?\s?035</);
    const first = await t.app.inject({ method: 'GET', url: '/api/initiatives?page=1' });
    const items = first.json<MapListPage>().data;
    expect(html).toContain(`>${items[0]!.title}</span>`);
    expect(html).toContain(`>${items.at(-1)!.title}</span>`);
    expect(html).toMatch(/href="\/initiatives\/initiative\/\d+"/);
    // The page embeds each list's first page (the next ones are 1,000 items), with the page count.
    const state = JSON.parse(
      /<script type="application\/json" id="query-state">(.*?)<\/script>/s.exec(html)![1]!,
    ) as { queries: { state: { data: unknown } }[] };
    const embedded = state.queries
      .map((query) => query.state.data)
      .filter((data): data is MapListPage => (data as MapListPage).meta !== undefined);
    expect(embedded.map((page) => page.data.length)).toEqual([0, MAP_FIRST_PAGE_SIZE]);
    expect(embedded[1]!.meta.last_page).toBe(3);
    const second = await t.app.inject({ method: 'GET', url: '/api/initiatives?page=2' });
    const next = second.json<MapListPage>().data[0]!;
    expect(html).not.toContain(`>${next.title}<`);
    expect(html).not.toContain(JSON.stringify(next.title));
    // Every further page of the list is preloaded with the page.
    const preloads = [...html.matchAll(/<link rel="preload" as="fetch"[^>]*href="([^"]+)"/g)].map(
      ([, href]) => new URL(href!.replaceAll('&amp;', '&'), 'http://x').searchParams,
    );
    expect(preloads.map((search) => search.get('page'))).toEqual(['2', '3']);
  });
});
