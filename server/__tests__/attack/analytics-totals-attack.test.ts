/**
 * Attack on the analytics totals (issue 19 item 1, docs/analytics.md): writes the app does not make
 * every day (crossing concurrent writers, raw span edits, rollbacks, far days, a product's section
 * changed) must still leave price_day_totals equal to a count over price_spans. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/client';
import { recordObservations, type Observation } from '../../src/areas/prices/record';
import { shopDirectory } from '../../src/core/shop-directory';
import { addDays, todayIso } from '../../src/lib/days';
import { build, loginAs } from '../helpers/build';
import { callerFor, us, type Caller } from '../helpers/catalogue';
import { runsDiffFromSpans, totalsDiffFromSpans } from '../helpers/price-totals';

let app: FastifyInstance;
let admin: Caller;
let shop: number;
const sections: number[] = [];
const today = todayIso();

/** Totals and pair runs equal to what the spans say (helpers/price-totals.ts). */
async function expectTotalsMatchSpans() {
  expect(await totalsDiffFromSpans(app.db)).toEqual([]);
  expect(await runsDiffFromSpans(app.db)).toEqual([]);
}

async function product(section: number | null, name: string) {
  const [row] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO products (name, section_id, country) VALUES (${name}, ${section}, 'cz') RETURNING id`);
  return row!.id;
}

const obs = (productId: number, day: string, regular: number, promo: number | null = null): Observation => ({
  productId,
  shopId: shop,
  day,
  regular,
  promo,
  inStock: true,
  source: 'parser',
});

beforeAll(async () => {
  app = await build({ env: { DEMO_PRODUCTS: '0' } });
  admin = callerFor(app, await loginAs(app, 'admin'));
  const [s] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = 'albert-prg-andel'`);
  shop = s!.id;
  for (const name of ['Attack X', 'Attack Y']) {
    const [row] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO sections (name) VALUES (${name}) RETURNING id`);
    sections.push(row!.id);
  }
  shopDirectory(app.db).invalidate();
});
afterAll(() => app.close());

describe('price_day_totals under attack', () => {
  it('crossing concurrent writers of one shop and day (each extends one section and opens the other) all land', async () => {
    const [x, y] = sections as [number, number];
    const rounds = 6;
    const pairs = 10;
    const ids: { ax: number; ay: number; bx: number; by: number }[] = [];
    for (let i = 0; i < pairs; i++)
      ids.push({ ax: await product(x, `ax${i}`), ay: await product(y, `ay${i}`), bx: await product(x, `bx${i}`), by: await product(y, `by${i}`) });
    const day0 = addDays(today, -rounds - 1);
    await recordObservations(
      app.db,
      ids.flatMap((p) => [obs(p.ax, day0, 100), obs(p.ay, day0, 100), obs(p.bx, day0, 100), obs(p.by, day0, 100)]),
    );
    for (let r = 1; r <= rounds; r++) {
      const day = addDays(day0, r);
      // A: extends its X products, opens new prices of its Y products; B: the other way round.
      const results = await Promise.allSettled(
        ids.flatMap((p) => [
          recordObservations(app.db, [obs(p.ax, day, 100), obs(p.ay, day, 100 + r)]),
          recordObservations(app.db, [obs(p.by, day, 100), obs(p.bx, day, 100 + r)]),
        ]),
      );
      // The database's own words (drizzle wraps them with the whole statement).
      const failed = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
      expect(failed.map((x) => String((x.reason as Error & { cause?: Error }).cause?.message ?? x.reason))).toEqual([]);
    }
    await expectTotalsMatchSpans();
  });

  it('a span edited in place (end moved back and forth, promo set, start moved) keeps the totals', async () => {
    const p = await product(sections[0]!, 'edited');
    const d = addDays(today, -40);
    await recordObservations(app.db, [obs(p, d, 500)]);
    await recordObservations(app.db, [obs(p, addDays(d, 10), 500)]);
    await expectTotalsMatchSpans();
    await app.db.execute(sql`UPDATE price_spans SET end_day = end_day - 4 WHERE product_id = ${p}`);
    await expectTotalsMatchSpans();
    await app.db.execute(sql`UPDATE price_spans SET end_day = end_day + 9 WHERE product_id = ${p}`);
    await expectTotalsMatchSpans();
    await app.db.execute(sql`UPDATE price_spans SET promo = 400 WHERE product_id = ${p}`);
    await expectTotalsMatchSpans();
    await app.db.execute(sql`UPDATE price_spans SET start_day = start_day + 2, end_day = end_day - 1 WHERE product_id = ${p}`);
    await expectTotalsMatchSpans();
    await app.db.execute(sql`UPDATE price_spans SET in_stock = false WHERE product_id = ${p}`);
    await expectTotalsMatchSpans();
  });

  it('a write rolled back leaves no totals', async () => {
    const p = await product(null, 'rolled back');
    await expect(
      app.db.transaction(async (tx) => {
        await recordObservations(tx, [obs(p, today, 700, 0)]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await expectTotalsMatchSpans();
    await recordObservations(app.db, [obs(p, today, 700, 0)]);
    await expectTotalsMatchSpans();
  });

  it('a day far in the past extended to today', async () => {
    const p = await product(sections[1]!, 'old');
    await recordObservations(app.db, [obs(p, '1990-01-01', 300)]);
    await recordObservations(app.db, [obs(p, today, 300)]);
    await expectTotalsMatchSpans();
  });

  it('internal prices: a day more than a year ahead or back is 400 naming date (one price from 1000 to 2999 took 53 s and 730k totals rows)', async () => {
    const p = await product(null, 'far');
    const post = (date: string) => admin('POST', '/custom/import-internal-prices', { shop: String(shop), date, prices: [{ product: String(p), price: 10 }] });
    for (const date of [us(addDays(today, 367)), '12/31/2999', '01/01/1000', us(addDays(today, -367))]) {
      const res = await post(date);
      expect([date, res.statusCode, res.json().error?.fields?.map((f: { path: string }) => f.path)]).toEqual([date, 400, ['date']]);
    }
    expect((await post(us(addDays(today, -366)))).statusCode).toBe(200);
    expect((await post(us(addDays(today, 366)))).statusCode).toBe(200);
    await expectTotalsMatchSpans();
  });

  it('a product moved to another section: its totals follow it, as the rebuild and the span-side counts do', async () => {
    const [x, y] = await Promise.all(
      ['Moved from', 'Moved to'].map(
        async (name) => (await queryRows<{ id: number }>(app.db, sql`INSERT INTO sections (name) VALUES (${name}) RETURNING id`))[0]!.id,
      ),
    );
    const p = await product(x!, 'moving');
    const d = addDays(today, -5);
    await recordObservations(app.db, [obs(p, d, 1000, 800)]);
    await recordObservations(app.db, [obs(p, today, 1000, 800)]);
    await app.db.execute(sql`UPDATE products SET section_id = ${y} WHERE id = ${p}`);
    const albert = async (section: number) => {
      const res = await admin('POST', '/prices/history/discount-analysis', { start: us(d), end: us(today), sections: [section], shops: [String(shop)] });
      expect(res.statusCode).toBe(200);
      const { products, productDays, promoDays, promoStarts } = res.json().data.networks.find((n: { network: string }) => n.network === 'albert') ?? {};
      return { products, productDays, promoDays, promoStarts };
    };
    expect(await albert(y!)).toEqual({ products: 1, productDays: 6, promoDays: 6, promoStarts: 1 });
    expect(await albert(x!)).toEqual({});
    await expectTotalsMatchSpans();
    await app.db.execute(sql`UPDATE products SET section_id = NULL WHERE id = ${p}`);
    await expectTotalsMatchSpans();
  });
});
