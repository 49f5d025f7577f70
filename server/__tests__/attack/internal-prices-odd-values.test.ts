/**
 * Attack on the HTTP path that reaches the price write path (POST /custom/import-internal-prices → recordObservations):
 * prices that round to nothing or to the same minor unit as the promo, the largest prices, NUL bytes in the form's
 * JSON text, the most prices one import takes, and ten imports at once. A price is stored exactly as sent (minor
 * units) or refused with 400 naming the field — never a zero or a promo that is not below the price (a wrong price is
 * worse than none) — and the spans and kept tables equal the history rules after. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { queryRows } from '../../src/db/client';
import { addDays, todayIso } from '../../src/lib/days';
import { body, build, loginAs } from '../helpers/build';
import { callerFor, type Caller } from '../helpers/catalogue';
import { HistoryModel, keptDiffs, NO_DIFFS, storedCurrent, storedSpans } from './ingest-model';

jest.setTimeout(600_000);

let app: FastifyInstance;
let admin: Caller;
let session: Awaited<ReturnType<typeof loginAs>>;
let shops: number[] = [];
const products: number[] = [];
const model = new HistoryModel();
const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
// Inside the import's allowed year, before the demo history's days of these products (they have none).
const day = (n: number) => addDays(todayIso(), -300 + n);

const fields = (res: LightMyRequestResponse): string[] => ((body(res).error?.fields ?? []) as { path: string }[]).map((d) => d.path).sort();
const send = (prices: unknown[], date: string, shop = shops[0]) => admin('POST', '/custom/import-internal-prices', { prices, shop, date: us(date) });
const spansOf = async (product: number) =>
  queryRows<{ regular: number; promo: number | null }>(app.db, sql`SELECT regular, promo FROM price_spans WHERE product_id = ${product} ORDER BY start_day`);

beforeAll(async () => {
  app = await build({ env: { DEMO_PRODUCTS: '0' } });
  session = await loginAs(app, 'admin');
  admin = callerFor(app, session);
  shops = (
    await queryRows<{ id: number }>(app.db, sql`SELECT s.id FROM shops s JOIN networks n ON n.id = s.network_id WHERE n.country = 'cz' ORDER BY s.id`)
  ).map((r) => Number(r.id));
  for (let i = 0; i < 12; i++) {
    const [row] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO products (name, country) VALUES (${`Odd import ${i}`}, 'cz') RETURNING id`);
    products.push(Number(row!.id));
  }
});
afterAll(() => app?.close());

describe('odd prices through the import', () => {
  it('a price that rounds to no minor unit is refused, not stored as 0', async () => {
    const res = await send([{ product: products[0], price: 0.004 }], day(0));
    expect([res.statusCode, fields(res)]).toEqual([400, ['prices.0.price']]);
    expect(await spansOf(products[0]!)).toEqual([]);
  });

  it('a promo that rounds to no minor unit is refused, not stored as a free promo', async () => {
    const res = await send([{ product: products[1], price: 0.01, promo: 0.001 }], day(0));
    expect([res.statusCode, fields(res)]).toEqual([400, ['prices.0.promo']]);
    expect(await spansOf(products[1]!)).toEqual([]);
  });

  it('a promo that rounds to the price is refused (it is not below the price in minor units)', async () => {
    const res = await send([{ product: products[2], price: 1.004, promo: 1.001 }], day(0));
    expect([res.statusCode, fields(res)]).toEqual([400, ['prices.0.promo']]);
    expect(await spansOf(products[2]!)).toEqual([]);
  });

  it('the smallest and the largest prices are stored exactly', async () => {
    const res = await send(
      [
        { product: products[3], price: 0.01 },
        { product: products[4], price: 10_000_000, promo: 0.01 },
        { product: products[5], price: 9_999_999.99, promo: 9_999_999.98 },
      ],
      day(1),
    );
    expect(res.statusCode).toBe(200);
    expect(await spansOf(products[3]!)).toEqual([{ regular: 1, promo: null }]);
    expect(await spansOf(products[4]!)).toEqual([{ regular: 1_000_000_000, promo: 1 }]);
    expect(await spansOf(products[5]!)).toEqual([{ regular: 999_999_999, promo: 999_999_998 }]);
    expect(await keptDiffs(app.db)).toEqual(NO_DIFFS);
  });

  it('NUL bytes in the form’s JSON text or a field are 400 naming the field; nothing is stored', async () => {
    const form = (prices: string, network = 'albert') =>
      app.inject({
        method: 'POST',
        url: '/custom/import-internal-prices',
        query: { token: session.token },
        cookies: session.xsrf.cookies,
        payload: new URLSearchParams({ prices, network, shop: String(shops[0]), date: us(day(2)) }).toString(),
        headers: { ...session.xsrf.headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
    const before = await storedSpans(app.db, products);
    const viaJson = await admin('POST', '/custom/import-internal-prices', {
      prices: [{ product: products[6], price: 5 }],
      network: 'alb\u0000ert',
      date: us(day(2)),
    });
    expect(viaJson.statusCode).toBe(400);
    expect(fields(viaJson)).toContain('network');
    // The form's prices as JSON text with a NUL inside a string value: the no-NUL rule for the text's strings.
    const res = await form(JSON.stringify([{ product: products[6], price: 5, shop: 'x\u0000' }]));
    expect(res.statusCode).toBeLessThan(500);
    expect(await storedSpans(app.db, products)).toEqual(before);
  });

  it('the most prices one import takes land exactly; one more is 400', async () => {
    const list = Array.from({ length: 10_000 }, (_, i) => ({
      product: products[6 + (i % 6)]!,
      shop: shops[Math.floor(i / 6) % shops.length]!,
      price: 1 + (i % 97) / 100,
    }));
    const over = await send([...list, list[0]], day(3));
    expect([over.statusCode, fields(over)]).toEqual([400, ['prices']]);
    const res = await send(list, day(3));
    expect(res.statusCode).toBe(200);
    model.record(
      list.map((p) => ({
        productId: p.product,
        shopId: p.shop,
        day: day(3),
        regular: Math.round(p.price * 100),
        promo: null,
        inStock: true,
        source: 'manual' as const,
      })),
    );
    expect(await storedSpans(app.db, products.slice(6))).toEqual(model.spanRows());
    expect(await storedCurrent(app.db, products.slice(6))).toEqual(model.currentRows());
  });

  it('ten imports at once into shops of one network and of several: all land, exactly', async () => {
    const batches = Array.from({ length: 10 }, (_, b) =>
      products.slice(6).map((p, i) => ({ product: p, shop: shops[b]!, price: 2 + ((b + i) % 3) / 100, promo: i % 4 === 0 ? 1.5 : null })),
    );
    const results = await Promise.all(batches.map((prices) => admin('POST', '/custom/import-internal-prices', { prices, date: us(day(4)) })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    for (const prices of batches) {
      model.record(
        prices.map((p) => ({
          productId: p.product,
          shopId: p.shop,
          day: day(4),
          regular: Math.round(p.price * 100),
          promo: p.promo === null ? null : Math.round(p.promo * 100),
          inStock: true,
          source: 'manual' as const,
        })),
      );
    }
    expect(await storedSpans(app.db, products.slice(6))).toEqual(model.spanRows());
    expect(await storedCurrent(app.db, products.slice(6))).toEqual(model.currentRows());
    expect(await keptDiffs(app.db)).toEqual(NO_DIFFS);
    expect((await admin('GET', '/shops')).statusCode).toBe(200);
  });
});
