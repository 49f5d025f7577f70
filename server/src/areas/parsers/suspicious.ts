/**
 * The sanity guard of parser prices (docs/parsers.md "Sanity guard"). Before a run's prices are
 * recorded, each observation is compared with (a) the product's current price in that shop and (b) the
 * median of the same product in the other shops of the shop's network on the same day (what is already
 * recorded that day plus the batch's other observations). Moving more than the configured share from
 * either holds it in `suspicious_prices`: not written, no alarm, until someone confirms (then it is
 * written for its day through the same record path) or rejects it (then it is a problem of its run).
 * Everything here takes the caller's handle: inside a transaction that is the transaction's.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SUSPICIOUS_REFERENCES, type SuspiciousPrice } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';
import { asIsoDay } from '../../lib/days';
import type { Observation } from '../prices/plugin';

export const DEFAULT_PRICE_GUARD_SHARE = 0.5;

/** An observation with where it came from: what a held row keeps to be judged by a person. */
export type SourcedObservation = Observation & { url: string; text: string | null; seq: number | null; currency: string | null };
type Reference = (typeof SUSPICIOUS_REFERENCES)[number];
type HeldObservation = SourcedObservation & { oldPrice: number; reference: Reference };

const effective = (o: { regular: number; promo: number | null }) => o.promo ?? o.regular;
const moved = (price: number, reference: number, share: number) => reference > 0 && Math.abs(price - reference) / reference > share;

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : Math.round((v[mid - 1]! + v[mid]!) / 2);
}

/** Splits a batch into the observations to record and those to hold; no reference → recorded. */
export async function screenObservations<T extends SourcedObservation>(
  db: Db,
  observations: T[],
  share: number,
): Promise<{ accepted: T[]; held: (T & { oldPrice: number; reference: Reference })[] }> {
  if (!observations.length) return { accepted: [], held: [] };
  const products = [...new Set(observations.map((o) => o.productId))];
  const shops = [...new Set(observations.map((o) => o.shopId))];
  const days = [...new Set(observations.map((o) => o.day))];
  const networkOf = new Map(
    (await queryRows<{ id: number; network_id: number }>(db, sql`SELECT id, network_id FROM shops WHERE id = ANY(${sql.param(shops)}::int[])`)).map((r) => [
      Number(r.id),
      Number(r.network_id),
    ]),
  );
  const networks = [...new Set(networkOf.values())];
  // The current price of every product of the batch in every shop of the batch's networks: the pair's own
  // row is reference (a); the others, when last seen on the observation's day, feed the median (b).
  const rows = await queryRows<{ product_id: number; shop_id: number; network_id: number; last_seen: string | Date; regular: number; promo: number | null }>(
    db,
    sql`SELECT cp.product_id, cp.shop_id, s.network_id, cp.last_seen, cp.regular, cp.promo
      FROM current_prices cp JOIN shops s ON s.id = cp.shop_id
      WHERE cp.product_id = ANY(${sql.param(products)}::int[])
        AND (cp.shop_id = ANY(${sql.param(shops)}::int[])
             OR (s.network_id = ANY(${sql.param(networks)}::int[]) AND cp.last_seen = ANY(${sql.param(days)}::date[])))`,
  );
  const current = new Map<string, { lastSeen: string; price: number }>();
  const sameDay = new Map<string, { shopId: number; price: number }[]>();
  const dayKey = (productId: number, networkId: number, day: string) => `${productId}:${networkId}:${day}`;
  const push = (key: string, v: { shopId: number; price: number }) => {
    const list = sameDay.get(key);
    if (list) list.push(v);
    else sameDay.set(key, [v]);
  };
  for (const r of rows) {
    const price = effective({ regular: Number(r.regular), promo: r.promo === null ? null : Number(r.promo) });
    const lastSeen = asIsoDay(r.last_seen);
    current.set(`${r.product_id}:${r.shop_id}`, { lastSeen, price });
    push(dayKey(Number(r.product_id), Number(r.network_id), lastSeen), { shopId: Number(r.shop_id), price });
  }
  for (const o of observations) {
    const net = networkOf.get(o.shopId);
    if (net !== undefined) push(dayKey(o.productId, net, o.day), { shopId: o.shopId, price: effective(o) });
  }

  const accepted: T[] = [];
  const held: (T & { oldPrice: number; reference: Reference })[] = [];
  for (const o of observations) {
    const price = effective(o);
    const own = current.get(`${o.productId}:${o.shopId}`);
    // A day already recorded is ignored by the record path anyway: nothing to guard.
    if (own && o.day <= own.lastSeen) {
      accepted.push(o);
      continue;
    }
    if (own && moved(price, own.price, share)) {
      held.push({ ...o, oldPrice: own.price, reference: 'shop' });
      continue;
    }
    const net = networkOf.get(o.shopId);
    const others = net === undefined ? [] : (sameDay.get(dayKey(o.productId, net, o.day)) ?? []).filter((v) => v.shopId !== o.shopId).map((v) => v.price);
    const m = others.length ? median(others) : null;
    if (m !== null && moved(price, m, share)) held.push({ ...o, oldPrice: m, reference: 'network' });
    else accepted.push(o);
  }
  return { accepted, held };
}

