/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Settles like `promise`, but never sooner than `ms` after the call, so that a loader does not
 * flash (spec §9: 100 ms for the home page calls, 250 ms for detail and list fetches).
 * A rejection waits too, for the same reason.
 */
export async function withMinDelay<T>(promise: Promise<T>, ms: number): Promise<T> {
  const wait = delay(ms);
  try {
    const value = await promise;
    await wait;
    return value;
  } catch (error) {
    await wait;
    throw error;
  }
}
