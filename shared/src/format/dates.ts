import { intlLocale } from './money';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day as the tables show it: 3 Mar 2026 (en), 3 мар. 2026 г. (ru), 3 бер. 2026 р. (ua), 3 mar 2026 (pl). */
export const DAY_FORMAT: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/**
 * Formats ISO calendar days (`YYYY-MM-DD`, what the answers carry) in the UI language. The day is read
 * and written in UTC so no time zone moves it to the day before; text that is not an ISO day is shown as is.
 */
export function dayFormatter(lang: string, options: Intl.DateTimeFormatOptions = DAY_FORMAT): (isoDay: string) => string {
  const format = new Intl.DateTimeFormat(intlLocale(lang), { ...options, timeZone: 'UTC' });
  return (isoDay) => {
    const match = ISO_DAY.exec(isoDay);
    if (!match) return isoDay;
    return format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
  };
}

/** One ISO day in the UI language (see dayFormatter). */
export function formatDay(isoDay: string, lang: string, options?: Intl.DateTimeFormatOptions): string {
  return dayFormatter(lang, options)(isoDay);
}
