import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema/content.ts';
import { createTeamMembersService } from '../../modules/team-members/team-members.service.ts';
import { testConfig } from '../../env.ts';
import { publicSettings } from '../html-shell/render.ts';
import {
  createTestApp,
  createUser,
  pageConfigFromHtml,
  signIn,
  webSourceRenderer,
  type TestApp,
} from '../testing.ts';

/** Text of the app's HTML (#root), tags removed: what a reader without JavaScript gets. */
function rootText(html: string): string {
  const root =
    /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="page-config"/.exec(
      html,
    )?.[1] ?? '';
  return root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;|\s+/g, ' ');
}

function queryState(html: string): { queries: { queryKey: unknown; state: { data: unknown } }[] } {
  const found = /<script type="application\/json" id="query-state">(.*?)<\/script>/s.exec(html);
  if (!found?.[1]) throw new Error('no query state');
  return JSON.parse(found[1]);
}

describe('server rendering', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(teamMembers).values([
      { name: 'Claire Dubois', department: 'DRAAF Nouvelle-Aquitaine', position: 1 },
      { name: 'Jean Etcheverry', department: 'DREAL Nouvelle-Aquitaine', position: 2 },
    ]);
    member = await createUser(t.database, { firstname: 'Léa', lastname: 'Garnier' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("renders About with its headings and the team members' names", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/a-propos' });
    expect(response.statusCode).toBe(200);
    const text = rootText(response.body);
    expect(response.body).toMatch(/<h1[^>]*>À propos<\/h1>/);
    for (const heading of [
      'Les initiateurs',
      'Les boosters',
      'Les réseaux contributeurs',
      'Tous acteurs',
      'Vos contacts',
    ]) {
      expect(response.body).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    }
    expect(text).toContain('Claire Dubois');
    expect(text).toContain('DREAL Nouvelle-Aquitaine');
    // The frame is in the HTML too: header links, footer links, breadcrumb.
    expect(response.body).toContain('href="/foire-aux-questions"');
    expect(response.body).toMatch(/aria-current="page"[^>]*>À propos</);
  });

  it('hands the results of the page queries to the browser', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/a-propos' });
    const [query] = queryState(response.body).queries;
    expect(query?.queryKey).toEqual(['/api/internal-team-members', {}]);
    const api = await t.app.inject({ method: 'GET', url: '/api/internal-team-members' });
    expect(query?.state.data).toEqual(api.json());
  });

  it('shows the account menu to a signed-in visitor and the sign-in links to others', async () => {
    const anonymous = rootText((await t.app.inject({ method: 'GET', url: '/a-propos' })).body);
    expect(anonymous).toContain('Connexion');
    expect(anonymous).toContain("S'inscrire");
    expect(anonymous).not.toContain('Déconnexion');

    const cookies = await signIn(t.app, member);
    const response = await t.app.inject({ method: 'GET', url: '/a-propos', cookies });
    const text = rootText(response.body);
    for (const link of [
      'Tableau de bord',
      'Informations personnelles',
      'Ma structure',
      'Déconnexion',
    ]) {
      expect(text).toContain(link);
    }
    expect(text).not.toContain("S'inscrire");
    expect(
      (pageConfigFromHtml(response.body) as { user: { firstname: string } }).user.firstname,
    ).toBe('Léa');
  });

  it('shows a change made through a service on the next page and API answer', async () => {
    const service = createTeamMembersService({
      db: t.database.db,
      contentChanged: () => t.app.publicCache.invalidate(),
    });
    // Both answers are cached now.
    expect(rootText((await t.app.inject({ method: 'GET', url: '/a-propos' })).body)).not.toContain(
      'Inès Laborde',
    );
    await t.app.inject({ method: 'GET', url: '/api/internal-team-members' });

    const created = await service.create({ name: 'Inès Laborde', department: 'ARS', position: 3 });
    const page = await t.app.inject({ method: 'GET', url: '/a-propos' });
    expect(rootText(page.body)).toContain('Inès Laborde');
    const api = await t.app.inject({ method: 'GET', url: '/api/internal-team-members' });
    expect(api.json().data.map((m: { name: string }) => m.name)).toContain('Inès Laborde');

    await service.remove(created.id);
    const after = await t.app.inject({ method: 'GET', url: '/api/internal-team-members' });
    expect(after.json().data.map((m: { name: string }) => m.name)).not.toContain('Inès Laborde');
  });

  it('renders the 404 page with its text and link home', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/nulle-part' });
    expect(response.statusCode).toBe(404);
    const text = rootText(response.body);
    expect(text).toContain('Erreur 404');
    expect(text).toContain("La page que vous cherchez n'existe pas.");
    expect(response.body).toMatch(/<a[^>]*href="\/"[^>]*>Retour à l&#x27;accueil<\/a>/);
  });

  it('fails the render when a read fails on the server, and redirects a missing item to 404', async () => {
    const renderer = await webSourceRenderer();
    const config = testConfig();
    const pageConfig = {
      appName: config.APP_NAME,
      user: null,
      settings: publicSettings(config),
      item: null,
    };
    const failing = (statusCode: number) => () =>
      Promise.reject(Object.assign(new Error(`status ${statusCode}`), { statusCode }));
    // A database failure must not become a 404 nor a page cached without its data.
    await expect(
      renderer.render({
        url: '/foire-aux-questions/une-question',
        pageConfig,
        resolve: failing(500),
      }),
    ).rejects.toThrow('status 500');
    await expect(
      renderer.render({ url: '/a-propos', pageConfig, resolve: failing(503) }),
    ).rejects.toThrow('status 503');
    const missing = await renderer.render({
      url: '/foire-aux-questions/une-question',
      pageConfig,
      resolve: failing(404),
    });
    expect(missing.notFound).toBe(true);
  });
});
