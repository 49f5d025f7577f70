import { toCsv } from '../src/lib/csv';
import { daysBetween, eachDay, lastDays, parseIsoDay, periodProblem, toUsDate } from '../src/lib/period';

describe('period helpers', () => {
  it('sends days in US short format (spec §9)', () => {
    expect(toUsDate('2026-03-09')).toBe('03/09/2026');
    expect(() => toUsDate('2026-02-30')).toThrow(RangeError);
  });

  it('the last N days end today and include both ends', () => {
    const p = lastDays(90, new Date(2026, 2, 31));
    expect(p).toEqual({ start: '2026-01-01', end: '2026-03-31' });
    expect(daysBetween(p.start, p.end)).toBe(90);
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('names what is wrong with a period before it is sent', () => {
    expect(periodProblem({ start: '2026-01-01', end: '2026-01-31' }, 366)).toBeNull();
    expect(periodProblem({ start: '2026-02-01', end: '2026-01-31' }, 366)).toEqual({ field: 'end', problem: 'end_before_start' });
    expect(periodProblem({ start: '', end: '2026-01-31' }, 366)).toEqual({ field: 'start', problem: 'required' });
    expect(periodProblem({ start: '2024-01-01', end: '2026-01-31' }, 366)).toEqual({ field: 'start', problem: 'too_long' });
    expect(parseIsoDay('2026-13-01')).toBeNull();
  });
});

describe('csv', () => {
  it('quotes what needs quoting and leaves numbers plain', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (r: { name: string; n: number | null }) => r.name },
        { header: 'Value', value: (r) => r.n },
      ],
      [
        { name: 'Milk, 1 l', n: 21.9 },
        { name: 'Say "hi"', n: null },
      ],
    );
    expect(csv).toBe('Name,Value\r\n"Milk, 1 l",21.9\r\n"Say ""hi""",');
  });
});

describe('limits', () => {
  it("are the contract's (kept as plain values so the screens do not fetch the contract and zod)", () => {
    const { CATALOGUE_LIMITS, PRODUCT_SORTS: sorts } = jest.requireActual('@pricewatch/shared/contract');
    const limits = jest.requireActual('../src/lib/limits');
    expect(limits.PAGE_MAX).toBe(CATALOGUE_LIMITS.pageMax);
    expect(limits.HISTORY_MAX_DAYS).toBe(CATALOGUE_LIMITS.historyMaxDays);
    expect(limits.ANALYTICS_MAX_DAYS).toBe(CATALOGUE_LIMITS.analyticsMaxDays);
    expect(limits.PRODUCT_SORTS).toEqual(sorts);
  });
});
