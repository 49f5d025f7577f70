/**
 * price_day_totals checked against a count over price_spans written independently of the triggers (one row
 * per span-day): the rows that differ, none when the totals are right (docs/analytics.md).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client';

export async function totalsDiffFromSpans(db: Db): Promise<string[]> {
  // JIT off: PostgreSQL compiled this check for seconds on the guessed cost of generate_series.
  const diff = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return queryRows<{ k: string }>(
      tx,
      sql`WITH want AS (
          SELECT g.day::date AS day, ps.shop_id, coalesce(p.section_id, 0) AS section_id, count(*)::int AS priced,
                 count(*) FILTER (WHERE ps.promo IS NOT NULL)::int AS promo, sum(coalesce(ps.promo, ps.regular))::bigint AS price_sum
          FROM price_spans ps LEFT JOIN products p ON p.id = ps.product_id
          CROSS JOIN LATERAL generate_series(ps.start_day, ps.end_day, interval '1 day') AS g(day)
          GROUP BY 1, 2, 3
        ),
        have AS (SELECT day, shop_id, section_id, priced, promo, price_sum FROM price_day_totals WHERE priced <> 0 OR promo <> 0 OR price_sum <> 0)
        SELECT concat_ws('|', coalesce(w.day, h.day), coalesce(w.shop_id, h.shop_id), coalesce(w.section_id, h.section_id),
                         'want', w.priced, w.promo, w.price_sum, 'have', h.priced, h.promo, h.price_sum) AS k
        FROM want w FULL JOIN have h ON h.day = w.day AND h.shop_id = w.shop_id AND h.section_id = w.section_id
        WHERE w.priced IS DISTINCT FROM h.priced OR w.promo IS DISTINCT FROM h.promo OR w.price_sum IS DISTINCT FROM h.price_sum
        ORDER BY 1 LIMIT 10`,
    );
  });
  return diff.map((d) => d.k);
}

/**
 * price_pair_runs checked against runs computed here from the spans (adjacent spans of a pair; adjacent
 * promo spans, with their largest depth): the runs that differ, none when they are right.
 */
export async function runsDiffFromSpans(db: Db): Promise<string[]> {
  const spans = await queryRows<{ product_id: number; shop_id: number; start_day: string; end_day: string; regular: number; promo: number | null }>(
    db,
    sql`SELECT product_id, shop_id, start_day::text AS start_day, end_day::text AS end_day, regular, promo FROM price_spans ORDER BY product_id, shop_id, start_day`,
  );
  const next = (day: string) => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
  const want = new Set<string>();
  let priced: { key: string; first: string; last: string } | null = null;
  let promo: { key: string; first: string; last: string; max: number } | null = null;
  const closePriced = () => priced && want.add(`${priced.key}|f|${priced.first}|${priced.last}|`);
  const closePromo = () => promo && want.add(`${promo.key}|t|${promo.first}|${promo.last}|${promo.max.toFixed(6)}`);
  for (const s of spans) {
    const key = `${s.product_id}|${s.shop_id}`;
    if (priced && priced.key === key && next(priced.last) === s.start_day) priced.last = s.end_day;
    else {
      closePriced();
      priced = { key, first: s.start_day, last: s.end_day };
    }
    const depth = s.promo === null ? null : ((s.regular - s.promo) / s.regular) * 100;
    if (depth !== null && promo && promo.key === key && next(promo.last) === s.start_day) {
      promo.last = s.end_day;
      promo.max = Math.max(promo.max, depth);
    } else {
      closePromo();
      promo = depth === null ? null : { key, first: s.start_day, last: s.end_day, max: depth };
    }
  }
  closePriced();
  closePromo();
  const rows = await queryRows<{ k: string }>(
    db,
    sql`SELECT concat_ws('|', product_id, shop_id, CASE WHEN promo THEN 't' ELSE 'f' END, start_day::text, end_day::text,
                         coalesce(to_char(max_depth, 'FM999990.000000'), '')) AS k
        FROM price_pair_runs`,
  );
  const have = new Set(rows.map((r) => r.k));
  return [...[...want].filter((k) => !have.has(k)).map((k) => `missing ${k}`), ...[...have].filter((k) => !want.has(k)).map((k) => `extra ${k}`)].slice(0, 10);
}

/**
 * price_network_runs checked against rows computed here from price_pair_runs (docs/analytics.md "Network runs": per
 * network × product × promo the runs starting on one day, their longest end, deepest depth, count and days, and the
 * latest end of the rows starting earlier): the rows that differ, none when they are right.
 */
export async function networkRunsDiffFromPairRuns(db: Db): Promise<string[]> {
  const runs = await queryRows<{ network_id: number; product_id: number; promo: boolean; start_day: string; end_day: string; max_depth: number | null }>(
    db,
    sql`SELECT sh.network_id, r.product_id, r.promo, r.start_day::text AS start_day, r.end_day::text AS end_day, r.max_depth
        FROM price_pair_runs r JOIN shops sh ON sh.id = r.shop_id`,
  );
  const rows = new Map<string, { end: string; depth: number | null; runs: number; days: number }>();
  const dayNo = (d: string) => Date.parse(`${d.slice(0, 10)}T00:00:00Z`) / 86_400_000;
  for (const r of runs) {
    const key = `${r.network_id}|${r.product_id}|${r.promo ? 't' : 'f'}|${r.start_day.slice(0, 10)}`;
    const row = rows.get(key) ?? { end: '', depth: null, runs: 0, days: 0 };
    const end = r.end_day.slice(0, 10);
    if (end > row.end) row.end = end;
    if (r.max_depth !== null) row.depth = Math.max(row.depth ?? -Infinity, Number(r.max_depth));
    row.runs++;
    row.days += dayNo(end) - dayNo(r.start_day) + 1;
    rows.set(key, row);
  }
  const want = new Set<string>();
  const reach = new Map<string, string>();
  for (const key of [...rows.keys()].sort()) {
    const group = key.split('|').slice(0, 3).join('|');
    const row = rows.get(key)!;
    const prev = reach.get(group) ?? '';
    want.add(`${key}|${row.end}|${row.depth === null ? '' : row.depth.toFixed(6)}|${row.runs}|${row.days}|${prev}`);
    if (row.end > prev) reach.set(group, row.end);
  }
  const have = new Set(
    (
      await queryRows<{ k: string }>(
        db,
        sql`SELECT concat_ws('|', network_id, product_id, CASE WHEN promo THEN 't' ELSE 'f' END, start_day::text, end_day::text,
                             coalesce(to_char(max_depth, 'FM999990.000000'), ''), runs, run_days, coalesce(prev_end::text, '')) AS k
            FROM price_network_runs`,
      )
    ).map((r) => r.k),
  );
  return [...[...want].filter((k) => !have.has(k)).map((k) => `missing ${k}`), ...[...have].filter((k) => !want.has(k)).map((k) => `extra ${k}`)].slice(0, 10);
}
