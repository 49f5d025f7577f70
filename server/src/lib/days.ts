/**
 * Calendar days as the catalogue stores them: 'YYYY-MM-DD' strings in the database and answers, day
 * numbers (days since 1970-01-01) for arithmetic. Days are calendar days with no time zone; "today" is
 * the UTC date.
 */
const MS_PER_DAY = 86_400_000;

export const dayNumber = (iso: string): number => Math.round(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);
export const isoDay = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
export const todayDay = (now = Date.now()): number => Math.floor(now / MS_PER_DAY);
export const todayIso = (now = Date.now()): string => isoDay(todayDay(now));
export const addDays = (iso: string, n: number): string => isoDay(dayNumber(iso) + n);
/** Days from start to end, both included. */
export const daysBetween = (start: string, end: string): number => dayNumber(end) - dayNumber(start) + 1;

/** Postgres answers `date` columns as strings (node-postgres) or Date objects (PGlite): both → ISO. */
export function asIsoDay(v: unknown): string {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}

/**
 * An instant as answers give it: ISO 8601 in UTC. PGlite answers timestamptz as a Date, node-postgres
 * (through drizzle) as PostgreSQL text (`2026-11-23 19:50:21.74+00`): both → `2026-11-23T19:50:21.740Z`.
 */
export function asIsoInstant(v: unknown): string {
  return (v instanceof Date ? v : new Date(String(v))).toISOString();
}
