import { asc, eq, sql } from 'drizzle-orm';
import { CONTACT_THEMATIC_OTHER } from '@ad/contract';
import {
  PROTECTED_CONTACT_THEMATICS,
  protectedThematicMessage,
  TEAM_CONTENT_MESSAGES,
  type ContactThematicAddress,
  type ContactThematicInput,
  type ContactThematicRow,
  type ContactThematicsList,
  type TeamContentDeleteResponse,
  type TeamContentMoveInput,
  type TeamContentWriteResponse,
} from '@ad/contract/account/team-content';
import type { DbOrTx } from '../../db/client.ts';
import { contactUsAddresses, contactUsThematics } from '../../db/schema/contact-us.ts';
import { HttpError } from '../../platform/errors.ts';
import { rowsOf } from '../../platform/ordered-rows.ts';
import {
  assertTextFree,
  audit,
  changeRunner,
  found,
  moveEntry,
  moveInOrder,
  nextPosition,
  removeEntry,
  titleChange,
  written,
  type Actor,
  type EntryKind,
  type OrderedTable,
  type TeamContentDeps,
} from './team-content-shared.ts';

const ORDER: OrderedTable = { table: 'contact_us_thematics' };

const isProtected = (id: number) => PROTECTED_CONTACT_THEMATICS.includes(id);

interface AddressRecord {
  id: number;
  thematicId: number | null;
  name: string;
  addressLine1: string | null;
  addressLine2: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  phone: string | null;
}

const addressColumns = {
  id: contactUsAddresses.id,
  thematicId: contactUsAddresses.thematicId,
  name: contactUsAddresses.name,
  addressLine1: contactUsAddresses.addressLine1,
  addressLine2: contactUsAddresses.addressLine2,
  postcode: contactUsAddresses.postcode,
  city: contactUsAddresses.city,
  country: contactUsAddresses.country,
  phone: contactUsAddresses.phone,
};

const presentAddress = (row: AddressRecord): ContactThematicAddress => ({
  address_name: row.name,
  address_line_1: row.addressLine1,
  address_line_2: row.addressLine2,
  postcode: row.postcode,
  city: row.city,
  country: row.country,
  phone: row.phone,
});

/** Each thematic's address block: its first one in the public order. */
async function addressesByThematic(db: DbOrTx): Promise<Map<number, AddressRecord>> {
  const rows = await db
    .select(addressColumns)
    .from(contactUsAddresses)
    .orderBy(asc(contactUsAddresses.position), asc(contactUsAddresses.id));
  const byThematic = new Map<number, AddressRecord>();
  for (const row of rows) {
    if (row.thematicId !== null && !byThematic.has(row.thematicId)) {
      byThematic.set(row.thematicId, row);
    }
  }
  return byThematic;
}

async function listThematics(db: DbOrTx): Promise<ContactThematicRow[]> {
  const [rows, addresses] = await Promise.all([
    db
      .select({
        id: contactUsThematics.id,
        name: contactUsThematics.name,
        recipient_email: contactUsThematics.recipientEmail,
        position: contactUsThematics.position,
      })
      .from(contactUsThematics)
      .orderBy(asc(contactUsThematics.position), asc(contactUsThematics.id)),
    addressesByThematic(db),
  ]);
  return rows.map((row) => {
    const address = addresses.get(row.id);
    return {
      ...row,
      protected: isProtected(row.id),
      address: address ? presentAddress(address) : null,
    };
  });
}

async function loadThematic(db: DbOrTx, id: number): Promise<ContactThematicRow> {
  return found((await listThematics(db)).find((row) => row.id === id));
}

const THEMATIC: EntryKind<ContactThematicRow> = {
  lock: 'contact_thematic',
  subject: 'contact_thematic',
  screen: 'contact-thematics',
  load: loadThematic,
  title: (row) => row.name,
};

const assertNameFree = (db: DbOrTx, name: string, exceptId: number | null) =>
  assertTextFree(
    db,
    'contact_us_thematics',
    'name',
    name,
    exceptId,
    TEAM_CONTENT_MESSAGES.contactThematicNameTaken,
  );

/**
 * Ids are chosen here (the table has no identity: the site links to 4, 6 and 999): the next one
 * below « Autre » (999), else after it.
 */
async function nextThematicId(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ below: number | null; above: number | null }>(
    await db.execute(sql`SELECT
      (SELECT max(id) FROM contact_us_thematics WHERE id < ${CONTACT_THEMATIC_OTHER}) AS below,
      (SELECT max(id) FROM contact_us_thematics) AS above`),
  );
  const next = (row?.below ?? 0) + 1;
  if (next < CONTACT_THEMATIC_OTHER) return next;
  return Math.max(row?.above ?? 0, CONTACT_THEMATIC_OTHER) + 1;
}

