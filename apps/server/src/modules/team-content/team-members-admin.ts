import { asc, eq } from 'drizzle-orm';
import {
  type TeamContentDeleteResponse,
  type TeamContentMoveInput,
  type TeamContentWriteResponse,
  type TeamMemberInput,
  type TeamMemberRow,
  type TeamMembersList,
} from '@ad/contract/account/team-content';
import type { DbOrTx } from '../../db/client.ts';
import { teamMembers } from '../../db/schema/content.ts';
import { files } from '../../db/schema/files.ts';
import { publicFileUrl } from '../../platform/file-urls.ts';
import { ALLOWED_IMAGE_MIMES, type CheckedUpload } from '../../platform/uploads/check-upload.ts';
import {
  audit,
  changeRunner,
  found,
  moveEntry,
  nextPosition,
  removeEntry,
  titleChange,
  written,
  type Actor,
  type EntryKind,
  type OrderedTable,
  type TeamContentDeps,
} from './team-content-shared.ts';

const ORDER: OrderedTable = { table: 'team_members' };

function membersQuery(db: DbOrTx) {
  return db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      department: teamMembers.department,
      description: teamMembers.description,
      position: teamMembers.position,
      photoId: files.id,
      storageKey: files.storageKey,
      thumbStorageKey: files.thumbStorageKey,
      filename: files.originalName,
      size: files.size,
    })
    .from(teamMembers)
    .leftJoin(files, eq(files.id, teamMembers.avatarFileId))
    .$dynamic();
}

type MemberRecord = Awaited<ReturnType<ReturnType<typeof membersQuery>['execute']>>[number];

function present(row: MemberRecord): TeamMemberRow {
  const url = publicFileUrl(row.storageKey);
  return {
    id: row.id,
    name: row.name,
    department: row.department,
    description: row.description,
    position: row.position,
    photo:
      row.photoId !== null && url
        ? {
            id: row.photoId,
            url,
            thumb_url: publicFileUrl(row.thumbStorageKey) ?? url,
            filename: row.filename ?? '',
            size: row.size ?? 0,
          }
        : null,
  };
}

async function loadMember(db: DbOrTx, id: number) {
  const [row] = await membersQuery(db).where(eq(teamMembers.id, id));
  return found(row);
}

/** The stored member (its photo's file id for the deletes), and as the screen shows it. */
const STORED: EntryKind<MemberRecord> = {
  lock: 'team_member',
  subject: 'team_member',
  screen: 'team-members',
  load: loadMember,
  title: (row) => row.name,
};

const MEMBER: EntryKind<TeamMemberRow> = {
  ...STORED,
  load: async (db, id) => present(await loadMember(db, id)),
  title: (row) => row.name,
};

export interface TeamMemberChange {
  input: TeamMemberInput;
  /** A new photo, already checked by its content. */
  photo: CheckedUpload | null;
}

/**
 * The team of « Vos contacts » (/a-propos): name, service, role and photo, in the order the team
 * sets. A new photo replaces the saved one; the replaced or removed photo's bytes go once the
 * change is committed (file store), its thumbnail is made by the usual job.
 */
export function teamMembersAdmin(deps: TeamContentDeps & { db: DbOrTx }) {
  const { db } = deps;
  const change = changeRunner(deps);
  const fields = (input: TeamMemberInput) => ({
    name: input.name,
    department: input.department,
    description: input.description,
  });

  return {
    async list(): Promise<TeamMembersList> {
      const rows = await membersQuery(db).orderBy(asc(teamMembers.position), asc(teamMembers.id));
      return { data: rows.map(present), allowed_image_mimes: [...ALLOWED_IMAGE_MIMES] };
    },

    async create(
      { input, photo }: TeamMemberChange,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<TeamMemberRow>> {
      const member = await change(
        'team_member',
        async (store) => {
          const { tx } = store;
          const avatarFileId = photo ? await store.persist(photo, actor.user.id) : null;
          const [row] = await tx
            .insert(teamMembers)
            .values({ ...fields(input), avatarFileId, position: await nextPosition(tx, ORDER) })
            .returning({ id: teamMembers.id });
          await audit(tx, actor, 'team_member', 'create', row!.id, {
            title: input.name,
            photo: avatarFileId !== null,
          });
          return present(await loadMember(tx, row!.id));
        },
        photo ? [photo] : [],
      );
      return written(MEMBER, member, 'ajouté');
    },

    async update(
      id: number,
      { input, photo }: TeamMemberChange,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<TeamMemberRow>> {
      const member = await change(
        'team_member',
        async (store) => {
          const { tx } = store;
          const before = await loadMember(tx, id);
          const newPhotoId = photo ? await store.persist(photo, actor.user.id) : null;
          const avatarFileId = newPhotoId ?? (input.delete_photo ? null : before.photoId);
          await tx
            .update(teamMembers)
            .set({ ...fields(input), avatarFileId })
            .where(eq(teamMembers.id, id));
          if (before.photoId !== null && before.photoId !== avatarFileId) {
            await store.discard([before.photoId]);
          }
          await audit(tx, actor, 'team_member', 'update', id, {
            ...titleChange(before.name, input.name),
            ...(before.photoId === avatarFileId
              ? {}
              : { photo: avatarFileId === null ? 'removed' : 'replaced' }),
          });
          return present(await loadMember(tx, id));
        },
        photo ? [photo] : [],
      );
      return written(MEMBER, member, 'modifié');
    },

    remove(id: number, actor: Actor): Promise<TeamContentDeleteResponse> {
      return removeEntry(change, STORED, id, actor, async (store, before) => {
        await store.tx.delete(teamMembers).where(eq(teamMembers.id, id));
        if (before.photoId !== null) await store.discard([before.photoId]);
      });
    },

    move(
      id: number,
      input: TeamContentMoveInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<TeamMemberRow>> {
      return moveEntry(change, MEMBER, ORDER, id, input, actor);
    },
  };
}
