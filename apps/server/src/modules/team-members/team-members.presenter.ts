import { z } from 'zod';
import { publicFileUrl } from '../../platform/file-urls.ts';
import type { TeamMemberRow } from './team-members.queries.ts';

export const teamMemberSchema = z.object({
  avatar_url: z.string().nullable(),
  name: z.string(),
  department: z.string().nullable(),
  description: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export function presentTeamMember(row: TeamMemberRow): TeamMember {
  return {
    avatar_url: publicFileUrl(row.avatarStorageKey),
    name: row.name,
    department: row.department,
    description: row.description,
  };
}
