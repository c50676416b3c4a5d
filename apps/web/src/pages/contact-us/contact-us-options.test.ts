import { describe, expect, it } from 'vitest';
import type { ContactUsAddress } from '@ad/contract';
import { visibleAddresses } from './contact-us-options.ts';

const block = (name: string, thematic_id: number | null): ContactUsAddress => ({
  name,
  address_line_1: '15 rue Arthur Ranc',
  address_line_2: null,
  postcode: '86020',
  city: 'Poitiers',
  country: 'France',
  phone: '05 36 49 00 00',
  thematic_id,
});

describe('visibleAddresses', () => {
  const team1 = block('Équipe', 1);
  const team4 = block('Équipe', 4);
  const limoges = { ...block('Antenne de Limoges', 6), city: 'Limoges' };
  const all = [team1, limoges, team4];

  it("keeps the chosen thematic's blocks", () => {
    expect(visibleAddresses(all, '6')).toEqual([limoges]);
    expect(visibleAddresses(all, '4')).toEqual([team4]);
  });

  it('lists every block once when no thematic is chosen, or the chosen one has none', () => {
    expect(visibleAddresses(all, '')).toEqual([team1, limoges]);
    expect(visibleAddresses(all, '999')).toEqual([team1, limoges]);
    expect(visibleAddresses([], '4')).toEqual([]);
  });
});
