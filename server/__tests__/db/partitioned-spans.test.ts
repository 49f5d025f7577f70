/**
 * Issue 19 item 2: on PostgreSQL price_spans is hash-partitioned by product_id (migration 0014,
 * docs/database.md "Partitioned price history"); PGlite keeps one plain table. Rows land in the
 * partitions, the write path and the history call work on it, and one product's history reads one partition.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/client';
import { recordObservations } from '../../src/areas/prices/record';
import { build, onPostgres } from '../helpers/build';

let app: FastifyInstance;
beforeAll(async () => {
  app = await build();
});
afterAll(() => app.close());

const partitionsOf = () =>
  queryRows<{ name: string; bound: string }>(
    app.db,
    sql`SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = to_regclass('price_spans') ORDER BY c.relname`,
  );

(onPostgres() ? describe : describe.skip)('on PostgreSQL price_spans', () => {
  it('is partitioned by hash of product_id into 32 partitions', async () => {
    const [p] = await queryRows<{ strategy: string; key: string }>(
      app.db,
      sql`SELECT partstrat AS strategy, pg_get_partkeydef(partrelid) AS key FROM pg_partitioned_table WHERE partrelid = to_regclass('price_spans')`,
    );
    expect(p).toEqual({ strategy: 'h', key: 'HASH (product_id)' });
    const parts = await partitionsOf();
    expect(parts).toHaveLength(32);
    expect(parts[0]).toEqual({ name: 'price_spans_p00', bound: 'FOR VALUES WITH (modulus 32, remainder 0)' });
  });

  it("holds the demo catalogue's spans in its partitions, each product in one", async () => {
    const rows = await queryRows<{ partition: string; spans: number; products: number }>(
      app.db,
      sql`SELECT tableoid::regclass::text AS partition, count(*)::int AS spans, count(DISTINCT product_id)::int AS products
          FROM price_spans GROUP BY 1`,
    );
    expect(rows.length).toBeGreaterThan(16);
    expect(rows.every((r) => /^price_spans_p\d\d$/.test(r.partition.split('.').pop()!))).toBe(true);
    const [{ total, pairs } = { total: 0, pairs: 0 }] = await queryRows<{ total: number; pairs: number }>(
      app.db,
      sql`SELECT count(*)::int AS total, count(DISTINCT (product_id, tableoid))::int AS pairs FROM price_spans`,
    );
    expect(rows.reduce((a, r) => a + r.spans, 0)).toBe(total);
    expect(pairs).toBe(rows.reduce((a, r) => a + r.products, 0));
    const [{ products } = { products: 0 }] = await queryRows<{ products: number }>(
      app.db,
      sql`SELECT count(DISTINCT product_id)::int AS products FROM price_spans`,
    );
    expect(pairs).toBe(products);
  });

  it("reads one product's history from one partition", async () => {
    const plan = await queryRows<{ 'QUERY PLAN': string }>(app.db, sql`EXPLAIN SELECT * FROM price_spans WHERE product_id = 7 AND end_day >= '2026-01-01'`);
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(new Set(text.match(/price_spans_p\d\d/g))).toHaveProperty('size', 1);
  });
});

(onPostgres() ? describe.skip : describe)('on PGlite price_spans', () => {
  it('stays one plain table', async () => {
    const [t] = await queryRows<{ kind: string }>(app.db, sql`SELECT relkind::text AS kind FROM pg_class WHERE oid = to_regclass('price_spans')`);
    expect(t).toEqual({ kind: 'r' });
    expect(await partitionsOf()).toEqual([]);
  });
});

describe('price_spans on either backend', () => {
  it('takes observations: a new span, an extension, a repeat ignored, the primary key enforced', async () => {
    const [{ id: productId } = { id: 0 }] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO products (name, country) VALUES ('Partition test', 'cz') RETURNING id`,
    );
    const shops = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code IN ('albert-prg-andel', 'lidl-prg-smichov') ORDER BY id`);
    const o = (shopId: number, day: string, regular: number) => ({ productId, shopId, day, regular, promo: null, inStock: true, source: 'parser' as const });
    expect(await recordObservations(app.db, [o(shops[0]!.id, '2026-11-01', 1000), o(shops[1]!.id, '2026-11-01', 1100)])).toEqual({
      extended: 0,
      opened: 2,
      ignored: 0,
    });
    expect(await recordObservations(app.db, [o(shops[0]!.id, '2026-11-02', 1000), o(shops[1]!.id, '2026-11-02', 1200)])).toEqual({
      extended: 1,
      opened: 1,
      ignored: 0,
    });
    expect(await recordObservations(app.db, [o(shops[0]!.id, '2026-11-02', 900)])).toEqual({ extended: 0, opened: 0, ignored: 1 });
    const spans = await queryRows<{ shop_id: number; start_day: string; end_day: string; regular: number }>(
      app.db,
      sql`SELECT shop_id, start_day::text, end_day::text, regular FROM price_spans WHERE product_id = ${productId} ORDER BY shop_id, start_day`,
    );
    expect(spans).toEqual([
      { shop_id: shops[0]!.id, start_day: '2026-11-01', end_day: '2026-11-02', regular: 1000 },
      { shop_id: shops[1]!.id, start_day: '2026-11-01', end_day: '2026-11-01', regular: 1100 },
      { shop_id: shops[1]!.id, start_day: '2026-11-02', end_day: '2026-11-02', regular: 1200 },
    ]);
    // The primary key still holds across the partitioned table.
    await expect(
      app.db.execute(sql`INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, in_stock, source)
                         VALUES (${productId}, ${shops[0]!.id}, '2026-11-01', '2026-11-01', 1, true, 0)`),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });
});
