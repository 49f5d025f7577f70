import { formatUsShortDate, parseUsShortDate } from '../us-date';

describe('US short date (spec §9 "Dates are sent in US short format")', () => {
  it('formats MM/DD/YYYY with leading zeros', () => {
    expect(formatUsShortDate(new Date(2026, 0, 5))).toBe('01/05/2026');
    expect(formatUsShortDate(new Date(2025, 11, 31, 23, 59))).toBe('12/31/2025');
  });

  it('accepts a timestamp', () => {
    expect(formatUsShortDate(new Date(2024, 1, 29).getTime())).toBe('02/29/2024');
  });

  it('rejects an invalid date instead of printing NaN', () => {
    expect(() => formatUsShortDate('not a date')).toThrow(RangeError);
  });

  it('parses a real day to local midnight', () => {
    expect(parseUsShortDate('03/15/2026')).toEqual(new Date(2026, 2, 15));
    expect(parseUsShortDate('02/29/2024')).toEqual(new Date(2024, 1, 29));
  });

  it('parses what toLocaleDateString("en-US") writes: month and day without zero padding', () => {
    expect(parseUsShortDate('11/1/2026')).toEqual(new Date(2026, 10, 1));
    expect(parseUsShortDate('1/5/2026')).toEqual(new Date(2026, 0, 5));
    expect(parseUsShortDate(new Date(2026, 0, 5).toLocaleDateString('en-US'))).toEqual(new Date(2026, 0, 5));
  });

  it.each(['02/30/2026', '02/29/2025', '13/01/2026', '00/10/2026', '01/32/2026', '2/30/2026', '0/5/2026', '123/5/2026', '2026-01-05', '01/05/26', '', 'x'])(
    'rejects %j',
    (text) => {
      expect(parseUsShortDate(text)).toBeNull();
    },
  );

  it('round-trips', () => {
    const day = new Date(2026, 6, 4);
    expect(parseUsShortDate(formatUsShortDate(day))).toEqual(day);
  });
});
