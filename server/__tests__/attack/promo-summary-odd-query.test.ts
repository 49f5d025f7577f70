/**
 * Attack on the query of promo analysis by section and network (GET /promo-analysis/summary, issue 19 item 1): NUL
 * bytes, huge strings, repeated and unknown fields, odd periods (a day, end before start, 02/30, years ahead and
 * 9999's last day) and network lists. Never a 5xx; a refusal is 400 naming the field; the server answers after.
 * @one-database: validation of odd query input, one request at a time; the figures are checked on both backends by
 * promo-section-odd-writes and areas/promo/*.
 */
import type { FastifyInstance } from 'fastify';
import { body, build, loginAs } from '../helpers/build';
import { callerFor, type Caller } from '../helpers/catalogue';

jest.setTimeout(300_000);

let app: FastifyInstance;
let admin: Caller;

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' } });
  admin = callerFor(app, await loginAs(app, 'admin'));
});
afterAll(() => app?.close());

const fields = (res: { json: () => unknown }) =>
  (((res.json() as { error?: { fields?: { path: string }[] } }).error?.fields ?? []) as { path: string }[]).map((f) => f.path);

const ok = 'start=01/01/2023&end=01/31/2023';
const CASES: [string, string, string | null][] = [
  ['NUL in groupBy', `${ok}&groupBy=sec%00tion`, 'groupBy'],
  ['NUL in start', 'start=01/01/2023%00&end=01/31/2023&groupBy=section', 'start'],
  ['NUL in networks', `${ok}&groupBy=section&networks=albert%00,lidl`, 'networks'],
  ['huge groupBy', `${ok}&groupBy=${'x'.repeat(100_000)}`, 'groupBy'],
  ['huge networks list', `${ok}&groupBy=section&networks=${Array.from({ length: 5000 }, (_, i) => `n${i}`).join(',')}`, 'networks'],
  ['unknown groupBy', `${ok}&groupBy=shop`, 'groupBy'],
  ['end before start', 'start=02/01/2023&end=01/01/2023&groupBy=section', null],
  ['02/30', 'start=02/30/2023&end=03/01/2023&groupBy=section', 'start'],
  ['one day', 'start=01/01/2023&end=01/01/2023&groupBy=section', null],
  ['years ahead', 'start=05/01/2031&end=05/31/2031&groupBy=section', null],
  ["9999's last day", 'start=12/31/9999&end=12/31/9999&groupBy=section', null],
  ['repeated groupBy', `${ok}&groupBy=section&groupBy=network`, null],
  ['empty networks', `${ok}&groupBy=section&networks=`, null],
];

describe('odd queries of promo analysis', () => {
  it.each(CASES)('%s: never a 5xx; 400 names the field', async (_name, query, field) => {
    const res = await admin('GET', `/promo-analysis/summary?${query}`);
    expect(res.statusCode).toBeLessThan(500);
    // A value the contract cannot take is refused, naming it; the others answer (200) or are refused (400).
    if (field) expect([res.statusCode, fields(res)]).toEqual([400, [field]]);
    else if (res.statusCode === 200) expect(body(res).success).toBe(true);
    else expect(res.statusCode).toBe(400);
  });

  it('the server answers after', async () => {
    const res = await admin('GET', `/promo-analysis/summary?${ok}&groupBy=section`);
    expect(res.statusCode).toBe(200);
  });
});
