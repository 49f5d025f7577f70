import { XSRF_COOKIE } from '../contract/protocol';

/** The anti-forgery cookie's value (double-submit, docs/conventions.md), or null when not set yet. */
export function readXsrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== XSRF_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}
