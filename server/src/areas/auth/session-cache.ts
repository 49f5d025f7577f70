import type { AuthUser } from '../../core/session-user';

/**
 * Sessions this process looked up in the last `ttlMs`, by token hash (docs/overload.md). Every call a
 * page makes names the same session; without this each one is a database round trip before any work.
 * A state-changing request answered by this process drops the whole cache (plugins/auth.ts), so a
 * block, a logout or a rights change made here counts from the next call; one made by another process,
 * or straight in the database, counts within `ttlMs`.
 */
export function createSessionCache(ttlMs: number, maxEntries = 10_000) {
  const entries = new Map<string, { user: AuthUser; until: number }>();
  // A lookup that started before a clear() may have read what the write changed: it is not stored.
  let generation = 0;

  return {
    get(tokenHash: string, now: number): AuthUser | null {
      const hit = entries.get(tokenHash);
      if (!hit) return null;
      if (hit.until > now) return hit.user;
      entries.delete(tokenHash);
      return null;
    },
    /** Pass to set() the value this had when the lookup began. */
    get generation() {
      return generation;
    },
    set(tokenHash: string, user: AuthUser, lookupGeneration: number, now: number) {
      if (ttlMs <= 0 || lookupGeneration !== generation) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(tokenHash, { user, until: now + ttlMs });
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}
