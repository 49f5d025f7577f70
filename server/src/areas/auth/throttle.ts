import ipaddr from 'ipaddr.js';

/**
 * How one kind of throttle key counts (docs/access.md "Login throttling"). Attempts are counted before
 * the password is checked; from the `failures`-th on, each one blocks the key for
 * min(firstDelayMs × 2^(n − failures), maxDelayMs). The count starts again once the window has passed
 * since its first attempt or nothing came for `quietMs`.
 */
export type ThrottlePolicy = {
  failures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
  quietMs: number;
};

const MINUTE = 60_000;

export const LOGIN_LIMITS = {
  /**
   * One account from one address: 1, 2, 4, 8, then 15 minutes. Only that address waits, so nobody can
   * lock the real user out (OWASP ASVS V2.2.1).
   */
  pair: { failures: 5, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE, windowMs: 24 * 60 * MINUTE, quietMs: 60 * MINUTE },
  /** One address over all accounts (password spraying): 100 in 15 minutes, then 15 minutes off. */
  address: { failures: 100, firstDelayMs: 15 * MINUTE, maxDelayMs: 15 * MINUTE, windowMs: 15 * MINUTE, quietMs: 15 * MINUTE },
} satisfies Record<string, ThrottlePolicy>;

/** Rows unused for this long can never block again (longer than any window, quiet time or delay). */
export const THROTTLE_FORGET_MS = 24 * 60 * MINUTE;

/**
 * The address a client is throttled by: an IPv4 address (also when IPv4-mapped), or the /64 network of
 * an IPv6 address — one host usually holds a whole /64, so single IPv6 addresses would be free to rotate.
 */
export function throttleAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/**
 * The form a login name is looked up and counted by: NFKC (full-width `ａｄｍｉｎ` is `admin`) and lower
 * case, so variants of one name share one count. Null when no account can have the name (control
 * characters; PostgreSQL cannot even store NUL).
 */
export function loginName(username: string): string | null {
  const name = username.normalize('NFKC').trim().toLowerCase();
  return /\p{Cc}/u.test(name) ? null : name;
}
