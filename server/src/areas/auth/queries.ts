import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { loginThrottle, networks, sessions, users } from '../../db/schema';
import type { ThrottlePolicy } from './throttle';

/** A throttle key's answer to one attempt: counted, or refused until `blockedUntil`. */
type ThrottleClaim = { counted: true } | { counted: false; blockedUntil: Date };

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
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.lastSeenAt, activeSince), eq(users.blocked, false)))
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

    /**
     * Counts one attempt of `key`, unless the key is blocked — in one upsert, so attempts arriving
     * together are each counted and none passes a block another has just set (the row lock of
     * ON CONFLICT serialises them; its WHERE sees the latest row). A new window starts after the policy's
     * window or quiet time; from the policy's count on, each attempt sets a growing block.
     */
    async claimAttempt(key: string, p: ThrottlePolicy, at: Date): Promise<ThrottleClaim> {
      const now = sql`${at.toISOString()}::timestamptz`;
      const ms = (value: number) => sql`(${value}::float8 * interval '1 millisecond')`;
      const fresh = sql`(t.window_start <= ${now} - ${ms(p.windowMs)} OR t.last_at <= ${now} - ${ms(p.quietMs)})`;
      const next = sql`(CASE WHEN ${fresh} THEN 1 ELSE t.failures + 1 END)`;
      // The exponent is bounded so power() never overflows, however long a key keeps failing.
      const blockAfter = (n: SQL) =>
        sql`CASE WHEN ${n} >= ${p.failures}::int THEN ${now} + least(${p.firstDelayMs}::float8 * power(2, least(${n} - ${p.failures}::int, 30)), ${p.maxDelayMs}::float8) * interval '1 millisecond' END`;
      const counted = await queryRows<{ failures: number }>(
        db,
        sql`INSERT INTO login_throttle AS t (key, failures, window_start, last_at, blocked_until)
            VALUES (${key}, 1, ${now}, ${now}, ${blockAfter(sql`1`)})
            ON CONFLICT (key) DO UPDATE SET
              failures = ${next},
              window_start = CASE WHEN ${fresh} THEN ${now} ELSE t.window_start END,
              last_at = ${now},
              blocked_until = ${blockAfter(next)}
            WHERE t.blocked_until IS NULL OR t.blocked_until <= ${now}
            RETURNING t.failures`,
      );
      if (counted.length) return { counted: true };
      const [row] = await db.select({ blockedUntil: loginThrottle.blockedUntil }).from(loginThrottle).where(eq(loginThrottle.key, key));
      // Gone or unblocked in between (a success cleared it): refuse this once, briefly.
      return { counted: false, blockedUntil: row?.blockedUntil ?? new Date(at.getTime() + 1000) };
    },

    /** Takes back one counted attempt (it succeeded, or another key refused it); lifts a block it set. */
    async releaseAttempt(key: string, p: ThrottlePolicy) {
      await db.execute(
        sql`UPDATE login_throttle SET
              failures = greatest(failures - 1, 0),
              blocked_until = CASE WHEN failures - 1 >= ${p.failures}::int THEN blocked_until END
            WHERE key = ${key}`,
      );
    },

    async forgetKey(key: string) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },

    /** Rows unused since `cutoff` can no longer block; deleting them keeps the table small. */
    async deleteThrottleUnusedSince(cutoff: Date) {
      await db.delete(loginThrottle).where(lt(loginThrottle.lastAt, cutoff));
    },
  };
}

export type AuthQueries = ReturnType<typeof createAuthQueries>;
