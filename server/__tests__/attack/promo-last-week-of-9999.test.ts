/**
 * Promo analysis of a period ending in the last week of 9999 (the latest day the US date fields take) over
 * prices recorded in that week. The weekly trend's loop stepped weeks as 'YYYY-MM-DD' text: the Monday after
 * 9999-12-27 is '+010000-01', which sorts before '9999-12-31' and maps to itself, so the loop never ended and
 * grew its answer until the process ran out of memory (the server stopped answering). PGlite and PostgreSQL.
 *
 * @one-database: a loop over weeks in the server's code, not in the database. (scripts/lib/db-test-files.cjs)
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { promoAnalysisResponseSchema } from '@pricewatch/shared/contract';
import { queryRows } from '../../src/db/client';
import { recordObservations } from '../../src/areas/prices/record';
import { shopDirectory } from '../../src/core/shop-directory';
import { build, loginAs } from '../helpers/build';
import { callerFor, type Caller } from '../helpers/catalogue';

let app: FastifyInstance;
let admin: Caller;

beforeAll(async () => {
  app = await build({ env: { COUNTRY: 'pl', DEMO_PRODUCTS: '0' } });
  admin = callerFor(app, await loginAs(app, 'admin'));
  const [shop] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = 'albert-prg-andel'`);
  const [product] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO products (name, country) VALUES ('Year 9999', 'pl') RETURNING id`);
  shopDirectory(app.db).invalidate();
  for (const [day, promo] of [
    ['9999-12-29', null],
    ['9999-12-30', 800],
    ['9999-12-31', 800],
  ] as const) {
    await recordObservations(app.db, [{ productId: product!.id, shopId: shop!.id, day, regular: 1000, promo, inStock: true, source: 'parser' }]);
  }
}, 300_000);
afterAll(() => app?.close());

it('answers the last weeks of 9999 with their weekly trend, and the server still answers', async () => {
  const res = await admin('GET', '/promo-analysis/summary?start=12/01/9999&end=12/31/9999');
  expect(res.statusCode).toBe(200);
  const data = promoAnalysisResponseSchema.parse(res.json()).data;
  expect(data.rows).toEqual([expect.objectContaining({ key: 'albert', products: 1, promoProducts: 1, promoCount: 1, maxDepthPct: 20 })]);
  expect(data.weekly).toEqual([{ week: '9999-12-27', network: 'albert', promoSharePct: 100 }]);
  expect((await admin('GET', '/promo-analysis/summary?start=12/31/9999&end=12/31/9999&groupBy=section')).statusCode).toBe(200);
});
