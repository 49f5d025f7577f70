import { PASSWORD_MIN_LENGTH } from '@pricewatch/shared/contract';

/**
 * Password strength (docs/access.md): at least PASSWORD_MIN_LENGTH characters, at least one letter and
 * one digit, not the username (nor containing it), not one of the commonly guessed ones.
 */
const COMMON = new Set(
  [
    'password1',
    'password12',
    'password123',
    'password1234',
    'passw0rd123',
    'qwerty1234',
    'qwerty12345',
    'qwerty123456',
    'qwertyuiop1',
    '1q2w3e4r5t',
    '1qaz2wsx3edc',
    'abc1234567',
    'abcd123456',
    'admin12345',
    'admin123456',
    'letmein123',
    'welcome123',
    'welcome1234',
    'iloveyou12',
    'pricewatch1',
    'pricewatch12',
    'pricewatch123',
    '123456789a',
    'a123456789',
    '1234567890a',
    'changeme123',
  ].map((p) => p.toLowerCase()),
);

/** Null when the password is strong enough; otherwise why not (a translation key of remote-users). */
export function passwordWeakness(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return 'password_letters_and_digits';
  const lower = password.toLowerCase();
  const name = username.trim().toLowerCase();
  if (name.length >= 3 && lower.includes(name)) return 'password_contains_username';
  if (COMMON.has(lower)) return 'password_common';
  return null;
}
