import { useCallback, useEffect, useRef, useState } from 'react';
import { usePageConfig } from '../../app/page-config.ts';
import { DRAFT_PREFIX } from './draft-cleanup.ts';
import { readDraft, removeDraft, writeDraft, type StoredDraft } from './draft-storage.ts';

const SAVE_DELAY_MS = 500;

/**
 * Keeps a draft of a long form in the browser's local storage (`ad:draft:<user id>:<key>`), so
 * that a closed tab or an expired session does not lose the member's work. A draft is the
 * member's own: another member signed in on the same browser never sees it, and logging out
 * removes every draft (clearDrafts). Files cannot be stored: an
 * entry holding a file is left out of the draft. On mount, a saved draft is offered (DraftNotice)
 * and nothing is saved until the member takes it or ignores it. Values equal to the form's start
 * (its values when `enabled` turned true: pass `enabled` once the edited item is loaded) are not a
 * draft. Call `clear()` after a successful save.
 */
export function useFormDraft<T>(
  key: string,
  values: T,
  restore: (draft: T) => void,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const storageKey = `${DRAFT_PREFIX}${usePageConfig().user?.id ?? 0}:${key}`;
  const [offered, setOffered] = useState<StoredDraft | null>(null);
  const decided = useRef(false);
  const baseline = useRef<string | null>(null);
  const latest = useRef('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  const serialized = enabled ? JSON.stringify(withoutFiles(values)) : '';
  latest.current = serialized;

  // Read after mount only: the server renders no notice, and neither does the first paint.
  useEffect(() => {
    if (!enabled) return;
    baseline.current ??= latest.current;
    if (decided.current) return;
    const stored = readDraft(storageKey);
    if (stored && JSON.stringify(stored.values) !== baseline.current) setOffered(stored);
    else decided.current = true;
  }, [enabled, storageKey]);

  useEffect(() => {
    if (!enabled || !decided.current || baseline.current === null) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (serialized === baseline.current) removeDraft(storageKey);
      else writeDraft(storageKey, serialized);
    }, SAVE_DELAY_MS);
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [enabled, serialized, storageKey]);

  const take = useCallback(() => {
    if (!offered) return;
    decided.current = true;
    setOffered(null);
    restoreRef.current(offered.values as T);
  }, [offered]);

  const ignore = useCallback(() => {
    decided.current = true;
    setOffered(null);
    removeDraft(storageKey);
  }, [storageKey]);

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // The saved values are the new start: only later changes make a draft again.
    baseline.current = latest.current;
    decided.current = true;
    setOffered(null);
    removeDraft(storageKey);
  }, [storageKey]);

  return {
    /** A saved draft waits for the member's choice. */
    offered: offered !== null,
    /** When the offered draft was saved (ISO 8601), else null. */
    savedAt: offered?.savedAt ?? null,
    restore: take,
    ignore,
    clear,
  };
}

export type FormDraft = ReturnType<typeof useFormDraft>;

/** A copy of the values without files (an entry of a list that holds a file goes whole). */
export function withoutFiles(value: unknown): unknown {
  if (value instanceof Blob) return undefined;
  if (Array.isArray(value)) {
    return value.filter((item) => !(item instanceof Blob) && !holdsFile(item)).map(withoutFiles);
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!(item instanceof Blob)) copy[key] = withoutFiles(item);
    }
    return copy;
  }
  return value;
}

function holdsFile(value: unknown): boolean {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).some((item) => item instanceof Blob)
  );
}
