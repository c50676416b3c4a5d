import type { ContactUsAddress, ContactUsOptions, ContactUsThematic } from '@ad/contract';
import type { ContactUsAddressRow } from './contact-us.queries.ts';

export function presentContactUsOptions(
  thematics: ContactUsThematic[],
  addresses: ContactUsAddressRow[],
): ContactUsOptions {
  return {
    thematics: thematics.map(({ id, name }) => ({ id, name })),
    addresses: addresses.map(presentAddress),
  };
}

function presentAddress(row: ContactUsAddressRow): ContactUsAddress {
  return {
    name: row.name,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    phone: row.phone,
    thematic_id: row.thematicId,
  };
}
