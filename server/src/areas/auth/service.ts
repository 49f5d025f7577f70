import { LOGIN_ERROR_INCORRECT, type User } from '@pricewatch/shared/contract';
import { AppError, tooManyRequests } from '../../lib/errors';
import { DUMMY_HASH, verifyPassword } from '../../core/passwords';
import type { AuthQueries } from './queries';
import { LOGIN_LIMITS, loginName, THROTTLE_FORGET_MS, throttleAddress } from './throttle';
import { createSessionCache } from './session-cache';
import { toAuthUser, type AuthUser } from '../../core/session-user';
import { hashToken, looksLikeToken, newToken } from '../../core/tokens';

export { LOGIN_LIMITS } from './throttle';

// Writing last_seen_at on every call would turn each read into a write; once a minute is enough.
const TOUCH_EVERY_MS = 60_000;

const incorrectLogin = () => new AppError(401, LOGIN_ERROR_INCORRECT, 'incorrect_password_login');

export function createAuthService(queries: AuthQueries, opts: { sessionIdleDays: number; sessionCacheMs?: number }) {
  const idleMs = opts.sessionIdleDays * 86_400_000;
  const cache = createSessionCache(opts.sessionCacheMs ?? 0);

  return {
    /**
     * Login throttling (docs/access.md): the attempt is counted for the client's address and for the
     * address with this account before the password is checked, so a block set by concurrent attempts
     * holds at once. Another address is never blocked by these failures: a stranger cannot lock the real
     * user out. A success takes its attempt back and clears the account's count for that address.
     */
    async login(username: string, password: string, ip: string): Promise<{ token: string; user: User }> {
      const at = new Date();
      const name = loginName(username);
      const address = throttleAddress(ip);
      const addressKey = `ip:${address}`;
      // Control characters (NUL above all) cannot go into a text column: such a name is counted escaped.
      const pairKey = `pair:${address} ${name ?? JSON.stringify(username)}`;

      const byAddress = await queries.claimAttempt(addressKey, LOGIN_LIMITS.address, at);
      if (!byAddress.counted) throw tooManyRequests((byAddress.blockedUntil.getTime() - at.getTime()) / 1000);
      const byPair = await queries.claimAttempt(pairKey, LOGIN_LIMITS.pair, at);
      if (!byPair.counted) {
        await queries.releaseAttempt(addressKey, LOGIN_LIMITS.address);
        throw tooManyRequests((byPair.blockedUntil.getTime() - at.getTime()) / 1000);
      }

      // No account can have a name with control characters: a plain miss, checked like one.
      const found = name === null ? null : await queries.findUserByUsername(name);
      const passwordOk = await verifyPassword(password, found?.user.passwordHash ?? DUMMY_HASH);
      if (!found || !passwordOk || found.user.blocked) throw incorrectLogin();

      await queries.forgetKey(pairKey);
      await queries.releaseAttempt(addressKey, LOGIN_LIMITS.address);
      const token = newToken();
      // Deleted or blocked since it was read above (while the password was checked): a failed login.
      if (!(await queries.insertSession(hashToken(token), found.user.id))) throw incorrectLogin();
      // Housekeeping rides on logins (rare next to other calls) instead of a timer in every process.
      await queries.deleteSessionsIdleSince(new Date(Date.now() - idleMs));
      await queries.deleteThrottleUnusedSince(new Date(Date.now() - THROTTLE_FORGET_MS));
      return { token, user: toAuthUser(found.user, found.network).profile };
    },

    /**
     * The user behind a token, or null for a missing, malformed, unknown, idle or revoked one. A session
     * found in the last `sessionCacheMs` is answered from memory (session-cache.ts).
     */
    async authenticate(token: unknown): Promise<AuthUser | null> {
      if (!looksLikeToken(token)) return null;
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash, Date.now());
      if (cached) return cached;
      const generation = cache.generation;
      const found = await queries.findLiveSession(tokenHash, new Date(Date.now() - idleMs));
      if (!found) return null;
      if (Date.now() - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) await queries.touchSession(tokenHash);
      const user = toAuthUser(found.user, found.network);
      cache.set(tokenHash, user, generation, Date.now());
      return user;
    },

    /** Forget every cached session: after a write that may block, revoke or change a user. */
    forgetSessions(): void {
      cache.clear();
    },

    /** True when the token named a live session, which is now revoked. */
    async logout(token: unknown): Promise<boolean> {
      if (!looksLikeToken(token)) return false;
      return queries.revokeSession(hashToken(token));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
