/**
 * Parser schedules: "m h * * *" (minutes and hours in UTC; '*', '*\/n' or a list), the subset of cron a
 * daily price parser needs. slotAtOrBefore() is the scheduled time a run belongs to: every process
 * computes the same one, and the unique (parser, scheduled_for) index lets only one of them queue it.
 */
function field(spec: string, max: number): Set<number> {
  if (spec === '*') return new Set(Array.from({ length: max }, (_, i) => i));
  const step = /^\*\/(\d+)$/.exec(spec);
  if (step) {
    const n = Math.max(1, Number(step[1]));
    return new Set(Array.from({ length: max }, (_, i) => i).filter((i) => i % n === 0));
  }
  return new Set(
    spec
      .split(',')
      .map(Number)
      .filter((v) => Number.isInteger(v) && v >= 0 && v < max),
  );
}

function parseSchedule(cron: string): { minutes: Set<number>; hours: Set<number> } | null {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5 || parts.slice(2).some((p) => p !== '*')) return null;
  const minutes = field(parts[0]!, 60);
  const hours = field(parts[1]!, 24);
  return minutes.size && hours.size ? { minutes, hours } : null;
}

const MINUTE = 60_000;

/** The latest scheduled time at or before `now` (within the last day), or null. */
export function slotAtOrBefore(cron: string, now: number): Date | null {
  const s = parseSchedule(cron);
  if (!s) return null;
  let t = Math.floor(now / MINUTE) * MINUTE;
  for (let i = 0; i <= 24 * 60; i++, t -= MINUTE) {
    const d = new Date(t);
    if (s.minutes.has(d.getUTCMinutes()) && s.hours.has(d.getUTCHours())) return d;
  }
  return null;
}

/** The next `count` scheduled times after `now`. */
export function nextSlots(cron: string, now: number, count = 3): Date[] {
  const s = parseSchedule(cron);
  if (!s) return [];
  const out: Date[] = [];
  let t = Math.floor(now / MINUTE) * MINUTE + MINUTE;
  for (let i = 0; i < 3 * 24 * 60 && out.length < count; i++, t += MINUTE) {
    const d = new Date(t);
    if (s.minutes.has(d.getUTCMinutes()) && s.hours.has(d.getUTCHours())) out.push(d);
  }
  return out;
}