/**
 * Keeps held observations, one waiting row per product × shop: a later run's held price for the same
 * pair replaces the waiting one (it is the newer reading of the same page), so the queue never floods.
 */
export async function holdObservations(db: Db, run: { id: number; parserId: number }, held: HeldObservation[]): Promise<number> {
  const byPair = new Map<string, HeldObservation>();
  for (const h of held) byPair.set(`${h.productId}:${h.shopId}`, h);
  const rows = [...byPair.values()];
  if (!rows.length) return 0;
  const col = <T>(f: (h: HeldObservation) => T) => sql.param(rows.map(f));
  await db.execute(sql`INSERT INTO suspicious_prices (run_id, parser_id, item_seq, product_id, shop_id, day, regular, promo, in_stock, currency, old_price, reference, text, url)
    SELECT ${run.id}, ${run.parserId}, * FROM unnest(${col((h) => h.seq)}::int[], ${col((h) => h.productId)}::int[], ${col((h) => h.shopId)}::int[],
      ${col((h) => h.day)}::date[], ${col((h) => h.regular)}::int[], ${col((h) => h.promo)}::int[], ${col((h) => h.inStock)}::bool[],
      ${col((h) => h.currency)}::text[], ${col((h) => h.oldPrice)}::int[], ${col((h) => h.reference)}::text[], ${col((h) => h.text)}::text[], ${col((h) => h.url)}::text[])
    ON CONFLICT (product_id, shop_id) WHERE decision IS NULL DO UPDATE SET
      run_id = EXCLUDED.run_id, parser_id = EXCLUDED.parser_id, item_seq = EXCLUDED.item_seq, day = EXCLUDED.day, regular = EXCLUDED.regular,
      promo = EXCLUDED.promo, in_stock = EXCLUDED.in_stock, currency = EXCLUDED.currency, old_price = EXCLUDED.old_price,
      reference = EXCLUDED.reference, text = EXCLUDED.text, url = EXCLUDED.url, created_at = now()`);
  return rows.length;
}

// ---- the queue ------------------------------------------------------------------------------------

type SuspiciousRow = {
  id: number;
  run_id: number;
  parser_id: number;
  item_seq: number | null;
  product_id: number;
  shop_id: number;
  day: string | Date;
  regular: number;
  promo: number | null;
  in_stock: boolean;
  currency: string | null;
  old_price: number;
  reference: Reference;
  text: string | null;
  url: string;
  created_at: string | Date;
  decided_at: string | Date | null;
  decision: 'confirmed' | 'rejected' | null;
  parser_name: string;
  network_id: number;
  network: string;
  country: string;
  product_name: string;
  shop_name: string;
};

const ROW = sql.raw(`sp.id, sp.run_id, sp.parser_id, sp.item_seq, sp.product_id, sp.shop_id, sp.day, sp.regular, sp.promo, sp.in_stock, sp.currency,
  sp.old_price, sp.reference, sp.text, sp.url, sp.created_at, sp.decided_at, sp.decision, p.name AS parser_name, p.network_id, n.code AS network,
  s.country, pr.name AS product_name, s.name AS shop_name`);
const FROM = sql.raw(`suspicious_prices sp JOIN parsers p ON p.id = sp.parser_id JOIN networks n ON n.id = p.network_id
  JOIN shops s ON s.id = sp.shop_id JOIN products pr ON pr.id = sp.product_id`);

