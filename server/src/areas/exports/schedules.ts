/**
 * Export schedules as cron: daily, weekly or monthly at HH:mm in the deployment's time zone. pg-boss
 * keeps one schedule per export schedule (queue exports.schedule, key = the schedule's id) and sends a
 * job when it comes due — once, whichever server process is running.
 */
import type { ScheduleFrequency } from '@pricewatch/shared/contract';
import { validationFailed } from '../../lib/errors';

export const SCHEDULE_QUEUE = 'exports.schedule';

export type ScheduleSpec = {
  frequency: ScheduleFrequency;
  time: string;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
};

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Checks a complete schedule (after an update merged its fields); 400 naming the field. */
export function checkSpec(s: ScheduleSpec): void {
  if (!TIME.test(s.time)) throw validationFailed([{ path: 'time', message: 'expected HH:mm (00:00–23:59)' }]);
  if (s.frequency === 'weekly' && !(s.dayOfWeek && s.dayOfWeek >= 1 && s.dayOfWeek <= 7)) {
    throw validationFailed([{ path: 'dayOfWeek', message: 'required for weekly (1 = Monday … 7 = Sunday)' }]);
  }
  if (s.frequency === 'monthly' && !(s.dayOfMonth && s.dayOfMonth >= 1 && s.dayOfMonth <= 28)) {
    throw validationFailed([{ path: 'dayOfMonth', message: 'required for monthly (1–28)' }]);
  }
}

/** minute hour day-of-month month day-of-week; day of week 1–7 (Monday first) → cron 1–6, 0. */
export function cronOf(s: ScheduleSpec): string {
  checkSpec(s);
  const [, h, m] = TIME.exec(s.time)!;
  const minute = Number(m);
  const hour = Number(h);
  if (s.frequency === 'weekly') return `${minute} ${hour} * * ${s.dayOfWeek! % 7}`;
  if (s.frequency === 'monthly') return `${minute} ${hour} ${s.dayOfMonth} * *`;
  return `${minute} ${hour} * * *`;
}
