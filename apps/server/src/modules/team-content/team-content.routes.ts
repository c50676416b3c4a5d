import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactThematicInputSchema,
  faqCategoryInputSchema,
  faqItemInputSchema,
  glossaryEntryInputSchema,
  TEAM_CONTENT_API_PATH,
  teamContentMoveSchema,
  teamMemberInputSchema,
  type TeamContentMoveInput,
} from '@ad/contract/account/team-content';
import type { Config } from '../../env.ts';
import { requireUser } from '../../platform/auth/plugin.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { checkFormFiles } from '../../platform/uploads/check-form-files.ts';
import { optionalFormFile, parseForm } from '../../platform/uploads/form-fields.ts';
import { readMultipartForm } from '../../platform/uploads/multipart-form.ts';
import { ADMIN_ROLES, restrictTo, TEAM_ROLES } from '../moderation/team-access.ts';
import { contactThematicsAdmin } from './contact-thematics-admin.ts';
import { faqAdmin } from './faq-admin.ts';
import { glossaryAdmin } from './glossary-admin.ts';
import type { Actor, TeamContentDeps } from './team-content-shared.ts';
import { teamMembersAdmin, type TeamMemberChange } from './team-members-admin.ts';

export interface TeamContentRoutesOptions {
  config: Config;
  db: AppDatabase;
}

const idParams = z.object({ id: z.string() });

/** `:id` of a route; anything that cannot be an id is a 404. */
function idOf(params: { id: string }): number {
  if (!/^\d{1,9}$/.test(params.id)) throw notFound();
  return Number(params.id);
}

const actorOf = (request: FastifyRequest): Actor => ({
  user: requireUser(request),
  ip: request.ip ?? null,
});

/** What each kind of entry offers to the routes below. */
interface EntryService<Input, Created, Moved> {
  list(): Promise<unknown>;
  create(input: Input, actor: Actor): Promise<Created>;
  update(id: number, input: Input, actor: Actor): Promise<Created>;
  remove(id: number, actor: Actor): Promise<unknown>;
  move?(id: number, input: TeamContentMoveInput, actor: Actor): Promise<Moved>;
}

/**
 * The JSON routes of one kind: `GET|POST /kind`, `PUT|DELETE /kind/:id`, and
 * `POST /kind/:id/move` for the ordered ones. Bodies are checked by the contract's schema (422
 * per field, in French).
 */
function jsonEntryRoutes<Input>(
  app: FastifyInstance,
  config: Config,
  path: string,
  body: z.ZodType<Input>,
  service: EntryService<Input, unknown, unknown>,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const write = routeRateLimit(config, 'write');
  const url = `${TEAM_CONTENT_API_PATH}/${path}`;
  typed.get(url, async () => service.list());
  typed.post(url, { ...write, schema: { body } }, async (request) =>
    service.create(request.body as Input, actorOf(request)),
  );
  typed.put(`${url}/:id`, { ...write, schema: { params: idParams, body } }, async (request) =>
    service.update(idOf(request.params), request.body as Input, actorOf(request)),
  );
  typed.delete(`${url}/:id`, { ...write, schema: { params: idParams } }, async (request) =>
    service.remove(idOf(request.params), actorOf(request)),
  );
  moveRoute(app, config, url, service);
}

function moveRoute(
  app: FastifyInstance,
  config: Config,
  url: string,
  service: Pick<EntryService<unknown, unknown, unknown>, 'move'>,
) {
  const move = service.move;
  if (!move) return;
  app.withTypeProvider<ZodTypeProvider>().post(
    `${url}/:id/move`,
    {
      ...routeRateLimit(config, 'write'),
      schema: { params: idParams, body: teamContentMoveSchema },
    },
    async (request) => move(idOf(request.params), request.body, actorOf(request)),
  );
}

/** The team member's form: multipart, its photo checked by its content before anything is stored. */
const teamMemberFormSchema = teamMemberInputSchema.extend({ photo: optionalFormFile() });

async function readTeamMemberForm(
  config: Config,
  request: FastifyRequest,
): Promise<TeamMemberChange> {
  const { photo, ...input } = parseForm(teamMemberFormSchema, await readMultipartForm(request));
  const checked = photo
    ? await checkFormFiles(config, [{ key: 'photo', file: photo, kind: 'image' }])
    : null;
  return { input, photo: checked?.get('photo') ?? null };
}

/**
 * The team's content and settings (issue 10) under `/api/moderation/content`: the glossary, the
 * FAQ, the team of « Vos contacts » (moderators and admins) and the contact thematics (admins
 * only: they route the visitors' messages). Anonymous callers get 401, other roles 403 before any
 * route runs; CSRF is checked by the auth plugin and writes count in the write tier. Every change
 * records an audit event and empties the public cache after its commit.
 */
export const teamContentRoutes: FastifyPluginAsync<TeamContentRoutesOptions> = async (
  app,
  { config, db },
) => {
  const deps: TeamContentDeps & { db: AppDatabase } = {
    db,
    fileStore: app.fileStore,
    contentChanged: () => app.publicCache.invalidate(),
  };

  await app.register(async (team) => {
    restrictTo(team, TEAM_ROLES);

    const glossary = glossaryAdmin(deps);
    jsonEntryRoutes(team, config, 'glossary', glossaryEntryInputSchema, glossary);

    const faq = faqAdmin(deps);
    jsonEntryRoutes(team, config, 'faq-categories', faqCategoryInputSchema, {
      list: faq.listCategories,
      create: faq.createCategory,
      update: faq.updateCategory,
      remove: faq.removeCategory,
      move: faq.moveCategory,
    });
    jsonEntryRoutes(team, config, 'faq-items', faqItemInputSchema, {
      list: faq.listItems,
      create: faq.createItem,
      update: faq.updateItem,
      remove: faq.removeItem,
      move: faq.moveItem,
    });

    // The team members' form carries a photo: multipart, POST with `_method=put` (or PUT) to edit.
    const members = teamMembersAdmin(deps);
    const url = `${TEAM_CONTENT_API_PATH}/team-members`;
    const write = routeRateLimit(config, 'write');
    team.get(url, async () => members.list());
    team.post(url, write, async (request) =>
      members.create(await readTeamMemberForm(config, request), actorOf(request)),
    );
    const update = async (request: FastifyRequest) =>
      members.update(
        idOf(request.params as { id: string }),
        await readTeamMemberForm(config, request),
        actorOf(request),
      );
    team.post(`${url}/:id`, write, update);
    team.put(`${url}/:id`, write, update);
    team.delete(`${url}/:id`, write, async (request) =>
      members.remove(idOf(request.params as { id: string }), actorOf(request)),
    );
    moveRoute(team, config, url, members);
  });

  await app.register(async (admin) => {
    restrictTo(admin, ADMIN_ROLES);
    jsonEntryRoutes(
      admin,
      config,
      'contact-thematics',
      contactThematicInputSchema,
      contactThematicsAdmin({ ...deps, defaultRecipient: config.CONTACT_EMAIL }),
    );
  });
};
