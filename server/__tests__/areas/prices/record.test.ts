import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../../src/db/client';
import { recordObservations, type Observation } from '../../../src/areas/prices/record';
import { build } from '../../helpers/build';

let app: FastifyInstance;
let productId: number;
let shopId: number;
beforeAll(async () => {
  app = await build({ env: { DEMO_PRODUCTS: '0' } });
  const [p] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO products (name, country) VALUES ('Record test', 'cz') RETURNING id`);
  const [s] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = 'albert-prg-andel'`);
  productId = p!.id;
  shopId = s!.id;
});
afterAll(() => app.close());

const obs = (day: string, regular: number, promo: number | null = null, inStock = true): Observation => ({
  productId,
  shopId,
  day,
  regular,
  promo,
  inStock,
  source: 'parser',
});

const spans = () =>
  queryRows<{ start_day: string; end_day: string; regular: number; promo: number | null; in_stock: boolean }>(
    app.db,
    sql`SELECT start_day::text, end_day::text, regular, promo, in_stock FROM price_spans WHERE product_id = ${productId} ORDER BY start_day`,
  );
const current = async () =>
  (
    await queryRows<{ start_day: string; last_seen: string; regular: number; promo: number | null }>(
      app.db,
      sql`SELECT start_day::text, last_seen::text, regular, promo FROM current_prices WHERE product_id = ${productId}`,
    )
  )[0];

describe('recordObservations (change points)', () => {
  it('opens a span, extends it with equal observations and opens a new one on any change', async () => {
    expect(await recordObservations(app.db, [obs('2026-03-01', 3990)])).toEqual({ extended: 0, opened: 1, ignored: 0 });
    expect(await recordObservations(app.db, [obs('2026-03-02', 3990)])).toEqual({ extended: 1, opened: 0, ignored: 0 });
    await recordObservations(app.db, [obs('2026-03-03', 3990)]);
    await recordObservations(app.db, [obs('2026-03-04', 3990, 2990)]); // promo starts
    await recordObservations(app.db, [obs('2026-03-05', 3990, 2990)]);
    await recordObservations(app.db, [obs('2026-03-06', 3990, 2990, false)]); // out of stock
    await recordObservations(app.db, [obs('2026-03-07', 4190)]); // new regular price
    expect(await spans()).toEqual([
      { start_day: '2026-03-01', end_day: '2026-03-03', regular: 3990, promo: null, in_stock: true },
      { start_day: '2026-03-04', end_day: '2026-03-05', regular: 3990, promo: 2990, in_stock: true },
      { start_day: '2026-03-06', end_day: '2026-03-06', regular: 3990, promo: 2990, in_stock: false },
      { start_day: '2026-03-07', end_day: '2026-03-07', regular: 4190, promo: null, in_stock: true },
    ]);
    expect(await current()).toEqual({ start_day: '2026-03-07', last_seen: '2026-03-07', regular: 4190, promo: null });
  });

  it('bridges a gap between equal observations and ignores observations of the past', async () => {
    await recordObservations(app.db, [obs('2026-03-10', 4190)]);
    expect(await recordObservations(app.db, [obs('2026-03-08', 1)])).toEqual({ extended: 0, opened: 0, ignored: 1 });
    const last = (await spans()).at(-1);
    expect(last).toEqual({ start_day: '2026-03-07', end_day: '2026-03-10', regular: 4190, promo: null, in_stock: true });
    expect(await current()).toMatchObject({ start_day: '2026-03-07', last_seen: '2026-03-10' });
  });

  it('keeps the latest of several observations of one pair in a batch', async () => {
    await recordObservations(app.db, [obs('2026-03-12', 4590), obs('2026-03-11', 4190)]);
    expect((await spans()).slice(-2)).toEqual([
      { start_day: '2026-03-07', end_day: '2026-03-10', regular: 4190, promo: null, in_stock: true },
      { start_day: '2026-03-12', end_day: '2026-03-12', regular: 4590, promo: null, in_stock: true },
    ]);
  });
});
