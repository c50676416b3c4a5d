import type { SettingsList } from '@ad/contract/account/team-settings';
import type { RevisionSubjectType } from '../../db/schema/index.ts';

/**
 * What the generic routes need to know of each reference list: its table and columns, and what
 * uses its entries (so that a delete in use is refused with the count instead of letting the
 * foreign keys null or cascade the members' data away).
 */

/** A table column holding an entry's id (one row = one use). */
export interface ColumnUse {
  table: string;
  column: string;
  /** « initiative » / « initiatives ». */
  noun: readonly [singular: string, plural: string];
}

/**
 * An id held in the payload of a pending revision (docs/decisions/0003): `values.<key>` (one id)
 * or `relations.<key>` (a list of ids). Applying the revision would fail on a deleted entry.
 */
export interface RevisionUse {
  subject: RevisionSubjectType;
  path: readonly ['values' | 'relations', string];
  list?: boolean;
}

export interface ListDefinition {
  list: SettingsList;
  table: string;
  /** `label` for the progress statuses (status_for_humans), `name` elsewhere. */
  nameColumn: 'name' | 'label';
  /** The subthematics' `thematic_id`. */
  parentColumn?: 'thematic_id';
  /** The themes' `color`. */
  colorColumn?: 'color';
  /** Ties of `position` are broken like the public lists break them. */
  uses: readonly ColumnUse[];
  revisionUses: readonly RevisionUse[];
}

const INITIATIVE = ['initiative', 'initiatives'] as const;
const PROCEDURE = ['démarche', 'démarches'] as const;
const RESOURCE = ['ressource', 'ressources'] as const;
const INSTITUTION = ['structure', 'structures'] as const;

export const PENDING_EDIT = ['modification en attente', 'modifications en attente'] as const;

/** A project column shared by initiatives and food procedures (project-columns.ts). */
const projectColumn = (
  column: string,
  key: string,
): Pick<ListDefinition, 'uses' | 'revisionUses'> => ({
  uses: [
    { table: 'initiatives', column, noun: INITIATIVE },
    { table: 'food_procedures', column, noun: PROCEDURE },
  ],
  revisionUses: [
    { subject: 'initiative', path: ['values', key] },
    { subject: 'food_procedure', path: ['values', key] },
  ],
});

export const LIST_DEFINITIONS: Record<SettingsList, ListDefinition> = {
  thematics: {
    list: 'thematics',
    table: 'thematics',
    nameColumn: 'name',
    colorColumn: 'color',
    uses: [
      { table: 'initiatives', column: 'thematic_id', noun: INITIATIVE },
      { table: 'initiatives', column: 'secondary_thematic_id', noun: INITIATIVE },
      { table: 'food_procedure_thematics', column: 'thematic_id', noun: PROCEDURE },
      { table: 'resources', column: 'thematic_id', noun: RESOURCE },
      { table: 'contact_thematics', column: 'thematic_id', noun: INSTITUTION },
    ],
    revisionUses: [
      { subject: 'initiative', path: ['values', 'thematicId'] },
      { subject: 'initiative', path: ['values', 'secondaryThematicId'] },
      { subject: 'food_procedure', path: ['relations', 'thematicIds'], list: true },
      { subject: 'resource', path: ['values', 'thematicId'] },
    ],
  },
  subthematics: {
    list: 'subthematics',
    table: 'subthematics',
    nameColumn: 'name',
    parentColumn: 'thematic_id',
    uses: [
      { table: 'initiative_subthematics', column: 'subthematic_id', noun: INITIATIVE },
      { table: 'food_procedure_subthematics', column: 'subthematic_id', noun: PROCEDURE },
      { table: 'resource_subthematics', column: 'subthematic_id', noun: RESOURCE },
    ],
    revisionUses: [{ subject: 'initiative', path: ['relations', 'subthematicIds'], list: true }],
  },
  post_categories: {
    list: 'post_categories',
    table: 'post_categories',
    nameColumn: 'name',
    uses: [{ table: 'posts', column: 'category_id', noun: ['actualité', 'actualités'] }],
    revisionUses: [{ subject: 'post', path: ['values', 'categoryId'] }],
  },
  event_categories: {
    list: 'event_categories',
    table: 'event_categories',
    nameColumn: 'name',
    uses: [{ table: 'events', column: 'category_id', noun: ['évènement', 'évènements'] }],
    revisionUses: [{ subject: 'event', path: ['values', 'categoryId'] }],
  },
  resource_categories: {
    list: 'resource_categories',
    table: 'resource_categories',
    nameColumn: 'name',
    uses: [{ table: 'resources', column: 'category_id', noun: RESOURCE }],
    revisionUses: [{ subject: 'resource', path: ['values', 'categoryId'] }],
  },
  project_holder_types: {
    list: 'project_holder_types',
    table: 'project_holder_types',
    nameColumn: 'name',
    ...projectColumn('project_holder_type_id', 'projectHolderTypeId'),
  },
  beneficiaries: {
    list: 'beneficiaries',
    table: 'beneficiaries',
    nameColumn: 'name',
    uses: [
      { table: 'initiative_beneficiaries', column: 'beneficiary_id', noun: INITIATIVE },
      { table: 'food_procedure_beneficiaries', column: 'beneficiary_id', noun: PROCEDURE },
    ],
    revisionUses: [{ subject: 'initiative', path: ['relations', 'beneficiaryIds'], list: true }],
  },
  areas_of_influence: {
    list: 'areas_of_influence',
    table: 'areas_of_influence',
    nameColumn: 'name',
    ...projectColumn('area_of_influence_id', 'areaOfInfluenceId'),
  },
  progress_statuses: {
    list: 'progress_statuses',
    table: 'progress_statuses',
    nameColumn: 'label',
    ...projectColumn('progress_status_id', 'progressStatusId'),
  },
  issue_types: {
    list: 'issue_types',
    table: 'issue_types',
    nameColumn: 'name',
    uses: [{ table: 'initiative_issue_types', column: 'issue_type_id', noun: INITIATIVE }],
    revisionUses: [{ subject: 'initiative', path: ['relations', 'issueTypeIds'], list: true }],
  },
  contact_types: {
    list: 'contact_types',
    table: 'contact_types',
    nameColumn: 'name',
    uses: [{ table: 'contacts', column: 'type_id', noun: INSTITUTION }],
    revisionUses: [{ subject: 'contact', path: ['values', 'typeId'] }],
  },
};
