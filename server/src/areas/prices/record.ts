/**
 * Recording observed prices into the change-point history (docs/catalogue.md "Price history"): an
 * observation equal to the open span of its product × shop (same regular, promo and stock) extends the
 * span to its day; a different one opens a new span and becomes the current price. One set-based
 * statement per batch — parsers, manual entries and retail feeds all come through here.
 *
 * Observations older than (or on) the last observed day of their pair are ignored: the history only
 * moves forward (corrections of the past are a separate rebuild). A gap between two equal
 * observations is taken as unchanged.
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { PRICE_SOURCES, type PriceSource } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';

export type Observation = {
  productId: number;
  shopId: number;
  /** 'YYYY-MM-DD'. */
  day: string;
  /** Minor units. */
  regular: number;
  promo: number | null;
  inStock: boolean;
  source: PriceSource;
};

export async function recordObservations(db: Db, observations: Observation[]): Promise<{ extended: number; opened: number; ignored: number }> {
  // One observation per pair and batch: the latest day wins.
  const latest = new Map<string, Observation>();
  for (const o of observations) {
    const key = `${o.productId}:${o.shopId}`;
    const prev = latest.get(key);
    if (!prev || o.day > prev.day) latest.set(key, o);
  }
  const obs = [...latest.values()];
  if (!obs.length) return { extended: 0, opened: 0, ignored: 0 };
  const col = <T>(f: (o: Observation) => T) => sql.param(obs.map(f));
  // The shops' locks (migration 0018, docs/analytics.md "Locks") are held to commit: in a transaction of
  // its own unless the caller's (a savepoint then).
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT price_spans_lock_shops(${sql.param([...new Set(obs.map((o) => o.shopId))])}::int[])`);
    const [r] = await queryRows<{ extended: number; opened: number }>(tx, observationsSql(col));
    await tx.execute(sql`SELECT price_spans_unlock_shops()`);
    return r;
  });
  const extended = Number(row?.extended ?? 0);
  const opened = Number(row?.opened ?? 0);
  return { extended, opened, ignored: obs.length - extended - opened };
}

/**
 * The one statement of a batch: spans extended or opened, current prices upserted.
 *
 * The batch's rows are read by subscript (generate_subscripts) rather than unnest: the planner then guesses 1000
 * rows whatever the batch's size, and probes the spans' primary key once per observation. Given the true size (unnest
 * tells it), a batch of a few thousand already made it hash the whole history instead — it costs a probe of the
 * partitioned spans as one per partition, though only the product's partition is read at run time — and a 10k batch
 * read all 10.4M spans of the bench catalogue (docs/database.md "At scale"). The open span's source comes from the
 * same current-prices row as its figures, not from a second probe per row.
 */
function observationsSql(col: <T>(f: (o: Observation) => T) => SQLWrapper) {
  return sql`WITH a AS (
          SELECT ${col((o) => o.productId)}::int[] AS p, ${col((o) => o.shopId)}::int[] AS s, ${col((o) => o.day)}::date[] AS d,
                 ${col((o) => o.regular)}::int[] AS r, ${col((o) => o.promo)}::int[] AS pr, ${col((o) => o.inStock)}::bool[] AS st,
                 ${col((o) => PRICE_SOURCES.indexOf(o.source))}::smallint[] AS src
        ),
        o AS (
          SELECT a.p[i] AS product_id, a.s[i] AS shop_id, a.d[i] AS day, a.r[i] AS regular, a.pr[i] AS promo, a.st[i] AS in_stock,
                 a.src[i] AS source
          FROM a CROSS JOIN LATERAL generate_subscripts(a.p, 1) AS i
        ),
        cur AS (
          SELECT o.*, cp.start_day AS cur_start, cp.source AS cur_source,
                 (cp.product_id IS NOT NULL AND cp.regular = o.regular AND cp.promo IS NOT DISTINCT FROM o.promo
                  AND cp.in_stock = o.in_stock) AS same
          FROM o LEFT JOIN current_prices cp ON cp.product_id = o.product_id AND cp.shop_id = o.shop_id
          WHERE cp.product_id IS NULL OR o.day > cp.last_seen
        ),
        ext AS (
          UPDATE price_spans ps SET end_day = cur.day FROM cur
          WHERE cur.same AND ps.product_id = cur.product_id AND ps.shop_id = cur.shop_id AND ps.start_day = cur.cur_start
          RETURNING 1
        ),
        ins AS (
          INSERT INTO price_spans (product_id, shop_id, start_day, end_day, regular, promo, in_stock, source)
          SELECT product_id, shop_id, day, day, regular, promo, in_stock, source FROM cur WHERE NOT cur.same
          ON CONFLICT DO NOTHING
          RETURNING 1
        ),
        up AS (
          INSERT INTO current_prices (product_id, shop_id, start_day, last_seen, regular, promo, in_stock, source)
          SELECT product_id, shop_id, CASE WHEN same THEN cur_start ELSE day END, day, regular, promo, in_stock,
                 CASE WHEN same THEN cur_source ELSE source END
          FROM cur
          ON CONFLICT (product_id, shop_id) DO UPDATE SET start_day = EXCLUDED.start_day, last_seen = EXCLUDED.last_seen,
            regular = EXCLUDED.regular, promo = EXCLUDED.promo, in_stock = EXCLUDED.in_stock, source = EXCLUDED.source
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM ext)::int AS extended, (SELECT count(*) FROM ins)::int AS opened, (SELECT count(*) FROM up)::int AS upserted`;
}
