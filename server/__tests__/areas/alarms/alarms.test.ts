import type { FastifyInstance } from 'fastify';
import { onPricesWritten } from '../../../src/areas/alarms/hook';
import { recordObservations } from '../../../src/areas/prices/record';
import { addDays, todayIso } from '../../../src/lib/days';
import { body, build, loginAs, type Session } from '../../helpers/build';
import { addFixtures, type Fixtures } from '../../helpers/catalogue';
import { caller, evaluated, nextDay, type Call } from './helpers';

describe('price alarms and product alarms', () => {
  let app: FastifyInstance;
  let fx: Fixtures;
  let ashan: Call;
  let admin: Call;
  let guest: Call;
  let hunter: Call;
  let metro: Call;
  let ashanSession: Session;
  let atb: number;
  let silpo: number;
  let own: number;

  beforeAll(async () => {
    app = await build();
    fx = await addFixtures(app);
    ashanSession = await loginAs(app, 'ashan');
    ashan = caller(app, ashanSession);
    admin = caller(app, await loginAs(app, 'admin'));
    guest = caller(app, await loginAs(app, 'guest'));
    hunter = caller(app, await loginAs(app, 'hunter'));
    metro = caller(app, await loginAs(app, 'metro'));
    atb = fx.shop('atb-kyi-obolon');
    silpo = fx.shop('silpo-kyi-pechersk');
    own = fx.shop('auchan-kyi-petrivka');
  });
  afterAll(() => app.close());

  /** New prices for buckwheat, written as the provider's staff would (manual), on a fresh day. */
  async function prices(list: { shop: number; price: number; promo?: number | null; inStock?: boolean }[]) {
    const res = await admin('POST', '/custom/import-internal-prices', {
      date: nextDay(),
      prices: list.map((p) => ({ product: fx.buckwheat, ...p })),
    });
    expect(res.statusCode).toBe(200);
    return body(res).data as { written: number; fired: number };
  }

  async function events(call: Call = ashan) {
    const res = await call('GET', '/price-alarms/events?limit=100');
    expect(res.statusCode).toBe(200);
    return body(res).data as { items: any[]; total: number; unread: number; perDay: { day: string; count: number }[] };
  }

  it('says at once when a new alarm is already met (it fires only on a change after that)', async () => {
    const created = await ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb, silpo], rule: 'above', value: 1 });
    expect(created.statusCode).toBe(200);
    const alarm = body(created).data;
    expect(alarm.metNow).toBeGreaterThanOrEqual(1);
    expect(alarm.currency).toBe('UAH');
    const listed = body(await ashan('GET', '/price-alarms/get/all?limit=500')).data.items.find((a: { _id: string }) => a._id === alarm._id);
    expect(listed.metNow).toBe(alarm.metNow);
    expect((await ashan('DELETE', `/price-alarms/${alarm._id}`)).statusCode).toBe(200);
  });

  it('fires once when the price drops below the value, not again for the same price, and again after re-arming', async () => {
    const created = await ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb, silpo], rule: 'below', value: 44 });
    expect(created.statusCode).toBe(200);
    const alarm = body(created).data;
    expect(alarm).toMatchObject({ productId: String(fx.buckwheat), rule: 'below', value: 44, enabled: true, firings: 0, metNow: 0, currency: 'UAH' });
    expect(alarm.shops.map((s: { name: string }) => s.name).sort()).toHaveLength(2);

    expect((await prices([{ shop: atb, price: 43 }])).fired).toBe(1);
    let ev = await events();
    expect(ev.items).toHaveLength(1);
    expect(ev.items[0]).toMatchObject({ rule: 'below', value: 44, oldPrice: 45, newPrice: 43, currency: 'UAH', read: false, shopId: String(atb) });
    expect(ev.unread).toBe(1);
    expect(ev.perDay.reduce((s, d) => s + d.count, 0)).toBe(1);

    // The same price again (and a lower one while it still holds) fires nothing.
    expect((await prices([{ shop: atb, price: 43 }])).fired).toBe(0);
    expect((await prices([{ shop: atb, price: 42 }])).fired).toBe(0);
    // Back above: re-armed; below again: a second firing.
    expect((await prices([{ shop: atb, price: 46 }])).fired).toBe(0);
    expect((await prices([{ shop: atb, price: 41.5 }])).fired).toBe(1);
    ev = await events();
    expect(ev.items).toHaveLength(2);
    expect(ev.items[0]).toMatchObject({ oldPrice: 46, newPrice: 41.5 });

    const count = await ashan('GET', '/price-alarms/events/unread-count');
    expect(body(count).data).toEqual({ count: 2 });
    const read = await ashan('PUT', '/price-alarms/events/read', { ids: [ev.items[0]._id] });
    expect(body(read).data).toEqual({ count: 1 });
    expect(body(await ashan('GET', '/price-alarms/events/unread-count')).data).toEqual({ count: 1 });
    expect(body(await ashan('PUT', '/price-alarms/events/read', { all: true })).data).toEqual({ count: 1 });
    expect((await events()).unread).toBe(0);

    const listed = body(await ashan('GET', `/price-alarms/products/${fx.buckwheat}`)).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ firings: 2 });
    expect(listed[0].lastFiredAt).not.toBeNull();
  });

  it('compares with the own shop in percent, re-evaluating when the own shop’s price moves', async () => {
    const res = await ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [silpo], rule: 'diff_pct', value: 10, originalShopId: own });
    expect(res.statusCode).toBe(200);
    const before = (await events()).total;
    await prices([{ shop: own, price: 50 }]);
    // Silpo 44 against our 50: 12 % cheaper.
    expect((await prices([{ shop: silpo, price: 44 }])).fired).toBe(1);
    const [last] = (await events()).items;
    expect(last).toMatchObject({ rule: 'diff_pct', newPrice: 44, ownPrice: 50 });
    // We cut our price to 45: the gap is 2 %, the alarm re-arms; back to 50: it fires again.
    expect((await prices([{ shop: own, price: 45 }])).fired).toBe(0);
    expect((await prices([{ shop: own, price: 50 }])).fired).toBe(1);
    expect((await events()).total).toBe(before + 2);
  });

  it('promo start and out-of-stock rules fire on the change', async () => {
    const promo = body(await ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'promo_start' })).data;
    const stock = body(await ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'out_of_stock' })).data;
    expect(promo.value).toBeNull();
    await prices([{ shop: atb, price: 46, promo: 39.9 }]);
    let ev = await events();
    expect(ev.items[0]).toMatchObject({ rule: 'promo_start', alarmId: promo._id, newPrice: 39.9 });
    await prices([{ shop: atb, price: 46, inStock: false }]);
    ev = await events();
    expect(ev.items[0]).toMatchObject({ rule: 'out_of_stock', alarmId: stock._id });
  });

  it('refuses bad input with the field named and saves nothing', async () => {
    const before = body(await ashan('GET', '/price-alarms/get/all')).data.total;
    const cases: [unknown, string][] = [
      [{ productId: fx.buckwheat, shops: [atb], rule: 'diff_pct', value: -5, originalShopId: own }, 'value'],
      [{ productId: fx.buckwheat, shops: [atb], rule: 'below' }, 'value'],
      [{ productId: fx.buckwheat, shops: [atb], rule: 'diff_money', value: 3 }, 'originalShopId'],
      [{ productId: fx.buckwheat, shops: [], rule: 'in_stock' }, 'shops'],
      [{ productId: fx.buckwheat, shops: [999999], rule: 'in_stock' }, 'shops'],
      [{ productId: 999999, shops: [atb], rule: 'in_stock' }, 'productId'],
      [{ productId: fx.buckwheat, shops: [atb], rule: 'sometimes' }, 'rule'],
      [{ productId: 'abc', shops: [atb], rule: 'in_stock' }, 'productId'],
    ];
    for (const [payload, field] of cases) {
      const res = await ashan('POST', '/price-alarms', payload);
      expect([res.statusCode, body(res).error.code]).toEqual([400, 'validation_failed']);
      expect(body(res).error.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    expect(body(await ashan('GET', '/price-alarms/get/all')).data.total).toBe(before);
  });

  it('lets only alarm users in; guests read; users see only their own alarms', async () => {
    expect((await hunter('GET', '/price-alarms/get/all')).statusCode).toBe(403);
    expect((await metro('GET', '/price-alarms/get/all')).statusCode).toBe(403);
    expect((await guest('GET', '/price-alarms/get/all')).statusCode).toBe(200);
    expect((await guest('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'in_stock' })).statusCode).toBe(403);

    const adminAlarm = body(await admin('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'in_stock' })).data;
    const mine = body(await ashan('GET', '/price-alarms/get/all?limit=500')).data;
    expect(mine.items.map((a: { _id: string }) => a._id)).not.toContain(adminAlarm._id);
    expect((await ashan('DELETE', `/price-alarms/${adminAlarm._id}`)).statusCode).toBe(404);
    expect((await ashan('PUT', `/price-alarms/${adminAlarm._id}`, { productId: fx.buckwheat, shops: [atb], rule: 'below', value: 1 })).statusCode).toBe(404);
    expect((await ashan('PUT', '/price-alarms/', { ids: [adminAlarm._id], set: { enabled: false } })).statusCode).toBe(400);
    expect(body(await admin('GET', '/price-alarms/get/all')).data.items[0].enabled).toBe(true);
  });

  it('edits one alarm, updates a group all or nothing, filters, and deletes by product or all', async () => {
    const a = body(await ashan('POST', '/price-alarms', { productId: fx.cocoa, shops: [fx.shop('lidl-prg-smichov')], rule: 'above', value: 100 })).data;
    const b = body(await ashan('POST', '/price-alarms', { productId: fx.cocoa, shops: [fx.shop('billa-prg-vinohrady')], rule: 'promo_end' })).data;

    const edited = await ashan('PUT', `/price-alarms/${a._id}`, {
      productId: fx.cocoa,
      shops: [fx.shop('lidl-prg-smichov')],
      rule: 'below',
      value: 80,
      start: '01/01/2026',
      end: '12/31/2030',
    });
    expect(body(edited).data).toMatchObject({ rule: 'below', value: 80, start: '2026-01-01', end: '2030-12-31' });

    // One alarm would break its rule (promo_end with a negative value is refused by the schema; a
    // below rule without value by the rules): nothing changes.
    const bad = await ashan('PUT', '/price-alarms/', { ids: [a._id, b._id], set: { rule: 'below' } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).error.fields[0].path).toBe('set.value');
    const ok = await ashan('PUT', '/price-alarms/', { ids: [a._id, b._id], set: { enabled: false, isPromoAdded: false } });
    expect(body(ok).data).toEqual({ count: 2 });

    const disabled = body(await ashan('GET', '/price-alarms/get/all?enabled=false')).data;
    expect(disabled.items.map((x: { _id: string }) => x._id).sort()).toEqual([a._id, b._id].sort());
    expect(disabled.items.every((x: { isPromoAdded: boolean }) => !x.isPromoAdded)).toBe(true);
    const searched = body(await ashan('GET', '/price-alarms/get/all?search=Cocoa_Mix')).data;
    expect(searched.total).toBe(2);

    expect(body(await ashan('DELETE', `/price-alarms/all/${fx.cocoa}`)).data).toEqual({ count: 2 });
    expect(body(await ashan('GET', '/price-alarms/get/all?search=Cocoa_Mix')).data.total).toBe(0);
    expect((await ashan('DELETE', '/price-alarms/all/nonsense')).statusCode).toBe(400);
  });

  it('product alarms watch a product list and can be switched off and on', async () => {
    const res = await ashan('POST', '/price-products-alarms', { name: 'Groats', products: [fx.buckwheat, fx.cocoa], shops: [atb], rule: 'below', value: 30 });
    expect(res.statusCode).toBe(200);
    const pa = body(res).data;
    expect(pa).toMatchObject({ name: 'Groats', enabled: true });
    expect(pa.products).toHaveLength(2);

    const off = body(await ashan('PUT', `/price-products-alarms/toggle/${pa._id}`)).data;
    expect(off.enabled).toBe(false);
    await prices([{ shop: atb, price: 29 }]);
    expect((await events()).items.filter((e) => e.alarmId === pa._id)).toHaveLength(0);
    const on = body(await ashan('PUT', `/price-products-alarms/toggle/${pa._id}`)).data;
    expect(on.enabled).toBe(true);
    await prices([{ shop: atb, price: 35 }]);
    await prices([{ shop: atb, price: 28 }]);
    const fired = (await events()).items.filter((e) => e.alarmId === pa._id);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ alarmKind: 'product', alarmName: 'Groats', newPrice: 28 });

    const list = body(await ashan('GET', '/price-products-alarms/get/all')).data;
    expect(list.items[0]).toMatchObject({ _id: pa._id, firings: 1 });
    expect(body(await ashan('PUT', '/price-products-alarms/', { ids: [pa._id], set: { value: 20 } })).data).toEqual({ count: 1 });
    expect(body(await ashan('DELETE', '/price-products-alarms/all/all')).data).toEqual({ count: 1 });
    // The firing stays in the events list after its alarm is gone.
    expect((await events()).items.some((e) => e.alarmName === 'Groats' && e.alarmId === null)).toBe(true);
  });

  it('eleven switches of one product alarm at once: each answers, it ends switched on, and starts from today’s prices', async () => {
    const pa = body(await ashan('POST', '/price-products-alarms', { name: 'Flips', products: [fx.buckwheat], shops: [atb], rule: 'below', value: 30 })).data;
    expect(body(await ashan('PUT', `/price-products-alarms/toggle/${pa._id}`)).data.enabled).toBe(false);
    await prices([{ shop: atb, price: 29 }]);
    const answers = await Promise.all(Array.from({ length: 11 }, () => ashan('PUT', `/price-products-alarms/toggle/${pa._id}`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(11).fill(200));
    // Each flip read its own result: an odd number of flips from off leaves it on.
    const listed = body(await ashan('GET', '/price-products-alarms/get/all')).data.items.find((x: { _id: string }) => x._id === pa._id);
    expect(listed.enabled).toBe(true);
    // The price that came while it was off does not fire; the next drop below 30 does, once.
    await prices([{ shop: atb, price: 35 }]);
    await prices([{ shop: atb, price: 28 }]);
    const fired = (await events()).items.filter((e) => e.alarmId === pa._id);
    expect(fired.map((e) => e.newPrice)).toEqual([28]);
    expect(body(await ashan('DELETE', `/price-products-alarms/${pa._id}`)).data).toEqual({ count: 1 });
  });

  it('a parser-style write (recordObservations + onPricesWritten) is evaluated by the background job', async () => {
    const kaufland = fx.shop('kaufland-brn-kralovo-pole');
    const a = body(await ashan('POST', '/price-alarms', { productId: fx.cocoa, shops: [kaufland], rule: 'below', value: 100 })).data;
    const obs = [
      { productId: fx.cocoa, shopId: kaufland, day: addDays(todayIso(), 200), regular: 9900, promo: null, inStock: true, source: 'parser' as const },
    ];
    await recordObservations(app.db, obs);
    const handed = await onPricesWritten(app.db, obs);
    expect(handed.queued).toBe(true);
    await evaluated(app);
    const fired = (await events()).items.filter((e: any) => e.alarmId === a._id);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ oldPrice: 110, newPrice: 99 });
  });

  it('internal price import: a client network writes only its own shops; bad prices are 400', async () => {
    const mine = caller(app, ashanSession);
    const res = await mine('POST', '/custom/import-internal-prices', { date: nextDay(), prices: [{ product: fx.buckwheat, shop: atb, price: 40 }] });
    expect(res.statusCode).toBe(403);
    const ownShop = await mine('POST', '/custom/import-internal-prices', { date: nextDay(), prices: [{ product: fx.buckwheat, shop: own, price: 49 }] });
    expect(ownShop.statusCode).toBe(200);
    const neg = await mine('POST', '/custom/import-internal-prices', { prices: [{ product: fx.buckwheat, shop: own, price: -1 }] });
    expect(body(neg).error.fields[0].path).toBe('prices.0.price');
    const unknown = await mine('POST', '/custom/import-internal-prices', { prices: [{ product: 999999, shop: own, price: 1 }] });
    expect(body(unknown).error.fields[0].path).toBe('prices.0.product');
  });
});
