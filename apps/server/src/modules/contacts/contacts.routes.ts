import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ASK_CONTACT_PATH, ASK_CONTACT_SENT } from '@ad/contract';
import { askContactBodySchema, messageResponseSchema, paginatedSchema } from '@ad/contract/schemas';
import type { Config } from '../../env.ts';
import { honeypotFilled } from '../../platform/captcha/index.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { codeListParam, idListParam, pageParam } from '../../platform/list-input.ts';
import { publicGet, type PublicGetDeps } from '../../platform/public-reads.ts';
import { routeRateLimit } from '../../platform/rate-limit.ts';
import { senderOf } from '../contact-us/contact-us.routes.ts';
import { DIRECTORY_PATH, readContactFilters, readDirectory } from './contacts-directory.service.ts';
import { contactFiltersSchema, directoryContactSchema } from './contacts.presenter.ts';
import type { ContactsService } from './contacts.service.ts';

/** A contact id of the path, or null (then 404, like an unknown contact). */
function contactIdOf(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The directory ('Annuaire', spec public-site §2, §7): GET /api/contacts/filters and
 * GET /api/contacts; POST /api/contacts/ask/{contactId}: the anonymous "contact the referent" form.
 */
export const contactsRoutes: FastifyPluginAsync<
  PublicGetDeps & {
    config: Config;
    db: AppDatabase;
    contacts: ContactsService;
  }
> = async (app, { config, db, contacts, ...deps }) => {
  publicGet(app, deps, {
    path: `${DIRECTORY_PATH}/filters`,
    response: contactFiltersSchema,
    read: () => readContactFilters(db),
  });

  publicGet(app, deps, {
    path: DIRECTORY_PATH,
    input: z.object({ page: pageParam, types: idListParam, locations: codeListParam }),
    response: paginatedSchema(directoryContactSchema),
    read: (input) => readDirectory(db, input),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    ASK_CONTACT_PATH,
    {
      preValidation: app.captcha.guard,
      schema: { body: askContactBodySchema, response: { 200: messageResponseSchema } },
      ...routeRateLimit(config, 'auth'),
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (honeypotFilled(request.body)) return { message: ASK_CONTACT_SENT };
      const { contactId } = request.params as { contactId: string };
      return contacts.ask(contactIdOf(contactId), request.body, senderOf(request));
    },
  );
};
