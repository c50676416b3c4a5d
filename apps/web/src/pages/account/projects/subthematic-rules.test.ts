import { describe, expect, it } from 'vitest';
import { offeredSubthematics, withoutThematic } from './subthematic-rules.ts';

const grouped = {
  a: [
    { id: 1, name: 'Zèbre' },
    { id: 2, name: 'Abeille' },
  ],
  b: [
    { id: 2, name: 'Abeille' },
    { id: 3, name: 'Écureuil' },
  ],
};

describe('subthematic rules', () => {
  it('offers the sorted union without duplicates', () => {
    expect(offeredSubthematics(grouped, 'a', 'b').map((o) => o.id)).toEqual([2, 3, 1]);
    expect(offeredSubthematics(grouped, '', '')).toEqual([]);
  });

  it('drops the subthematics of the replaced thematic', () => {
    expect(withoutThematic([{ id: 1 }, { id: 3 }], grouped, 'a')).toEqual([{ id: 3 }]);
  });
});
