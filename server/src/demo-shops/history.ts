/**
 * The demo shops' price history, made once when a demo shop's parser is first set up: the generated
 * catalogue knows nothing of the demo shops' own prices (prices.ts), so without this a parser's first
 * day of real prices would differ wildly from the history before it, and the sanity guard would hold
 * most of them (docs/parsers.md "Sanity guard"). The history of each product a demo shop renders is
 * rewritten as its parser would have recorded it — demoPrice day by day — in the demo shop up to
 * yesterday (today's prices come from its first run) and, chain-wide, in the network's other shops that
 * sell it up to their last day, so the network's median agrees too.
 */
import { sql } from 'drizzle-orm';
import { PRICE_SOURCE_CODES } from '../db/schema';
import { insertColumns } from '../db/bulk';
import { queryRows, type Db } from '../db/client';
import { asIsoDay, dayNumber, isoDay } from '../lib/days';
import { demoPrice, type DemoPriced } from './prices';

/** Pairs without a history get this many days of it. */
const NEW_PAIR_DAYS = 90;

export async function alignDemoHistory(db: Db, shop: { id: number; code: string; networkId: number }, rendered: DemoPriced[], today: number): Promise<number> {
  if (!rendered.length) return 0;
  const byId = new Map(rendered.map((p) => [p.id, p]));
  const productIds = [...byId.keys()];
  const pairs = await queryRows<{ product_id: number; shop_id: number; first: string | Date | null; last: string | Date | null }>(
    db,
    sql`SELECT o.product_id, o.shop_id, min(ps.start_day) AS first, max(ps.end_day) AS last
      FROM offers o JOIN shops s ON s.id = o.shop_id
      LEFT JOIN price_spans ps ON ps.product_id = o.product_id AND ps.shop_id = o.shop_id
      WHERE s.network_id = ${shop.networkId} AND o.product_id = ANY(${sql.param(productIds)}::int[])
      GROUP BY o.product_id, o.shop_id`,
  );
  const spans: unknown[][] = [[], [], [], [], [], [], [], []];
  const current: unknown[][] = [[], [], [], [], [], [], [], []];
  for (const pair of pairs) {
    const productId = Number(pair.product_id);
    const shopId = Number(pair.shop_id);
    const own = shopId === shop.id;
    const from = pair.first === null ? today - NEW_PAIR_DAYS : dayNumber(asIsoDay(pair.first));
    const to = own ? today - 1 : pair.last === null ? today : dayNumber(asIsoDay(pair.last));
    let open: { start: number; end: number; regular: number; promo: number | null; inStock: boolean } | null = null;
    const close = (into: unknown[][], o: NonNullable<typeof open>, second: string) =>
      [productId, shopId, isoDay(o.start), second, o.regular, o.promo, o.inStock, PRICE_SOURCE_CODES.parser].forEach((v, i) => into[i]!.push(v));
    for (let day = from; day <= to; day++) {
      const p = demoPrice(byId.get(productId)!, shop.code, day);
      if (open && open.regular === p.regular && open.promo === p.promo && open.inStock === p.inStock) {
        open.end = day;
        continue;
      }
      if (open) close(spans, open, isoDay(open.end));
      open = { start: day, end: day, ...p };
    }
    if (open) {
      close(spans, open, isoDay(open.end));
      close(current, open, isoDay(open.end));
    }
  }
  const products = sql.param(pairs.map((p) => Number(p.product_id)));
  const shops = sql.param(pairs.map((p) => Number(p.shop_id)));
  await db.execute(sql`DELETE FROM price_spans ps USING unnest(${products}::int[], ${shops}::int[]) AS x(product_id, shop_id)
    WHERE ps.product_id = x.product_id AND ps.shop_id = x.shop_id`);
  await db.execute(sql`DELETE FROM current_prices cp USING unnest(${products}::int[], ${shops}::int[]) AS x(product_id, shop_id)
    WHERE cp.product_id = x.product_id AND cp.shop_id = x.shop_id`);
  const columns = (second: string) =>
    [
      { name: 'product_id', type: 'int' },
      { name: 'shop_id', type: 'int' },
      { name: 'start_day', type: 'date' },
      { name: second, type: 'date' },
      { name: 'regular', type: 'int' },
      { name: 'promo', type: 'int' },
      { name: 'in_stock', type: 'bool' },
      { name: 'source', type: 'smallint' },
    ] as const;
  await insertColumns(db, 'price_spans', columns('end_day'), spans);
  await insertColumns(db, 'current_prices', columns('last_seen'), current);
  return spans[0]!.length;
}
