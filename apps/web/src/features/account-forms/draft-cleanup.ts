/**
 * The key prefix of the form drafts (draft-storage.ts) and their removal on logout: what the app
 * itself needs of them, kept apart so that the rest of the drafts' code stays in the forms' chunks.
 */
export const DRAFT_PREFIX = 'ad:draft:';

/** Removes every draft of this browser (on logout: the next person must not find them). */
export function clearDrafts(): void {
  try {
    const store = window.localStorage;
    for (const key of Object.keys(store)) if (key.startsWith(DRAFT_PREFIX)) store.removeItem(key);
  } catch {
    /* storage disabled: nothing to remove */
  }
}
