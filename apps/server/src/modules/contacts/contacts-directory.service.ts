import type { Paginated } from '@ad/contract';
import type { AppDatabase } from '../../platform/database.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import {
  countDirectoryContacts,
  foodProceduresOfContacts,
  initiativesOfContacts,
  listContactTypes,
  listDirectoryContacts,
  listDirectoryDepartements,
  thematicsOfContacts,
  type DirectoryFilters,
} from './contacts-directory.queries.ts';
import {
  groupBy,
  presentDirectoryContact,
  type ContactRelations,
  type DirectoryContact,
} from './contacts.presenter.ts';

export const DIRECTORY_PATH = '/api/contacts';

/**
 * A page of the directory: the count and the page, then one query per relation for the whole
 * page (thematics, initiatives, food procedures): five queries whatever the page size.
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
  const relations = await readContactRelations(
    db,
    rows.map((row) => row.id),
  );
  return paginate(
    rows.map((row) => presentDirectoryContact(row, relations)),
    total,
    request,
    pageLink(DIRECTORY_PATH, filters),
  );
}

/**
 * The thematics, published initiatives and published food procedures of the contacts (spec
 * public-site §3 'Contact'): one query per relation, none without contacts.
 */
export async function readContactRelations(
  db: AppDatabase,
  ids: number[],
): Promise<ContactRelations> {
  const [thematics, initiatives, foodProcedures] = ids.length
    ? await Promise.all([
        thematicsOfContacts(db, ids),
        initiativesOfContacts(db, ids),
        foodProceduresOfContacts(db, ids),
      ])
    : [[], [], []];
  return {
    thematics: groupBy(thematics, 'contactId'),
    initiatives: groupBy(initiatives, 'contactId'),
    foodProcedures: groupBy(foodProcedures, 'contactId'),
  };
}

/** The directory's filters: 'Types de contact' and 'Localisations' (départements by code). */
export async function readContactFilters(db: AppDatabase) {
  const [types, locations] = await Promise.all([
    listContactTypes(db),
    listDirectoryDepartements(db),
  ]);
  return { types, locations };
}
