/**
 * The sanity guard of parser prices (docs/parsers.md "Sanity guard"). Before a run's prices are
 * recorded, each observation is compared with (a) the product's current price in that shop and (b) the
 * median of the same product in the other shops of the shop's network on the same day (what is already
 * recorded that day plus the batch's other observations). Moving more than the configured share from
 * either holds it in `suspicious_prices`: not written, no alarm, until someone confirms (then it is
 * written for its day through the same record path) or rejects it (then it is a problem of its run).
 * Its SQL is in queries-suspicious.ts; everything here takes the caller's handle: inside a transaction
 * that is the transaction's.
 */
import type { SUSPICIOUS_REFERENCES, SuspiciousPrice } from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import type { Observation } from '../prices/plugin';
import type { ParsersQueries } from './queries';
import type { SuspiciousRow } from './queries-suspicious';

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
  q: Pick<ParsersQueries, 'shopNetworks' | 'referencePrices'>,
  observations: T[],
  share: number,
  tx: Db,
): Promise<{ accepted: T[]; held: (T & { oldPrice: number; reference: Reference })[] }> {
  if (!observations.length) return { accepted: [], held: [] };
  const productIds = [...new Set(observations.map((o) => o.productId))];
  const shopIds = [...new Set(observations.map((o) => o.shopId))];
  const days = [...new Set(observations.map((o) => o.day))];
  const networkOf = new Map((await q.shopNetworks(shopIds, tx)).map((r) => [r.id, r.networkId]));
  const networkIds = [...new Set(networkOf.values())];
  // The current price of every product of the batch in every shop of the batch's networks: the pair's own
  // row is reference (a); the others, when last seen on the observation's day, feed the median (b).
  const rows = await q.referencePrices({ productIds, shopIds, networkIds, days }, tx);
  const current = new Map<string, { lastSeen: string; price: number }>();
  const sameDay = new Map<string, { shopId: number; price: number }[]>();
  const dayKey = (productId: number, networkId: number, day: string) => `${productId}:${networkId}:${day}`;
  const push = (key: string, v: { shopId: number; price: number }) => {
    const list = sameDay.get(key);
    if (list) list.push(v);
    else sameDay.set(key, [v]);
  };
  for (const r of rows) {
    const price = effective(r);
    current.set(`${r.productId}:${r.shopId}`, { lastSeen: r.lastSeen, price });
    push(dayKey(r.productId, r.networkId, r.lastSeen), { shopId: r.shopId, price });
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
export async function holdObservations(
  q: Pick<ParsersQueries, 'insertHeld'>,
  run: { id: number; parserId: number },
  held: HeldObservation[],
  tx: Db,
): Promise<number> {
  const byPair = new Map<string, HeldObservation>();
  for (const h of held) byPair.set(`${h.productId}:${h.shopId}`, h);
  const rows = [...byPair.values()];
  await q.insertHeld(run, rows, tx);
  return rows.length;
}

// ---- the queue ------------------------------------------------------------------------------------

/** A rejected price becomes a problem of its run: its page's item and the run's counts by kind. */
export async function recordRejection(q: Pick<ParsersQueries, 'recordRejectionProblem'>, row: SuspiciousRow, tx: Db): Promise<void> {
  const money = (minor: number) => (minor / 100).toFixed(2);
  const message = `price ${money(effective(row))} rejected as suspicious (${
    row.reference === 'shop' ? 'last price in the shop' : "network's median"
  } ${money(row.oldPrice)})`;
  await q.recordRejectionProblem({ ...row, price: effective(row), message }, tx);
}

const iso = (v: Date | null) => (v === null ? null : v.toISOString());
const major = (minor: number) => minor / 100;

export function toSuspicious(r: SuspiciousRow): SuspiciousPrice {
  const price = effective(r);
  return {
    _id: String(r.id),
    runId: String(r.runId),
    parserId: String(r.parserId),
    parserName: r.parserName,
    network: r.network,
    country: r.country,
    productId: String(r.productId),
    productName: r.productName,
    shopId: String(r.shopId),
    shopName: r.shopName,
    day: r.day,
    oldPrice: major(r.oldPrice),
    reference: r.reference,
    newPrice: major(price),
    regular: major(r.regular),
    promo: r.promo === null ? null : major(r.promo),
    inStock: r.inStock,
    currency: r.currency,
    changePct: r.oldPrice > 0 ? Math.round(((price - r.oldPrice) / r.oldPrice) * 1000) / 10 : 0,
    text: r.text,
    url: r.url,
    createdAt: r.createdAt.toISOString(),
    decision: r.decision,
    decidedAt: iso(r.decidedAt),
  };
}

/** The observation a confirmed row writes, as the runner would have. */
export const toObservation = (r: SuspiciousRow): Observation => ({
  productId: r.productId,
  shopId: r.shopId,
  day: r.day,
  regular: r.regular,
  promo: r.promo,
  inStock: r.inStock,
  source: 'parser',
});
