import type { Paginated } from '@ad/contract';
import type { AppDatabase } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import { pageLink, pageRequest, paginate } from '../../platform/pagination.ts';
import {
  presentResource,
  type Resource,
  type ResourceFiltersResponse,
} from './resources.presenter.ts';
import {
  countResources,
  findPublishedResource,
  listResourceCategories,
  listResources,
  listResourceTypes,
  listSubthematicsWithThematic,
  type ResourceFilters,
} from './resources.queries.ts';

export const RESOURCES_PATH = '/api/resources';

/** A page of published resources: two queries (count, page with its joins). */
export async function readResources(
  db: AppDatabase,
  input: ResourceFilters & { page: number },
): Promise<Paginated<Resource>> {
  const filters = {
    subthematics: input.subthematics,
    types: input.types,
    categories: input.categories,
  };
  const request = pageRequest(input.page);
  const [total, rows] = await Promise.all([
    countResources(db, filters),
    listResources(db, filters, request),
  ]);
  return paginate(rows.map(presentResource), total, request, pageLink(RESOURCES_PATH, filters));
}

/** The resource page's item; 404 when missing or not published. */
export async function readResource(db: AppDatabase, slug: string): Promise<{ data: Resource }> {
  const row = await findPublishedResource(db, slug);
  if (!row) throw notFound();
  return { data: presentResource(row) };
}

/** Catégories, Thématiques (subthematics grouped by thematic, themes in order) and Types. */
export async function readResourceFilters(db: AppDatabase): Promise<ResourceFiltersResponse> {
  const [types, categories, subthematicRows] = await Promise.all([
    listResourceTypes(db),
    listResourceCategories(db),
    listSubthematicsWithThematic(db),
  ]);
  const groups: ResourceFiltersResponse['subthematics'] = [];
  let lastThematicId: number | null = null;
  for (const row of subthematicRows) {
    if (row.thematicId !== lastThematicId) {
      lastThematicId = row.thematicId;
      groups.push({
        thematic: { name: row.thematicName, color: row.thematicColor, class: row.thematicClass },
        subthematics: [],
      });
    }
    groups.at(-1)!.subthematics.push({ id: row.id, name: row.name });
  }
  return { types, categories, subthematics: groups };
}