export async function listSuspicious(db: Db, f: { networkIds: number[] | null; parserId?: number; networkId?: number; limit: number; skip: number }) {
  const conds: SQL[] = [sql`sp.decision IS NULL`];
  if (f.networkIds) conds.push(sql`p.network_id = ANY(${sql.param(f.networkIds)}::int[])`);
  if (f.parserId !== undefined) conds.push(sql`sp.parser_id = ${f.parserId}`);
  if (f.networkId !== undefined) conds.push(sql`p.network_id = ${f.networkId}`);
  const where = sql.join(conds, sql` AND `);
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`);
  const rows = await queryRows<SuspiciousRow>(db, sql`SELECT ${ROW} FROM ${FROM} WHERE ${where} ORDER BY sp.id DESC LIMIT ${f.limit} OFFSET ${f.skip}`);
  return { rows, total: Number(count?.n ?? 0) };
}

export const suspiciousRow = async (db: Db, id: number) => (await queryRows<SuspiciousRow>(db, sql`SELECT ${ROW} FROM ${FROM} WHERE sp.id = ${id}`))[0] ?? null;

/**
 * Marks a waiting row decided; null when it was not waiting any more. The conditional UPDATE is the
 * lock: of two decisions at once the second waits for the first's row lock, then finds it decided.
 */
export async function markDecided(db: Db, id: number, decision: 'confirmed' | 'rejected', userId: string) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`UPDATE suspicious_prices SET decision = ${decision}, decided_at = now(), decided_by = ${userId}::uuid
      WHERE id = ${id} AND decision IS NULL RETURNING id`,
  );
  return !!row;
}

/** A rejected price becomes a problem of its run: its page's item and the run's counts by kind. */
export async function recordRejection(db: Db, row: SuspiciousRow): Promise<void> {
  const money = (minor: number) => (minor / 100).toFixed(2);
  const message = `price ${money(effective({ regular: Number(row.regular), promo: row.promo === null ? null : Number(row.promo) }))} rejected as suspicious (${
    row.reference === 'shop' ? 'last price in the shop' : "network's median"
  } ${money(Number(row.old_price))})`;
  const updated = await queryRows<{ seq: number }>(
    db,
    sql`UPDATE parser_run_items SET problem_kind = 'suspicious_price', problem = ${message}
      WHERE run_id = ${row.run_id} AND seq = ${row.item_seq} RETURNING seq`,
  );
  if (!updated.length) {
    // The page's item is gone (a retried run): the problem still belongs to the run.
    await db.execute(sql`INSERT INTO parser_run_items (run_id, seq, url, product_id, price, promo, currency, in_stock, problem_kind, problem)
      SELECT ${row.run_id}, COALESCE(max(seq), -1) + 1, ${row.url}, ${row.product_id}, ${effective(row)}, ${row.promo !== null}, ${row.currency},
             ${row.in_stock}, 'suspicious_price', ${message}
      FROM parser_run_items WHERE run_id = ${row.run_id}`);
  }
  await db.execute(sql`UPDATE parser_runs SET errors = errors || jsonb_build_object('suspicious_price', COALESCE((errors->>'suspicious_price')::int, 0) + 1)
    WHERE id = ${row.run_id}`);
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const major = (minor: number) => minor / 100;

export function toSuspicious(r: SuspiciousRow): SuspiciousPrice {
  const promo = r.promo === null ? null : Number(r.promo);
  const regular = Number(r.regular);
  const price = promo ?? regular;
  const old = Number(r.old_price);
  return {
    _id: String(r.id),
    runId: String(r.run_id),
    parserId: String(r.parser_id),
    parserName: r.parser_name,
    network: r.network,
    country: r.country,
    productId: String(r.product_id),
    productName: r.product_name,
    shopId: String(r.shop_id),
    shopName: r.shop_name,
    day: asIsoDay(r.day),
    oldPrice: major(old),
    reference: r.reference,
    newPrice: major(price),
    regular: major(regular),
    promo: promo === null ? null : major(promo),
    inStock: r.in_stock,
    currency: r.currency,
    changePct: old > 0 ? Math.round(((price - old) / old) * 1000) / 10 : 0,
    text: r.text,
    url: r.url,
    createdAt: iso(r.created_at)!,
    decision: r.decision,
    decidedAt: iso(r.decided_at),
  };
}

/** The observation a confirmed row writes, as the runner would have. */
export const toObservation = (r: SuspiciousRow): Observation => ({
  productId: Number(r.product_id),
  shopId: Number(r.shop_id),
  day: asIsoDay(r.day),
  regular: Number(r.regular),
  promo: r.promo === null ? null : Number(r.promo),
  inStock: r.in_stock,
  source: 'parser',
});
