/**
 * Attack: one user's alarm edited from several tabs at once. A group edit (PUT /price-alarms {ids, set})
 * sets only the fields it names, but it read the alarms before its transaction and wrote every field back
 * from that read: edits made in between (another tab's group edit of another field, or a whole edit of the
 * alarm) were silently undone, each caller having been told 200. Expected: every answered edit holds —
 * after ten group edits of ten different fields at once, the alarm has all ten; an edit of the whole alarm
 * beside group edits keeps the fields they did not name. And two group edits naming the same alarms in
 * opposite orders both finish (no deadlock). PGlite and PostgreSQL (writes at once).
 */
import type { FastifyInstance } from 'fastify';
import { build, loginAs } from '../helpers/build';
import { addFixtures, callerFor, us, type Caller, type Fixtures } from '../helpers/catalogue';
import { addDays, todayIso } from '../../src/lib/days';

let app: FastifyInstance;
let fx: Fixtures;
let ashan: Caller;
let atb: number;
let silpo: number;

const create = async (value: number) => {
  const res = await ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'below', value });
  expect(res.statusCode).toBe(200);
  return Number(res.json().data._id);
};
const read = async (id: number) => {
  const res = await ashan('GET', '/price-alarms/get/all');
  return (res.json().data.items as { _id: string }[]).find((a) => Number(a._id) === id) as Record<string, any>;
};

beforeAll(async () => {
  app = await build();
  fx = await addFixtures(app);
  ashan = callerFor(app, await loginAs(app, 'ashan'));
  atb = fx.shop('atb-kyi-obolon');
  silpo = fx.shop('silpo-kyi-pechersk');
});
afterAll(() => app?.close());

it('group edits of different fields at once: every one answered 200 holds', async () => {
  const id = await create(10);
  const day = (n: number) => addDays(todayIso(), n);
  const sets: Record<string, unknown>[] = [
    { enabled: false },
    { isPromoAdded: false },
    { start: us(day(1)) },
    { end: us(day(40)) },
    { shops: [atb, silpo] },
    { value: 7.5 },
  ];
  const answers = await Promise.all(sets.map((set) => ashan('PUT', '/price-alarms', { ids: [id], set })));
  expect(answers.map((r) => r.statusCode)).toEqual(sets.map(() => 200));
  const a = await read(id);
  expect({
    enabled: a.enabled,
    isPromoAdded: a.isPromoAdded,
    start: a.start,
    end: a.end,
    shops: (a.shops as { _id: string }[]).map((s) => Number(s._id)).sort((x, y) => x - y),
    value: a.value,
  }).toEqual({ enabled: false, isPromoAdded: false, start: day(1), end: day(40), shops: [atb, silpo].sort((x, y) => x - y), value: 7.5 });
});

it('a whole edit beside group edits keeps what the group edits set', async () => {
  const id = await create(10);
  const [whole, off] = await Promise.all([
    ashan('PUT', `/price-alarms/${id}`, { productId: fx.buckwheat, shops: [atb], rule: 'below', value: 9, enabled: false }),
    ashan('PUT', '/price-alarms', { ids: [id], set: { isPromoAdded: false } }),
  ]);
  expect([whole.statusCode, off.statusCode]).toEqual([200, 200]);
  const a = await read(id);
  // The whole edit names isPromoAdded too (its default, true): whichever came last decides it — but the
  // whole edit's value and enabled must hold whatever the order.
  expect({ value: a.value, enabled: a.enabled }).toEqual({ value: 9, enabled: false });
});

it('group edits naming the same alarms in opposite orders, ten at once, all finish; the server answers after', async () => {
  const ids = [await create(1), await create(2), await create(3)];
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) => ashan('PUT', '/price-alarms', { ids: i % 2 ? [...ids].reverse() : ids, set: { value: 20 + i } })),
  );
  expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  const values = await Promise.all(ids.map(async (id) => (await read(id)).value));
  // One of the ten edits was last: all three alarms carry its value.
  expect(new Set(values).size).toBe(1);
  expect((await ashan('GET', '/auth/check')).statusCode).toBe(200);
});
