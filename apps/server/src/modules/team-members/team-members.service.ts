import { eq } from 'drizzle-orm';
import { teamMembers } from '../../db/schema/content.ts';
import type { AppDatabase } from '../../platform/database.ts';

export interface TeamMemberInput {
  name: string;
  department?: string | null;
  description?: string | null;
  position?: number;
}

/**
 * Changes to the coordination team shown on About ('Vos contacts'). The back office (roles and
 * audit trail) builds on it. After each change the public answers of this instance are dropped
 * at once (`contentChanged`); the database triggers tell the other instances.
 */
export function createTeamMembersService(deps: { db: AppDatabase; contentChanged: () => void }) {
  const { db, contentChanged } = deps;
  return {
    async create(input: TeamMemberInput) {
      const [row] = await db.insert(teamMembers).values(input).returning();
      contentChanged();
      return row!;
    },
    async update(id: number, input: Partial<TeamMemberInput>) {
      const [row] = await db
        .update(teamMembers)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(teamMembers.id, id))
        .returning();
      contentChanged();
      return row ?? null;
    },
    async remove(id: number) {
      const deleted = await db.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
      contentChanged();
      return deleted.length > 0;
    },
  };
}
