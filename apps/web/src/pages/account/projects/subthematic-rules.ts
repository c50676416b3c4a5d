import type { Option } from '@ad/contract/account/member-content';

/** Subthematic rules of the initiative form (spec account-area §4). */

/** The union of both thematics' subthematics, sorted by name, each once. */
export function offeredSubthematics(
  grouped: Record<string, Option[]>,
  primary: string,
  secondary: string,
): Option[] {
  const byId = new Map<string | number, Option>();
  for (const slug of [primary, secondary]) {
    for (const option of (slug && grouped[slug]) || []) byId.set(option.id, option);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}

/** The chosen subthematics without those of a thematic that was just replaced. */
export function withoutThematic<T extends { id: string | number }>(
  chosen: readonly T[],
  grouped: Record<string, Option[]>,
  previous: string,
): T[] {
  const ids = new Set(((previous && grouped[previous]) || []).map((o) => o.id));
  return chosen.filter((item) => !ids.has(item.id));
}
