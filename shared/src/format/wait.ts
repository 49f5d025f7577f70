import { intlLocale } from './money';

/**
 * "in 3 minutes" / "через 3 минуты" / "za 3 minuty": when a refused action (a 429's retryAfter) may be
 * tried again. Intl words it, so every language gets its own plural forms and grammar; under a minute
 * in seconds, else in whole minutes rounded up (never earlier than the server allows).
 */
export function formatWait(seconds: number, lang: string): string {
  const format = new Intl.RelativeTimeFormat(intlLocale(lang), { numeric: 'always' });
  return seconds < 60 ? format.format(Math.max(1, Math.ceil(seconds)), 'second') : format.format(Math.ceil(seconds / 60), 'minute');
}
