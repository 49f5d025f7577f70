import { and, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { loginThrottle, networks, sessions, users } from '../../db/schema';
import type { ThrottlePolicy } from './throttle';

/** A throttle key's answer to one attempt: counted, or refused until `blockedUntil`. */
/** PostgreSQL's foreign_key_violation. */
const FK_VIOLATION = '23503';

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

    /**
     * A session for the user, if they still exist and are not blocked now; false when they are gone. The
     * login read the account before checking the password: a user deleted or blocked in between gets no
     * session (a deletion racing this insert fails its foreign key, PostgreSQL error 23503: also false).
     */
    async insertSession(tokenHash: string, userId: string): Promise<boolean> {
      try {
        const rows = await queryRows<{ token_hash: string }>(
          db,
          sql`INSERT INTO ${sessions} (token_hash, user_id) SELECT ${tokenHash}, ${users.id} FROM ${users} WHERE ${users.id} = ${userId} AND NOT ${users.blocked} RETURNING token_hash`,
        );
        return rows.length > 0;
      } catch (err) {
        const e = err as { code?: unknown; cause?: { code?: unknown } };
        if (e?.code === FK_VIOLATION || e?.cause?.code === FK_VIOLATION) return false;
        throw err;
      }
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
      const t = loginThrottle;
      const now = sql`${at.toISOString()}::timestamptz`;
      const ms = (value: number) => sql`(${value}::float8 * interval '1 millisecond')`;
      // Inside ON CONFLICT the table's columns are the row already stored.
      const fresh = sql`(${t.windowStart} <= ${now} - ${ms(p.windowMs)} OR ${t.lastAt} <= ${now} - ${ms(p.quietMs)})`;
      const next = sql`(CASE WHEN ${fresh} THEN 1 ELSE ${t.failures} + 1 END)`;
      // The exponent is bounded so power() never overflows, however long a key keeps failing.
      const blockAfter = (n: SQL) =>
        sql`CASE WHEN ${n} >= ${p.failures}::int THEN ${now} + least(${p.firstDelayMs}::float8 * power(2, least(${n} - ${p.failures}::int, 30)), ${p.maxDelayMs}::float8) * interval '1 millisecond' END`;
      const counted = await db
        .insert(t)
        .values({ key, failures: 1, windowStart: at, lastAt: at, blockedUntil: blockAfter(sql`1`) })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            failures: next,
            windowStart: sql`CASE WHEN ${fresh} THEN ${now} ELSE ${t.windowStart} END`,
            lastAt: at,
            blockedUntil: blockAfter(next),
          },
          setWhere: or(isNull(t.blockedUntil), lte(t.blockedUntil, at)),
        })
        .returning({ failures: t.failures });
      if (counted.length) return { counted: true };
      const [row] = await db.select({ blockedUntil: t.blockedUntil }).from(t).where(eq(t.key, key));
      // Gone or unblocked in between (a success cleared it): refuse this once, briefly.
      return { counted: false, blockedUntil: row?.blockedUntil ?? new Date(at.getTime() + 1000) };
    },

    /** Takes back one counted attempt (it succeeded, or another key refused it); lifts a block it set. */
    async releaseAttempt(key: string, p: ThrottlePolicy) {
      const t = loginThrottle;
      await db
        .update(t)
        .set({
          failures: sql`greatest(${t.failures} - 1, 0)`,
          blockedUntil: sql`CASE WHEN ${t.failures} - 1 >= ${p.failures}::int THEN ${t.blockedUntil} END`,
        })
        .where(eq(t.key, key));
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
