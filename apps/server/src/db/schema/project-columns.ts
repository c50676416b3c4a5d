import {
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgEnum,
  text,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts.ts';
import { departements } from './geo.ts';
import { lifecycleColumns } from './lifecycle.ts';
import { areasOfInfluence, progressStatuses, projectHolderTypes } from './taxonomy.ts';

export interface TechnicalPartner {
  partner: string;
}
export interface FinancialPartner {
  partner: string;
  device: string | null;
}
export interface WebsiteUrl {
  website_url: string;
}

/** Kind of a file attached to an initiative or a food procedure. */
export const attachmentKindEnum = pgEnum('attachment_kind', ['logo', 'document']);

/** Columns shared by initiatives and food procedures (same form, same detail). */
export function projectColumns() {
  return {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** Rich text (sanitised HTML). */
    summary: text('summary'),
    projectHolderTypeId: integer('project_holder_type_id').references(
      (): AnyPgColumn => projectHolderTypes.id,
      { onDelete: 'set null' },
    ),
    areaOfInfluenceId: integer('area_of_influence_id').references(
      (): AnyPgColumn => areasOfInfluence.id,
      { onDelete: 'set null' },
    ),
    territoryOfRealization: text('territory_of_realization'),
    technicalPartners: jsonb('technical_partners')
      .$type<TechnicalPartner[]>()
      .notNull()
      .default([]),
    financialPartners: jsonb('financial_partners')
      .$type<FinancialPartner[]>()
      .notNull()
      .default([]),
    nbTeamMembers: integer('nb_team_members'),
    projectCost: numeric('project_cost', { precision: 14, scale: 2, mode: 'number' }),
    releasedAt: date('released_at', { mode: 'string' }),
    endedAt: date('ended_at', { mode: 'string' }),
    progressStatusId: integer('progress_status_id').references(
      (): AnyPgColumn => progressStatuses.id,
      { onDelete: 'set null' },
    ),
    context: text('context'),
    objectives: text('objectives'),
    implementationOfActions: text('implementation_of_actions'),
    keysToSuccess: text('keys_to_success'),
    potentialBrakes: text('potential_brakes'),
    prospectsForFuture: text('prospects_for_future'),
    originalityOfApproach: text('originality_of_approach'),
    websiteUrls: jsonb('website_urls').$type<WebsiteUrl[]>().notNull().default([]),
    displayDocuments: boolean('display_documents').notNull().default(false),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    postcode: varchar('postcode', { length: 10 }),
    city: text('city'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    departementCode: varchar('departement_code', { length: 3 }).references(
      (): AnyPgColumn => departements.code,
      { onDelete: 'set null' },
    ),
    /** The institution shown as contact on the detail (and target of "contacter le référent"). */
    contactId: integer('contact_id').references((): AnyPgColumn => contacts.id, {
      onDelete: 'set null',
    }),
    pqnaExternalUrl: text('pqna_external_url'),
    ...lifecycleColumns(),
  };
}
