import { formatUsShortDate } from '@pricewatch/shared/format';

/** A period as the date inputs hold it: ISO days 'YYYY-MM-DD'. */
export type Period = { start: string; end: string };

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' → local midnight, or null when it is not a real day. */
export function parseIsoDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** The `days` days ending today (both ends included). */
export function lastDays(days: number, today = new Date()): Period {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { start: isoDay(start), end: isoDay(today) };
}

/** Spec §9: dates are sent in US short format, MM/DD/YYYY. */
export function toUsDate(iso: string): string {
  const date = parseIsoDay(iso);
  if (!date) throw new RangeError(`Invalid day: ${iso}`);
  return formatUsShortDate(date);
}

export function daysBetween(start: string, end: string): number {
  const a = parseIsoDay(start);
  const b = parseIsoDay(end);
  if (!a || !b) return NaN;
  return Math.round((b.getTime() - a.getTime()) / 86_400_000) + 1;
}

/** Every day from start to end, inclusive. */
export function eachDay(start: string, end: string): string[] {
  const from = parseIsoDay(start);
  const to = parseIsoDay(end);
  if (!from || !to) return [];
  const days: string[] = [];
  for (let d = from; d <= to; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) days.push(isoDay(d));
  return days;
}

export type PeriodProblem = 'required' | 'invalid' | 'end_before_start' | 'too_long';

/** What is wrong with a period before it is sent (the server checks the same and answers 400). */
export function periodProblem({ start, end }: Period, maxDays: number): { field: 'start' | 'end'; problem: PeriodProblem } | null {
  if (!start) return { field: 'start', problem: 'required' };
  if (!end) return { field: 'end', problem: 'required' };
  if (!parseIsoDay(start)) return { field: 'start', problem: 'invalid' };
  if (!parseIsoDay(end)) return { field: 'end', problem: 'invalid' };
  if (start > end) return { field: 'end', problem: 'end_before_start' };
  if (daysBetween(start, end) > maxDays) return { field: 'start', problem: 'too_long' };
  return null;
}
