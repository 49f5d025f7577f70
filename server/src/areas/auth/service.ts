import { LOGIN_ERROR_INCORRECT, type User } from '@pricewatch/shared/contract';
import { AppError, tooManyRequests } from '../../lib/errors';
import { DUMMY_HASH, verifyPassword } from './passwords';
import type { AuthQueries } from './queries';
import { toAuthUser, type AuthUser } from './session-user';
import { hashToken, looksLikeToken, newToken } from './tokens';

/**
 * Failed logins are counted per account and per client address over a sliding window, in the
 * database so every server process enforces the same budget. A locked account answers 429 even for
 * the right password until the window has passed; a successful login clears the account's count.
 */
export const LOGIN_LIMITS = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 30 };

// Writing last_seen_at on every call would turn each read into a write; once a minute is enough.
const TOUCH_EVERY_MS = 60_000;

export const incorrectLogin = () => new AppError(401, LOGIN_ERROR_INCORRECT, 'incorrect_password_login');

export function createAuthService(queries: AuthQueries, opts: { sessionIdleDays: number }) {
  const idleMs = opts.sessionIdleDays * 86_400_000;

  return {
    async login(username: string, password: string, address: string): Promise<{ token: string; user: User }> {
      const accountKey = `user:${username.toLowerCase()}`;
      const addressKey = `ip:${address}`;
      const windowStart = new Date(Date.now() - LOGIN_LIMITS.windowMs);
      const failures = await queries.countFailures([accountKey, addressKey], windowStart);
      if (
        (failures.get(accountKey) ?? 0) >= LOGIN_LIMITS.perAccount ||
        (failures.get(addressKey) ?? 0) >= LOGIN_LIMITS.perAddress
      ) {
        throw tooManyRequests();
      }

      const found = await queries.findUserByUsername(username);
      const passwordOk = await verifyPassword(password, found?.user.passwordHash ?? DUMMY_HASH);
      if (!found || !passwordOk || found.user.blocked) {
        await queries.recordFailure([accountKey, addressKey], windowStart);
        throw incorrectLogin();
      }

      await queries.clearFailures(accountKey);
      const token = newToken();
      await queries.insertSession(hashToken(token), found.user.id);
      // Housekeeping rides on logins (rare next to other calls) instead of a timer in every process.
      await queries.deleteSessionsIdleSince(new Date(Date.now() - idleMs));
      return { token, user: toAuthUser(found.user, found.network).profile };
    },

    /** The user behind a token, or null for a missing, malformed, unknown, idle or revoked one. */
    async authenticate(token: unknown): Promise<AuthUser | null> {
      if (!looksLikeToken(token)) return null;
      const tokenHash = hashToken(token);
      const found = await queries.findLiveSession(tokenHash, new Date(Date.now() - idleMs));
      if (!found) return null;
      if (Date.now() - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) await queries.touchSession(tokenHash);
      return toAuthUser(found.user, found.network);
    },

    /** True when the token named a live session, which is now revoked. */
    async logout(token: unknown): Promise<boolean> {
      if (!looksLikeToken(token)) return false;
      return queries.revokeSession(hashToken(token));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
