import { and, eq, gt, inArray, isNull, lt, sql, count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures, networks, sessions, users } from '../../db/schema';

export function createAuthQueries(db: Db) {
  return {
    async findUserByUsername(username: string) {
      const rows = await db
        .select({ user: users, network: networks })
        .from(users)
        .leftJoin(networks, eq(networks.id, users.networkId))
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    async insertSession(tokenHash: string, userId: string) {
      await db.insert(sessions).values({ tokenHash, userId });
    },

    /** A live session (not revoked, used since `activeSince`) of a user who is not blocked. */
    async findLiveSession(tokenHash: string, activeSince: Date) {
      const rows = await db
        .select({ lastSeenAt: sessions.lastSeenAt, user: users, network: networks })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(networks, eq(networks.id, users.networkId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.lastSeenAt, activeSince),
            eq(users.blocked, false),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },

    /** Sessions idle since before `cutoff` (revoked ones included) can never be used again. */
    async deleteSessionsIdleSince(cutoff: Date) {
      await db.delete(sessions).where(lt(sessions.lastSeenAt, cutoff));
    },

    async touchSession(tokenHash: string) {
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
    },

    /** True when a live session was revoked now. */
    async revokeSession(tokenHash: string) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length > 0;
    },

    async countFailures(keys: string[], since: Date) {
      const rows = await db
        .select({ key: loginFailures.key, n: count() })
        .from(loginFailures)
        .where(and(inArray(loginFailures.key, keys), gt(loginFailures.at, since)))
        .groupBy(loginFailures.key);
      return new Map(rows.map((r) => [r.key, Number(r.n)]));
    },

    async recordFailure(keys: string[], expiredBefore: Date) {
      const at = new Date();
      await db.insert(loginFailures).values(keys.map((key) => ({ key, at })));
      await db.delete(loginFailures).where(lt(loginFailures.at, expiredBefore));
    },

    async clearFailures(key: string) {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },
  };
}

export type AuthQueries = ReturnType<typeof createAuthQueries>;
