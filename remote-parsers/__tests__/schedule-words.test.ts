import { CHART_COLORS } from '@pricewatch/shared/chart';
import { cronInZone, scheduleInWords } from '../src/lib/schedule-words';
import { RUN_CHART_COLORS } from '../src/features/parsers/components/parsers-panel';

const winter = new Date('2026-11-25T12:00:00Z');
const summer = new Date('2026-07-01T12:00:00Z');

describe('parser schedules in words', () => {
  it("reads a UTC schedule in the deployment's time zone, summer time included", () => {
    expect(scheduleInWords('0 */6 * * *', 'en', 'Europe/Prague', winter)).toBe('At 01:00, 07:00, 13:00 and 19:00');
    expect(scheduleInWords('0 */6 * * *', 'en', 'Europe/Prague', summer)).toBe('At 02:00, 08:00, 14:00 and 20:00');
    expect(scheduleInWords('30 3 * * *', 'en', 'Europe/Kyiv', summer)).toBe('At 06:30');
    // 22:00 UTC is 02:00 the next day in Tbilisi (+4).
    expect(cronInZone('0 22 * * *', 'Asia/Tbilisi', winter)).toBe('0 2 * * *');
    expect(scheduleInWords('*/15 * * * *', 'en', 'Europe/Warsaw', winter)).toBe('Every 15 minutes');
  });

  it("is in the user's language (ru, ua, pl)", () => {
    expect(scheduleInWords('0 */6 * * *', 'ru', 'Europe/Prague', winter)).toBe('В 01:00, 07:00, 13:00 и 19:00');
    expect(scheduleInWords('0 */6 * * *', 'ua', 'Europe/Prague', winter)).toBe('О 01:00, 07:00, 13:00 та 19:00');
    expect(scheduleInWords('0 */6 * * *', 'pl', 'Europe/Warsaw', winter)).toBe('O 01:00, 07:00, 13:00 i 19:00');
  });

  it('says UTC when the zone is not a whole number of hours away, and keeps an unreadable schedule as written', () => {
    expect(scheduleInWords('0 3 * * *', 'en', 'Asia/Kolkata', winter)).toBe('At 03:00 (UTC)');
    expect(scheduleInWords('not a cron', 'en', 'Europe/Prague', winter)).toBe('not a cron');
  });
});

describe('the last-run chart', () => {
  it('draws problems in red, never green; found prices in blue', () => {
    expect(RUN_CHART_COLORS.problems).toBe(CHART_COLORS[3]);
    expect(RUN_CHART_COLORS.prices).toBe(CHART_COLORS[0]);
    expect(Object.values(RUN_CHART_COLORS)).not.toContain(CHART_COLORS[2]);
  });
});
