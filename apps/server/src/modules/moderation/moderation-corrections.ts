import type { FastifyInstance } from 'fastify';
import {
  CORRECTABLE_TYPES,
  MODERATION_MESSAGES,
  type ModerationType,
} from '@ad/contract/account/moderation';
import type { SavedResponse } from '@ad/contract/account/member-content';
import type { DbOrTx } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { AppDatabase } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { FormObject } from '../../platform/uploads/multipart-form.ts';
import { foodProcedureKind, foodProcedureOptions } from '../user-projects/food-procedures.ts';
import { initiativeKind, initiativeOptions } from '../user-projects/initiatives.ts';
import { projectService } from '../user-projects/project-service.ts';
import {
  correctPublication,
  effectiveRow,
  loadPublication,
  type PublicationEditor,
} from '../user-publications/publication-shared.ts';
import { eventEditor } from '../user-publications/user-events.ts';
import { postEditor } from '../user-publications/user-posts.ts';
import { resourceEditor } from '../user-publications/user-resources.ts';
import { changedFields, flatten, type FlatState } from './moderation-fields.ts';
import { subjectOf } from './moderation-subjects.ts';

/**
 * The team corrects a submission before deciding (issue 10), with the member's own form of its
 * type: the same checks (fields, choices, files by content) and the same writes as the member's
 * edit, applied to what waits. A new item's row is corrected (it stays pending, its owner and its
 * place in the queue unchanged); for an edit of a published item, the pending revision's payload
 * is replaced and the live item stays untouched until the team publishes. Nothing waiting (a
 * draft, a refused or a published item without an edit): 404.
 */

export type CorrectableType = (typeof CORRECTABLE_TYPES)[number];

export interface CorrectionInput {
  id: number;
  form: FormObject;
  actor: SessionUser;
  ip: string | null;
}

interface Corrector {
  /** The form's option lists and the submission's values (`resource`), as its author's edit form gets them. */
  form(id: number): Promise<object>;
  correct(input: CorrectionInput): Promise<void>;
}

/** `moderation.correct`, with the fields the correction changed (keys of the revision payload). */
function recordCorrection(
  tx: DbOrTx,
  type: CorrectableType,
  input: CorrectionInput,
  change: { kind: 'new' | 'edit'; fields: string[] },
) {
  return recordAudit(tx, {
    actorId: input.actor.id,
    action: 'moderation.correct',
    subjectType: subjectOf(type).subjectType,
    subjectId: input.id,
    data: change,
    ip: input.ip,
  });
}

function publicationCorrector<V extends object, O extends object>(
  app: FastifyInstance,
  db: AppDatabase,
  type: CorrectableType,
  // The editor's row type is one of the three publication tables' rows.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  editor: PublicationEditor<V, any, O>,
): Corrector {
  const waiting = async (id: number) => {
    const item = await loadPublication(db, editor.kind, id);
    if (!item.revision && item.row.moderationStatus !== 'pending') throw notFound();
    return item;
  };
  return {
    async form(id) {
      return editor.options(await waiting(id));
    },
    async correct(input) {
      const item = await waiting(input.id);
      const current = effectiveRow(item.row, item.revision);
      const prepared = await editor.prepare(input.form, current);
      // Decided meanwhile: a 404 thrown inside, so that the new files' rows and bytes go too.
      await app.fileStore.transaction(async ({ tx, persist, discard }) => {
        const values = await prepared.build(persist, input.actor.id);
        if (!(await correctPublication(editor.kind, { tx, discard }, item, values))) {
          throw notFound();
        }
        await recordCorrection(tx, type, input, {
          kind: item.revision ? 'edit' : 'new',
          fields: changedFields(type, current as FlatState, values as FlatState),
        });
      }, prepared.uploads);
    },
  };
}

function projectCorrector(
  app: FastifyInstance,
  config: Config,
  db: AppDatabase,
  type: 'initiatives' | 'food_procedures',
): Corrector {
  const service = projectService({ config, db, fileStore: () => app.fileStore });
  const kind = type === 'initiatives' ? initiativeKind : foodProcedureKind;
  // The initiative form offers the published procedures and its author's own.
  const options = (ownerId: number) =>
    type === 'initiatives' ? initiativeOptions(db, ownerId) : foodProcedureOptions(db);
  const waiting = async (id: number) => {
    const item = await service.teamItem(kind, id);
    if (!item.revision && item.row.moderationStatus !== 'pending') throw notFound();
    return item;
  };
  return {
    async form(id) {
      const item = await waiting(id);
      return {
        ...(await options(item.row.userId ?? 0)),
        resource: await service.teamResource(kind, item),
      };
    },
    async correct(input) {
      const item = await waiting(input.id);
      await service.correct(
        kind,
        item,
        { form: input.form, uploadedBy: input.actor.id },
        async (tx, before, after) => {
          await recordCorrection(tx, type, input, {
            kind: item.revision ? 'edit' : 'new',
            fields: changedFields(type, flatten(before), flatten(after)),
          });
        },
      );
    },
  };
}

export function moderationCorrections(deps: {
  app: FastifyInstance;
  config: Config;
  db: AppDatabase;
}) {
  const { app, config, db } = deps;
  const correctors: Record<CorrectableType, Corrector> = {
    posts: publicationCorrector(app, db, 'posts', postEditor(config, db)),
    events: publicationCorrector(app, db, 'events', eventEditor(config, db)),
    resources: publicationCorrector(app, db, 'resources', resourceEditor(config, db)),
    initiatives: projectCorrector(app, config, db, 'initiatives'),
    food_procedures: projectCorrector(app, config, db, 'food_procedures'),
  };
  const correctorOf = (type: ModerationType): Corrector => {
    const found = CORRECTABLE_TYPES.find((t) => t === type);
    if (!found) throw notFound();
    return correctors[found];
  };

  return {
    /** `GET /api/moderation/items/:type/:id/form`. */
    form: (type: ModerationType, id: number) => correctorOf(type).form(id),

    /** `POST /api/moderation/items/:type/:id` (`_method=put`) or `PUT`: multipart, as the member's edit. */
    async correct(type: ModerationType, input: CorrectionInput): Promise<Required<SavedResponse>> {
      await correctorOf(type).correct(input);
      return { message: MODERATION_MESSAGES.corrected, data: { id: input.id } };
    },
  };
}
