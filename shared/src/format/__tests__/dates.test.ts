import { dayFormatter, formatDay } from '../dates';

describe('formatDay', () => {
  it('writes an ISO day in the UI language (ua is the uk locale)', () => {
    expect(formatDay('2026-03-03', 'en')).toBe('Mar 3, 2026');
    expect(formatDay('2026-03-03', 'ru')).toBe('3 мар. 2026 г.');
    expect(formatDay('2026-03-03', 'ua')).toBe('3 бер. 2026 р.');
    expect(formatDay('2026-03-03', 'pl')).toBe('3 mar 2026');
  });

  it('keeps the day whatever the time zone, takes other formats and leaves non-days alone', () => {
    expect(formatDay('2026-01-01', 'en', { day: '2-digit', month: '2-digit', year: 'numeric' })).toBe('01/01/2026');
    expect(dayFormatter('ru', { day: 'numeric', month: 'numeric' })('2026-12-31')).toBe('31.12');
    expect(formatDay('not a day', 'en')).toBe('not a day');
  });
});
