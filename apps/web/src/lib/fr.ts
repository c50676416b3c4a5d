import { cx } from '@codegouvfr/react-dsfr/fr/cx';

/**
 * The DSFR's typed class-name helper `fr.cx`, without the rest of the package's `fr` object (its
 * colour, spacing and typography tables: 13 KB gzip that no screen of ours reads, which was in the
 * initial JavaScript of every page). Our modules import `fr` from here (an ESLint rule says so);
 * the DSFR's React components still bring the full object to the pages that use them.
 */
export const fr = { cx } as const;
