/**
 * Alarm evaluation, set-based (docs/alarms.md "Evaluation"): the (product, shop) pairs whose prices
 * were just written are joined to alarm_targets (one row per watched alarm × product × shop, with the
 * state of the last evaluation), the rule is computed in SQL against current_prices, firings are
 * inserted for targets whose condition turned true, and the state is stored — one statement per batch,
 * so a batch is evaluated entirely or not at all.
 *
 * Firing is edge-triggered: a target fires when its condition becomes true, never again while it stays
 * true (the same price observed again fires nothing), and is re-armed once the condition is false.
 */
import { sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import { queryRows, type Db } from '../../db/client';
import { alarmTargets } from '../../db/schema';
import { todayIso } from '../../lib/days';

export type PricePair = { productId: number; shopId: number };

/** Any constant shared by all server processes of one database. */
const EVALUATION_LOCK_KEY = 7_210_777;

/** Pairs per evaluation statement. */
const EVALUATE_BATCH = 50_000;

/** The compared price of a current_prices row: promo counts unless the alarm says regular only. */
const priceOf = (cp: string) => sql.raw(`(CASE WHEN a.promo_counts THEN coalesce(${cp}.promo, ${cp}.regular) ELSE ${cp}.regular END)`);

/**
 * The rule's condition for alias `cp` (the watched pair's current price) and `oc` (the own shop's),
 * on an alarm `a`. Never NULL: a missing price or own price means "does not hold".
 */
function conditionSql(): SQL {
  const price = priceOf('cp');
  const own = priceOf('oc');
  return sql`coalesce(cp.product_id IS NOT NULL AND CASE a.rule
      WHEN 'below' THEN cp.in_stock AND ${price} < round(a.value * 100)
      WHEN 'above' THEN cp.in_stock AND ${price} > round(a.value * 100)
      WHEN 'diff_pct' THEN cp.in_stock AND ${own} > 0 AND (${own} - ${price}) * 100.0 >= a.value * ${own}
      WHEN 'diff_money' THEN cp.in_stock AND ${own} - ${price} >= round(a.value * 100)
      WHEN 'promo_start' THEN cp.promo IS NOT NULL
      WHEN 'promo_end' THEN cp.promo IS NULL
      WHEN 'in_stock' THEN cp.in_stock
      WHEN 'out_of_stock' THEN NOT cp.in_stock
      ELSE false END, false)`;
}

/**
 * Whether a target fires now: its condition holds and did not at the last evaluation. A target never
 * evaluated with a price (state NULL) fires on a first price that meets the rule, except for the
 * "something ended" rules, which need to have seen it start.
 */
const firesSql = sql`ev.holds_now AND (ev.was IS FALSE OR (ev.was IS NULL AND ev.rule NOT IN ('promo_end', 'out_of_stock')))`;

/**
 * (Re)builds the targets of these alarms from their product and shop lists, with the state taken from
 * the current prices: an alarm fires on changes after it was set, not for what is already true.
 */
export async function rebuildTargets(db: Db, alarmIds: number[]): Promise<void> {
  if (!alarmIds.length) return;
  const ids = sql.param(alarmIds);
  await db.delete(alarmTargets).where(anyOf(alarmTargets.alarmId, alarmIds, 'int'));
  // Raw sql: a bulk load (every alarm × product × shop with its rule computed, in one statement).
  await db.execute(sql`
    INSERT INTO alarm_targets (alarm_id, product_id, shop_id, holds, last_price)
    SELECT a.id, p.pid, s.sid, CASE WHEN cp.product_id IS NULL THEN NULL ELSE ${conditionSql()} END, ${priceOf('cp')}
    FROM alarms a
    CROSS JOIN LATERAL unnest(a.product_ids) AS p(pid)
    CROSS JOIN LATERAL unnest(a.shop_ids) AS s(sid)
    LEFT JOIN current_prices cp ON cp.product_id = p.pid AND cp.shop_id = s.sid
    LEFT JOIN current_prices oc ON oc.product_id = p.pid AND oc.shop_id = a.original_shop_id
    WHERE a.id = ANY(${ids}::int[])
    ON CONFLICT DO NOTHING`);
}

export type EvaluationResult = {
  /** The pairs were handed to the background job, not evaluated yet (the figures below are 0). */
  queued?: boolean;
  /** Targets looked at. */
  evaluated: number;
  fired: number;
  /** Firings per owner (user id → count), for immediate e-mails. */
  owners: Map<string, number>;
};

/** Evaluates the alarms touched by these written pairs; `today` decides the alarms' active periods. */
export async function evaluatePairs(db: Db, pairs: PricePair[], today = todayIso()): Promise<EvaluationResult> {
  const result: EvaluationResult = { evaluated: 0, fired: 0, owners: new Map() };
  for (let from = 0; from < pairs.length; from += EVALUATE_BATCH) {
    const batch = pairs.slice(from, from + EVALUATE_BATCH);
    // One evaluation at a time per database, whichever process runs it: a target is never fired twice.
    const rows = await db.transaction(async (tx) => {
      // Raw sql: an advisory lock, and the evaluation is one set-based statement (docs/alarms.md);
      // its counts are cast to int in SQL, so both drivers answer numbers.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${EVALUATION_LOCK_KEY})`);
      return queryRows<{ owner_id: string | null; fired: number; evaluated: number }>(
        tx,
        sql`WITH touched AS (
            SELECT DISTINCT product_id, shop_id
            FROM unnest(${sql.param(batch.map((p) => p.productId))}::int[], ${sql.param(batch.map((p) => p.shopId))}::int[])
              AS x(product_id, shop_id)
          ),
          hit AS (
            SELECT t.alarm_id, t.product_id, t.shop_id
            FROM touched x JOIN alarm_targets t ON t.product_id = x.product_id AND t.shop_id = x.shop_id
            UNION
            -- The own shop's price moved: every comparison with it may have changed.
            SELECT t.alarm_id, t.product_id, t.shop_id
            FROM touched x
            JOIN alarms a ON a.original_shop_id = x.shop_id AND a.rule IN ('diff_pct', 'diff_money')
            JOIN alarm_targets t ON t.alarm_id = a.id AND t.product_id = x.product_id
          ),
          ev AS (
            SELECT t.alarm_id, t.product_id, t.shop_id, t.holds AS was, t.last_price AS old_price,
                   a.owner_id, a.kind, a.name, a.rule, a.value,
                   ${priceOf('cp')} AS price, ${priceOf('oc')} AS own, ${conditionSql()} AS holds_now
            FROM hit h
            JOIN alarm_targets t ON t.alarm_id = h.alarm_id AND t.product_id = h.product_id AND t.shop_id = h.shop_id
            JOIN alarms a ON a.id = t.alarm_id
            JOIN current_prices cp ON cp.product_id = t.product_id AND cp.shop_id = t.shop_id
            LEFT JOIN current_prices oc ON oc.product_id = t.product_id AND oc.shop_id = a.original_shop_id
            WHERE a.enabled
              AND (a.start_day IS NULL OR a.start_day <= ${today}::date)
              AND (a.end_day IS NULL OR a.end_day >= ${today}::date)
          ),
          upd AS (
            UPDATE alarm_targets t SET holds = ev.holds_now, last_price = ev.price
            FROM ev
            WHERE t.alarm_id = ev.alarm_id AND t.product_id = ev.product_id AND t.shop_id = ev.shop_id
              AND (t.holds IS DISTINCT FROM ev.holds_now OR t.last_price IS DISTINCT FROM ev.price)
            RETURNING 1
          ),
          ins AS (
            INSERT INTO alarm_firings (alarm_id, owner_id, kind, alarm_name, product_id, shop_id, rule, value, old_price, new_price, own_price)
            SELECT ev.alarm_id, ev.owner_id, ev.kind, ev.name, ev.product_id, ev.shop_id, ev.rule, ev.value, ev.old_price, ev.price, ev.own
            FROM ev WHERE ${firesSql}
            RETURNING owner_id
          )
          SELECT owner_id::text AS owner_id, count(*)::int AS fired, (SELECT count(*) FROM ev)::int AS evaluated
          FROM ins GROUP BY owner_id
          UNION ALL
          SELECT NULL, 0, (SELECT count(*) FROM ev)::int + 0 * (SELECT count(*) FROM upd)::int`,
      );
    });
    for (const r of rows) {
      if (r.owner_id === null) {
        result.evaluated += r.evaluated;
        continue;
      }
      result.fired += r.fired;
      result.owners.set(r.owner_id, (result.owners.get(r.owner_id) ?? 0) + r.fired);
    }
  }
  return result;
}
