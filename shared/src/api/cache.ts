/** Spec §9 "cached results after 10 ms": a cached answer still arrives asynchronously, like a call. */
export const CACHE_DELAY_MS = 10;

const entries = new Map<string, Promise<unknown>>();

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spec §3/§7: shops map, shops and shop networks are cached in memory for the session. The first call
 * runs `loader`; later calls with the same key get its result after CACHE_DELAY_MS. Concurrent first
 * calls share one request; a failed load is not cached. Keys should include the arguments.
 */
export function cached<T>(key: string, loader: () => Promise<T>): Promise<T> {
  const hit = entries.get(key) as Promise<T> | undefined;
  if (hit) return hit.then(async (value) => (await delay(CACHE_DELAY_MS), value));
  const pending = loader();
  entries.set(key, pending);
  pending.catch(() => {
    if (entries.get(key) === pending) entries.delete(key);
  });
  return pending;
}

/** Drops one key, or everything (the session ended: the next user may see other shops). */
export function clearCached(key?: string): void {
  if (key === undefined) entries.clear();
  else entries.delete(key);
}
