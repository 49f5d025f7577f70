/**
 * Attack on the upgrade path of the analytics rollups (0015 day totals, 0019 pair runs, 0020 network runs): a
 * database made by the previous release (its migration folder, as __tests__/db/upgrade.test.ts) holding odd
 * history — spans in 1970 and in 9999's last days, a promo at 0, a "promo" above its regular price,
 * spans of a shop and of a product that no longer exist, a network with no shops, a product in no section — is
 * upgraded by the app's start; then the rollups equal a computation from the spans, the analyses over those
 * periods answer 200 (never 5xx), and a price written after the upgrade keeps them equal. PGlite and PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../../src/db/client';
import { recordObservations } from '../../src/areas/prices/record';
import { seedDemo } from '../../src/demo/seed';
import { todayIso } from '../../src/lib/days';
import { build, loginAs, onPostgres, SERVER_DIR, testDatabase } from '../helpers/build';
import { callerFor } from '../helpers/catalogue';
import { networkRunsDiffFromPairRuns, runsDiffFromSpans, totalsDiffFromSpans } from '../helpers/price-totals';

jest.setTimeout(600_000);

const PREVIOUS = path.join(SERVER_DIR, '__tests__', 'fixtures', 'drizzle-previous-release');

function reopenable() {
  if (onPostgres()) return testDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-atk-upgrade-'));
  return { options: { dataDir: dir, databaseUrl: null, schema: null }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

const ODD = `
  insert into networks (code, name, country) values ('atk-empty', 'ATK no shops', 'cz');
  insert into products (name, country) values ('ATK no section', 'cz');
  insert into price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
    select (select max(id) from products), s.id, d.start_day, d.end_day, d.regular, d.promo, true, 0
    from (select min(id) as id from shops) s,
         (values ('1970-01-01'::date, '1970-01-03'::date, 1000, 700), ('1970-01-04'::date, '1970-01-05'::date, 1000, null::int),
                 ('1970-01-06'::date, '1970-01-06'::date, 1000, 0), ('9999-12-20'::date, '9999-12-27'::date, 500, 900),
                 ('9999-12-28'::date, '9999-12-31'::date, 500, 400)) as d(start_day, end_day, regular, promo);
  insert into price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
    values ((select min(id) from products), 2147483000, '2020-02-28', '2020-03-01', 100, 50, true, 0),
           (2147483000, (select min(id) from shops), '2020-02-28', '2020-03-01', 100, 50, true, 0)
`;

describe('an old database with odd history', () => {
  const old = reopenable();
  let app: FastifyInstance;

  beforeAll(async () => {
    const database = await openDatabase(old.options);
    try {
      await database.migrate(PREVIOUS);
      expect(await seedDemo(database.db, { catalogue: { products: 20 } })).toBe(true);
      for (const statement of ODD.split(';').filter((s) => s.trim())) await database.db.execute(sql.raw(statement));
    } finally {
      await database.close();
    }
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await old.drop();
  });

  it('is upgraded; the rollups equal the spans', async () => {
    app = await build({ database: old });
    expect(await totalsDiffFromSpans(app.db)).toEqual([]);
    expect(await runsDiffFromSpans(app.db)).toEqual([]);
    expect(await networkRunsDiffFromPairRuns(app.db)).toEqual([]);
  });

  it('the analyses over the odd periods answer, never 5xx', async () => {
    const admin = callerFor(app, await loginAs(app, 'admin'));
    const ashan = callerFor(app, await loginAs(app, 'ashan'));
    for (const [start, end] of [
      ['01/01/1970', '01/10/1970'],
      ['12/01/9999', '12/31/9999'],
      ['12/31/9999', '12/31/9999'],
      ['02/28/2020', '03/01/2020'],
    ]) {
      for (const as of [admin, ashan]) {
        const d = await as('POST', '/prices/history/discount-analysis', { start, end });
        expect([start, d.statusCode]).toEqual([start, 200]);
      }
    }
  });

  it('a price written after the upgrade keeps the rollups equal', async () => {
    const [row] = await queryRows<{ product: number; shop: number }>(
      app.db,
      sql`SELECT (SELECT id FROM products WHERE name = 'ATK no section') AS product, (SELECT min(id) FROM shops) AS shop`,
    );
    await app.db.transaction((tx) =>
      recordObservations(tx as unknown as Db, [
        { productId: Number(row!.product), shopId: Number(row!.shop), day: todayIso(), regular: 800, promo: 600, inStock: true, source: 'manual' },
      ]),
    );
    expect(await runsDiffFromSpans(app.db)).toEqual([]);
    expect(await networkRunsDiffFromPairRuns(app.db)).toEqual([]);
  });
});
