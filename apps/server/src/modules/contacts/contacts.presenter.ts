import { z } from 'zod';
import { publicFileUrl } from '../../platform/file-urls.ts';
import type { DirectoryContactRow } from './contacts-directory.queries.ts';

export const thematicSchema = z.object({ name: z.string(), color: z.string(), class: z.string() });
const titledSchema = z.object({ id: z.number().int(), title: z.string() });

/**
 * Contact of the directory (spec public-site §3). `society_email` only says whether the contact
 * can be reached through the referent form: its address never leaves the server.
 */
export const directoryContactSchema = z.object({
  id: z.number().int(),
  type: z.object({ name: z.string() }).nullable(),
  avatar_url: z.string().nullable(),
  society_name: z.string(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  society_email: z.boolean(),
  website_url: z.string().nullable(),
  thematics: z.array(thematicSchema),
  initiatives: z.array(titledSchema),
  food_procedures: z.array(titledSchema),
});
export type DirectoryContact = z.infer<typeof directoryContactSchema>;

export const contactFiltersSchema = z.object({
  types: z.array(z.object({ id: z.number().int(), name: z.string() })),
  locations: z.array(z.object({ code: z.string(), name: z.string() })),
});

type Thematic = z.infer<typeof thematicSchema>;
type Titled = z.infer<typeof titledSchema>;

export interface ContactRelations {
  thematics: ReadonlyMap<number, Thematic[]>;
  initiatives: ReadonlyMap<number, Titled[]>;
  foodProcedures: ReadonlyMap<number, Titled[]>;
}

export function presentDirectoryContact(
  row: DirectoryContactRow,
  relations: ContactRelations,
): DirectoryContact {
  return {
    id: row.id,
    type: row.typeName === null ? null : { name: row.typeName },
    avatar_url: publicFileUrl(row.avatarStorageKey),
    society_name: row.societyName,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    postcode: row.postcode,
    city: row.city,
    phone: row.phone,
    society_email: Boolean(row.hasSocietyEmail),
    website_url: row.websiteUrl,
    thematics: relations.thematics.get(row.id) ?? [],
    initiatives: relations.initiatives.get(row.id) ?? [],
    food_procedures: relations.foodProcedures.get(row.id) ?? [],
  };
}
