import { INITIATIVES_PART_1 } from './initiatives-part-1.ts';
import { INITIATIVES_PART_2 } from './initiatives-part-2.ts';
import type { InitiativeSeed } from './types.ts';

/** The 60 demo initiatives: five per département, ten per theme. */
export const INITIATIVES: readonly InitiativeSeed[] = [
  ...INITIATIVES_PART_1,
  ...INITIATIVES_PART_2,
];
