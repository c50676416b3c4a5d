import { asc, eq } from 'drizzle-orm';
import { teamMembers } from '../../db/schema/content.ts';
import { files } from '../../db/schema/files.ts';
import type { AppDatabase } from '../../platform/database.ts';

export function listTeamMembers(db: AppDatabase) {
  return db
    .select({
      name: teamMembers.name,
      department: teamMembers.department,
      description: teamMembers.description,
      avatarStorageKey: files.storageKey,
    })
    .from(teamMembers)
    .leftJoin(files, eq(files.id, teamMembers.avatarFileId))
    .orderBy(asc(teamMembers.position), asc(teamMembers.id));
}

export type TeamMemberRow = Awaited<ReturnType<typeof listTeamMembers>>[number];
