import { eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx, Transaction } from '../../db/client.ts';
import type { foodProcedureFiles } from '../../db/schema/food-procedures.ts';
import { communes, communitiesOfCommunes } from '../../db/schema/geo.ts';
import type { initiativeFiles } from '../../db/schema/initiatives.ts';
import { PROJECT_MESSAGES } from './project-fields.ts';
import { allFileIds, type ProjectFiles } from './project-files.ts';

/** Relations both types write the same way. */

/** Every commune and community code must exist. */
export async function checkGeoCodes(
  db: DbOrTx,
  communeCodes: readonly string[],
  communityCodes: readonly string[],
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (communeCodes.length) {
    const found = await db
      .select({ code: communes.inseeCode })
      .from(communes)
      .where(inArray(communes.inseeCode, [...communeCodes]));
    if (found.length !== new Set(communeCodes).size)
      errors.communes = PROJECT_MESSAGES.invalidChoice('communes');
  }
  if (communityCodes.length) {
    const found = await db
      .select({ code: communitiesOfCommunes.code })
      .from(communitiesOfCommunes)
      .where(inArray(communitiesOfCommunes.code, [...communityCodes]));
    if (found.length !== new Set(communityCodes).size)
      errors.communities_of_communes = PROJECT_MESSAGES.invalidChoice('communautés de communes');
  }
  return errors;
}

/**
 * Links the state's logos and documents to the item (in order, with their display names) in
 * place of the previous ones; returns the files no longer linked.
 */
export async function replaceFiles<T extends typeof initiativeFiles | typeof foodProcedureFiles>(
  tx: Transaction,
  input: {
    table: T;
    ownerColumn: AnyPgColumn;
    owner: Record<string, number>;
    itemId: number;
    files: ProjectFiles;
  },
): Promise<number[]> {
  const table = input.table as typeof initiativeFiles;
  const previous = await tx
    .select({ fileId: table.fileId })
    .from(table)
    .where(eq(input.ownerColumn, input.itemId));
  await tx.delete(table).where(eq(input.ownerColumn, input.itemId));
  const rows = [
    ...input.files.logos.map((f, position) => ({ ...f, kind: 'logo' as const, position })),
    ...input.files.documents.map((f, position) => ({ ...f, kind: 'document' as const, position })),
  ];
  if (rows.length) {
    await tx.insert(table).values(
      rows.map((r) => ({
        ...(input.owner as { initiativeId: number }),
        fileId: r.fileId,
        kind: r.kind,
        displayedName: r.displayedName,
        position: r.position,
      })),
    );
  }
  const kept = new Set(allFileIds(input.files));
  return previous.map((p) => p.fileId).filter((id) => !kept.has(id));
}
