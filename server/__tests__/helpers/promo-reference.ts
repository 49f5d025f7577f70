/**
 * Promo analysis computed straight from the spans (docs/promo-analysis.md "Definitions"), independent of the server's
 * SQL and of the kept tables: the reference promo-analysis-totals and the attack files on the promo upkeep compare
 * the server's answers with.
 */
import type { PromoGroup } from '@pricewatch/shared/contract';
import { addDays, dayNumber } from '../../src/lib/days';

export type Span = { product_id: number; shop_id: number; start_day: string; end_day: string; regular: number; promo: number | null };
export type Ref = {
  key: string;
  products: number;
  promoProducts: number;
  avgDepthPct: number | null;
  maxDepthPct: number | null;
  avgDurationDays: number | null;
  promoCount: number;
};

const round1 = (n: number) => Math.round(n * 10) / 10;
export const iso = (d: string) => d.slice(0, 10);
export const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
const monday = (d: string) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));

/** The figures of docs/promo-analysis.md "Definitions", straight from the spans. */
export function reference(
  spans: Span[],
  start: string,
  end: string,
  groupBy: PromoGroup,
  info: { network: Map<number, string>; brand: Map<number, number | null>; section: Map<number, number | null> },
) {
  const keyOf = (s: { product_id: number; shop_id: number }) =>
    groupBy === 'network' ? info.network.get(s.shop_id)! : String(info[groupBy].get(s.product_id) ?? 'none');
  const depth = (s: Span) => ((s.regular - s.promo!) / s.regular) * 100;
  const daysIn = (a: string, b: string) => {
    const x = a > start ? a : start;
    const y = b < end ? b : end;
    return x > y ? 0 : dayNumber(y) - dayNumber(x) + 1;
  };
  const groups = new Map<
    string,
    { products: Set<number>; promo: Set<number>; depthDays: number; promoDays: number; max: number | null; promos: Map<string, number> }
  >();
  const acc = (k: string) => {
    if (!groups.has(k)) groups.set(k, { products: new Set(), promo: new Set(), depthDays: 0, promoDays: 0, max: null, promos: new Map() });
    return groups.get(k)!;
  };
  const weeks = new Map<string, { priced: Set<number>; promo: Set<number> }>();
  for (const s of spans) {
    const d = daysIn(s.start_day, s.end_day);
    if (!d) continue;
    const a = acc(keyOf(s));
    a.products.add(s.product_id);
    if (s.promo !== null) {
      a.promo.add(s.product_id);
      a.depthDays += depth(s) * d;
      a.promoDays += d;
    }
    for (let day = s.start_day > start ? s.start_day : start; day <= s.end_day && day <= end; day = addDays(day, 1)) {
      const wk = `${info.network.get(s.shop_id)}|${monday(day)}`;
      if (!weeks.has(wk)) weeks.set(wk, { priced: new Set(), promo: new Set() });
      weeks.get(wk)!.priced.add(s.product_id);
      if (s.promo !== null) weeks.get(wk)!.promo.add(s.product_id);
    }
  }
  // Promo runs (adjacent promo spans of a pair) touching the period; one promo per network × product × first day,
  // the runs started before the period on start − 1; its length the longest run's days in the period.
  const byPair = new Map<string, Span[]>();
  for (const s of spans) byPair.set(`${s.product_id}:${s.shop_id}`, [...(byPair.get(`${s.product_id}:${s.shop_id}`) ?? []), s]);
  const pairRuns = new Map<string, { first: string; last: string; max: number }[]>();
  for (const [pair, list] of byPair) {
    list.sort((x, y) => x.start_day.localeCompare(y.start_day));
    const runs: { first: string; last: string; max: number }[] = [];
    for (const s of list) {
      const last = runs[runs.length - 1];
      if (s.promo === null) continue;
      if (last && addDays(last.last, 1) === s.start_day) {
        last.last = s.end_day;
        last.max = Math.max(last.max, depth(s));
      } else runs.push({ first: s.start_day, last: s.end_day, max: depth(s) });
    }
    pairRuns.set(pair, runs);
  }
  // A promo's depth is the deepest of its runs (the runs of the product in the network's shops starting that day),
  // counted when the promo runs on a day of the period (docs/promo-analysis.md).
  const promoDepth = new Map<string, number>();
  for (const [pair, runs] of pairRuns) {
    const s0 = byPair.get(pair)![0]!;
    for (const r of runs) {
      const k = `${info.network.get(s0.shop_id)}|${s0.product_id}|${r.first}`;
      promoDepth.set(k, Math.max(promoDepth.get(k) ?? -Infinity, r.max));
    }
  }
  for (const [pair, runs] of pairRuns) {
    const s0 = byPair.get(pair)![0]!;
    for (const r of runs) {
      const d = daysIn(r.first, r.last);
      if (!d) continue;
      const a = acc(keyOf(s0));
      a.max = Math.max(a.max ?? -Infinity, promoDepth.get(`${info.network.get(s0.shop_id)}|${s0.product_id}|${r.first}`)!);
      const first = r.first < start ? addDays(start, -1) : r.first;
      const promo = `${info.network.get(s0.shop_id)}|${s0.product_id}|${first}`;
      a.promos.set(promo, Math.max(a.promos.get(promo) ?? 0, d));
    }
  }
  const rows: Ref[] = [...groups.entries()].map(([key, a]) => {
    const lengths = [...a.promos.values()];
    return {
      key,
      products: a.products.size,
      promoProducts: a.promo.size,
      avgDepthPct: a.promoDays ? round1(a.depthDays / a.promoDays) : null,
      maxDepthPct: a.max === null ? null : round1(a.max),
      avgDurationDays: lengths.length ? round1(lengths.reduce((x, y) => x + y, 0) / lengths.length) : null,
      promoCount: [...a.promos.keys()].filter((k) => k.split('|')[2]! >= start).length,
    };
  });
  const weekly = [...weeks.entries()]
    .map(([k, w]) => ({ week: k.split('|')[1]!, network: k.split('|')[0]!, promoSharePct: round1((w.promo.size / w.priced.size) * 100) }))
    .sort((x, y) => x.week.localeCompare(y.week) || x.network.localeCompare(y.network));
  return { rows: rows.sort((x, y) => x.key.localeCompare(y.key)), weekly };
}
