import { z } from 'zod';
import type { GlossaryEntryRow } from './glossary.queries.ts';

/** Glossary entry (spec public-site §3): title, definition (plain text). */
export const glossaryEntrySchema = z.object({
  title: z.string(),
  definition: z.string(),
});
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

/**
 * The entries grouped by letter, as the Laravel API answered: `{ "A": [...], "B": [...] }`, keys in
 * alphabetical order ('#' first, for titles that do not start with a letter).
 */
export const glossaryByLetterSchema = z.record(z.string(), z.array(glossaryEntrySchema));
export type GlossaryByLetter = z.infer<typeof glossaryByLetterSchema>;

/** The group of titles that do not start with a Latin letter (digits, quotes, other scripts). */
export const OTHER_LETTER = '#';

// Letters that Unicode decomposition does not split into a base letter and an accent.
const LIGATURES: Record<string, string> = { Œ: 'O', Æ: 'A', ẞ: 'S', ß: 'S' };

const collator = new Intl.Collator('fr', { numeric: true });

/**
 * The letter a title is listed under: its first letter without accent and in upper case
 * ('Économie' → 'E', 'œuf' → 'O'), or '#' when it does not start with a letter A to Z.
 */
export function glossaryLetter(title: string): string {
  const first = title.trim().charAt(0).toUpperCase();
  const folded = LIGATURES[first] ?? first.normalize('NFD').charAt(0);
  return /^[A-Z]$/.test(folded) ? folded : OTHER_LETTER;
}

/** Entries in French order: accents and case only break ties ('Ecole' < 'école' < 'Élan' < 'Étang'). */
export function compareGlossaryTitles(a: string, b: string): number {
  return collator.compare(a.trim(), b.trim());
}

export function presentGlossary(rows: readonly GlossaryEntryRow[]): GlossaryByLetter {
  const sorted = [...rows].sort((a, b) => compareGlossaryTitles(a.title, b.title) || a.id - b.id);
  const groups = new Map<string, GlossaryEntry[]>();
  for (const row of sorted) {
    const letter = glossaryLetter(row.title);
    let group = groups.get(letter);
    if (!group) groups.set(letter, (group = []));
    group.push({ title: row.title, definition: row.definition });
  }
  // Object keys keep their insertion order (none is an integer), so the JSON lists the letters in order.
  const letters = [...groups.keys()].sort((a, b) =>
    a === OTHER_LETTER ? -1 : b === OTHER_LETTER ? 1 : a.localeCompare(b),
  );
  return Object.fromEntries(letters.map((letter) => [letter, groups.get(letter)!]));
}
