import type { Paginated } from '@ad/contract';
import type { AppDatabase } from '../../platform/database.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import {
  countDirectoryContacts,
  listContactRelations,
  listContactTypes,
  listDirectoryContacts,
  listDirectoryDepartements,
  type ContactRelationRow,
  type DirectoryFilters,
} from './contacts-directory.queries.ts';
import {
  presentDirectoryContact,
  type ContactRelations,
  type DirectoryContact,
} from './contacts.presenter.ts';

export const DIRECTORY_PATH = '/api/contacts';

/**
 * A page of the directory: the count, and the page with each contact's thematics, initiatives and
 * food procedures: two queries whatever the page size.
 */
export async function readDirectory(
  db: AppDatabase,
  input: DirectoryFilters & { page: number },
): Promise<Paginated<DirectoryContact>> {
  const filters = { types: input.types, locations: input.locations };
  const request = pageRequest(input.page);
  const [total, rows] = await Promise.all([
    countDirectoryContacts(db, filters),
    listDirectoryContacts(db, filters, request),
  ]);
  const relations = relationsByContact(rows);
  return paginate(
    rows.map((row) => presentDirectoryContact(row, relations)),
    total,
    request,
    pageLink(DIRECTORY_PATH, filters),
  );
}

/** The relation lists of contacts read with contactRelationLists(), by contact id. */
export function relationsByContact(rows: readonly ContactRelationRow[]): ContactRelations {
  return {
    thematics: new Map(rows.map((row) => [row.id, row.relationThematics])),
    initiatives: new Map(rows.map((row) => [row.id, row.relationInitiatives])),
    foodProcedures: new Map(rows.map((row) => [row.id, row.relationFoodProcedures])),
  };
}

/**
 * The thematics, published initiatives and published food procedures of the contacts (spec
 * public-site §3 'Contact'): one query, none without contacts.
 */
export async function readContactRelations(
  db: AppDatabase,
  ids: number[],
): Promise<ContactRelations> {
  return relationsByContact(ids.length ? await listContactRelations(db, ids) : []);
}

/** The directory's filters: 'Types de contact' and 'Localisations' (départements by code). */
export async function readContactFilters(db: AppDatabase) {
  const [types, locations] = await Promise.all([
    listContactTypes(db),
    listDirectoryDepartements(db),
  ]);
  return { types, locations };
}