/** Writes the thematic's address block: updated, added, or removed when the form's is blank. */
async function saveAddress(
  db: DbOrTx,
  thematicId: number,
  input: ContactThematicInput,
  position: number,
) {
  const current = (await addressesByThematic(db)).get(thematicId);
  if (input.address_name === null) {
    if (current) await db.delete(contactUsAddresses).where(eq(contactUsAddresses.id, current.id));
    return;
  }
  const values = {
    name: input.address_name,
    addressLine1: input.address_line_1,
    addressLine2: input.address_line_2,
    postcode: input.postcode,
    city: input.city,
    country: input.country,
    phone: input.phone,
  };
  if (current) {
    await db.update(contactUsAddresses).set(values).where(eq(contactUsAddresses.id, current.id));
  } else {
    await db.insert(contactUsAddresses).values({ ...values, thematicId, position });
  }
}

/**
 * The thematics of « Nous contacter » (/nous-contacter): their names and order in the form, the
 * mailbox each one's messages go to, and the address block shown when it is chosen. The
 * thematics the site links to by id (ideas box, help, « Autre ») are renamed but never deleted.
 * A new thematic is placed before « Autre » when that one is last. A deleted thematic takes its
 * address block with it; its past messages keep their text (their thematic becomes empty).
 */
export function contactThematicsAdmin(
  deps: TeamContentDeps & { db: DbOrTx; defaultRecipient: string },
) {
  const { db } = deps;
  const change = changeRunner(deps);

  return {
    async list(): Promise<ContactThematicsList> {
      return { data: await listThematics(db), default_recipient: deps.defaultRecipient };
    },

    async create(
      input: ContactThematicInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<ContactThematicRow>> {
      const thematic = await change('contact_thematic', async ({ tx }) => {
        await assertNameFree(tx, input.name, null);
        const id = await nextThematicId(tx);
        const position = await nextPosition(tx, ORDER);
        await tx.insert(contactUsThematics).values({
          id,
          name: input.name,
          recipientEmail: input.recipient_email,
          position,
        });
        await saveAddress(tx, id, input, position);
        // « Autre » stays the form's last choice.
        const order = await listThematics(tx);
        if (order.at(-2)?.id === CONTACT_THEMATIC_OTHER) {
          await moveInOrder(tx, ORDER, id, null, { direction: 'up' });
        }
        await audit(tx, actor, 'contact_thematic', 'create', id, {
          title: input.name,
          recipient_email: input.recipient_email,
        });
        return loadThematic(tx, id);
      });
      return written(THEMATIC, thematic, 'ajouté');
    },

    async update(
      id: number,
      input: ContactThematicInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<ContactThematicRow>> {
      const thematic = await change('contact_thematic', async ({ tx }) => {
        const before = await loadThematic(tx, id);
        await assertNameFree(tx, input.name, id);
        await tx
          .update(contactUsThematics)
          .set({ name: input.name, recipientEmail: input.recipient_email })
          .where(eq(contactUsThematics.id, id));
        await saveAddress(tx, id, input, before.position);
        await audit(tx, actor, 'contact_thematic', 'update', id, {
          ...titleChange(before.name, input.name),
          ...(before.recipient_email === input.recipient_email
            ? {}
            : {
                recipient_email: input.recipient_email,
                previous_recipient_email: before.recipient_email,
              }),
        });
        return loadThematic(tx, id);
      });
      return written(THEMATIC, thematic, 'modifié');
    },

    remove(id: number, actor: Actor): Promise<TeamContentDeleteResponse> {
      return removeEntry(
        change,
        THEMATIC,
        id,
        actor,
        async ({ tx }, before) => {
          if (before.protected) throw new HttpError(422, protectedThematicMessage(before.name));
          await tx.delete(contactUsAddresses).where(eq(contactUsAddresses.thematicId, id));
          await tx.delete(contactUsThematics).where(eq(contactUsThematics.id, id));
        },
        (before) => ({ recipient_email: before.recipient_email }),
      );
    },

    move(
      id: number,
      input: TeamContentMoveInput,
      actor: Actor,
    ): Promise<TeamContentWriteResponse<ContactThematicRow>> {
      return moveEntry(change, THEMATIC, ORDER, id, input, actor);
    },
  };
}
