// Month and day with or without a leading zero: what toLocaleDateString('en-US') writes (11/1/2026) too.
const US_SHORT_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §9 "Dates are sent in US short format": MM/DD/YYYY of the local calendar day. */
export function formatUsShortDate(date: Date | number | string): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/**
 * Inverse of formatUsShortDate: M/D/YYYY with or without zero padding (01/05/2026 and 1/5/2026) and a
 * real calendar day (02/30/2026 → null). Returns local midnight of that day.
 */
export function parseUsShortDate(text: string): Date | null {
  const match = US_SHORT_DATE.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // Date rolls 02/30 over to 03/02: a changed month or day means the input was not a real day.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}
