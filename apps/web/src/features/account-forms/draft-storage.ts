/** Form drafts in the browser's local storage (useFormDraft); their removal: draft-cleanup.ts. */

export interface StoredDraft {
  savedAt: string;
  values: unknown;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): StoredDraft | null {
  try {
    const text = storage()?.getItem(key);
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<StoredDraft>;
    return parsed && typeof parsed === 'object' && 'values' in parsed
      ? { savedAt: String(parsed.savedAt ?? ''), values: parsed.values }
      : null;
  } catch {
    return null;
  }
}

// Storage may be full or disabled (private browsing): a draft is a convenience, never an error.
export function writeDraft(key: string, serializedValues: string): void {
  try {
    storage()?.setItem(
      key,
      `{"savedAt":${JSON.stringify(new Date().toISOString())},"values":${serializedValues}}`,
    );
  } catch {
    /* not saved */
  }
}

export function removeDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    /* nothing to remove */
  }
}
