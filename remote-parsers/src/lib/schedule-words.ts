import cronstrue from 'cronstrue';
// Each locale registers itself with cronstrue when imported (only the product's languages are bundled).
import 'cronstrue/locales/ru';
import 'cronstrue/locales/uk';
import 'cronstrue/locales/pl';

/** The UI language's cronstrue locale ('ua' is ISO 'uk'). */
const LOCALES: Record<string, string> = { en: 'en', ru: 'ru', ua: 'uk', pl: 'pl' };

/** Minutes the zone is ahead of UTC at `at` (Intl only: no time-zone library needed for one offset). */
function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * A parser schedule's "m h * * *" (hours in UTC, server/src/areas/parsers/schedule.ts) as the same
 * schedule in `timeZone` today: hours moved by the zone's whole-hour offset (all four deployments'
 * zones). Null when that cannot be written as such a cron (a fraction-of-an-hour offset).
 */
export function cronInZone(cron: string, timeZone: string, at: Date): string | null {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5 || parts.slice(2).some((p) => p !== '*')) return null;
  const offset = zoneOffsetMinutes(timeZone, at);
  if (offset % 60 !== 0) return null;
  const shift = offset / 60;
  const hours = parts[1]!;
  if (hours === '*' || shift === 0) return cron.trim();
  let list: number[];
  const step = /^\*\/(\d+)$/.exec(hours);
  if (step) list = Array.from({ length: 24 }, (_, h) => h).filter((h) => h % Math.max(1, Number(step[1])) === 0);
  else if (/^\d+(,\d+)*$/.test(hours)) list = hours.split(',').map(Number);
  else return null;
  const local = [...new Set(list.map((h) => (((h + shift) % 24) + 24) % 24))].sort((a, b) => a - b);
  return [parts[0], local.join(','), '*', '*', '*'].join(' ');
}

/**
 * The schedule in words, in the user's language and the deployment's time zone ("At 01:00, 07:00,
 * 13:00 and 19:00"); an unreadable schedule stays as written.
 */
export function scheduleInWords(cron: string, lang: string, timeZone: string, at = new Date()): string {
  const locale = LOCALES[lang] ?? 'en';
  const local = cronInZone(cron, timeZone, at);
  try {
    if (local) return cronstrue.toString(local, { locale, use24HourTimeFormat: true, throwExceptionOnParseError: true });
    return `${cronstrue.toString(cron, { locale, use24HourTimeFormat: true, throwExceptionOnParseError: true })} (UTC)`;
  } catch {
    return cron;
  }
}
