/**
 * Attack on the network runs (migration 0020): a shop deleted (by hand: no route deletes shops; its offers and
 * current prices cascade, its spans and pair runs have no key to it) must leave the network's figures as they
 * were before the shop existed — the pair runs' analyses joined the shops, so a gone shop counted nowhere. Before
 * the trigger shops_network_runs_gone the network runs kept its rows: discount analysis then said 4 products and
 * 4 on promo with 0 product days, promo analysis 4 promos, for a shop that no longer exists. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../../src/db/client';
import { recordObservations, type Observation } from '../../src/areas/prices/record';
import { addDays, todayIso } from '../../src/lib/days';
import { build, loginAs } from '../helpers/build';
import { callerFor, type Caller } from '../helpers/catalogue';
import { networkRunsDiffFromPairRuns } from '../helpers/price-totals';

jest.setTimeout(300_000);

let app: FastifyInstance;
let admin: Caller;
const FIRST = addDays(todayIso(), -200);
const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' } });
  admin = callerFor(app, await loginAs(app, 'admin'));
}, 240_000);
afterAll(() => app?.close());

it('a deleted shop leaves its network’s promo and discount figures as before it existed', async () => {
  const [net] = await queryRows<{ id: number; code: string; shop: number }>(
    app.db,
    sql`SELECT n.id, n.code, min(s.id) AS shop FROM networks n JOIN shops s ON s.network_id = n.id GROUP BY n.id, n.code ORDER BY n.id LIMIT 1`,
  );
  const figures = async () => {
    const d = await admin('POST', '/prices/history/discount-analysis', { start: us(FIRST), end: us(addDays(FIRST, 10)), networks: [net!.code] });
    const p = await admin('GET', `/promo-analysis/summary?start=${us(FIRST)}&end=${us(addDays(FIRST, 10))}&groupBy=network&networks=${net!.code}`);
    expect([d.statusCode, p.statusCode]).toEqual([200, 200]);
    return { discount: d.json().data.networks, promo: p.json().data.rows };
  };
  const before = await figures();
  const [shop] = await queryRows<{ id: number }>(
    app.db,
    sql`INSERT INTO shops (code, name, network_id, country, city_code)
        SELECT 'atk-gone-1', 'ATK gone 1', network_id, country, city_code FROM shops WHERE id = ${Number(net!.shop)} RETURNING id`,
  );
  const id = Number(shop!.id);
  const products: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [row] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO products (name, country) VALUES (${`Gone ${i}`}, 'pl') RETURNING id`);
    products.push(Number(row!.id));
  }
  for (let day = 0; day < 6; day++) {
    const obs: Observation[] = products.map((p) => ({
      productId: p,
      shopId: id,
      day: addDays(FIRST, day),
      regular: 1000,
      promo: day >= 2 && day < 4 ? 600 : null,
      inStock: true,
      source: 'parser',
    }));
    await app.db.transaction((tx) => recordObservations(tx as unknown as Db, obs));
  }
  expect(await figures()).not.toEqual(before);
  await app.db.execute(sql`DELETE FROM shops WHERE id = ${id}`);
  expect(await figures()).toEqual(before);
  expect(await networkRunsDiffFromPairRuns(app.db)).toEqual([]);
});
