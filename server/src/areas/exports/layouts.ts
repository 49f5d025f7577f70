/**
 * The three sheet layouts (contract EXPORT_TYPES explains what each holds). Each reads prices page by
 * page — a few thousand product × shop spans at a time, the next page's query started while the
 * current one is written — so an export never holds more than two pages in memory.
 *
 * Prices come from price_spans (change points); a span's days inside the period are
 * least(end_day, end) − greatest(start_day, start) + 1. Money leaves as decimal numbers (minor / 100).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ExportProductColumn } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';
import { addDays } from '../../lib/days';
import { round1, round2 } from '../../lib/money';
import type { DirShop } from '../../core/shop-directory';
import type { Plan } from './plan';
import type { Cell, SheetColumn } from './xlsx-stream';

/** Rows per page: big enough that queries are few, small enough that a page is a few MB. */
export const PAGE_ROWS = 20_000;

/** Rows handed to the writer together (one product's). */
export type Page = { rows: Cell[][] };

export type Layout = {
  sheet: string;
  columns: SheetColumn[];
  rowsExpected: number;
  pages(): AsyncGenerator<Page>;
};

const PRODUCT_HEADERS: Record<ExportProductColumn, SheetColumn> = {
  ean: { header: 'EAN', width: 16 },
  article: { header: 'Article', width: 12 },
  name: { header: 'Name', width: 44 },
  brand: { header: 'Brand', width: 16 },
  section: { header: 'Section', width: 16 },
  category: { header: 'Category', width: 16 },
  weight: { header: 'Weight', width: 10 },
};

type ProductInfo = { cells: Cell[] };

/** The product columns (and the own code) of a page of products, by id. */
async function productInfo(db: Db, plan: Plan, ids: number[]): Promise<Map<number, ProductInfo>> {
  const rows = await queryRows<{
    id: number;
    ean: string | null;
    article: string | null;
    name: string;
    brand: string | null;
    section: string | null;
    category: string | null;
    weight: number | null;
    unit: string | null;
    own_code: string | null;
  }>(
    db,
    sql`SELECT p.id, p.ean, p.article, p.name, b.name AS brand, se.name AS section, ca.name AS category, p.weight, p.unit,
               ${
                 plan.ownCodesNetwork === null
                   ? sql`NULL::text`
                   : sql`(SELECT min(o.shop_article) FROM offers o JOIN shops s ON s.id = o.shop_id
                          WHERE o.product_id = p.id AND s.network_id = ${plan.ownCodesNetwork})`
               } AS own_code
        FROM products p
        LEFT JOIN brands b ON b.id = p.brand_id
        LEFT JOIN sections se ON se.id = p.section_id
        LEFT JOIN categories ca ON ca.id = p.category_id
        WHERE p.id = ANY(${sql.param(ids)}::int[])`,
  );
  const out = new Map<number, ProductInfo>();
  for (const r of rows) {
    const cells: Cell[] = plan.productColumns.map((c) => {
      if (c === 'weight') return r.weight === null ? null : `${Number(r.weight)} ${r.unit ?? ''}`.trim();
      return r[c];
    });
    if (plan.ownCodesNetwork !== null) cells.push(r.own_code);
    out.set(r.id, { cells });
  }
  return out;
}

function productHeaders(plan: Plan): SheetColumn[] {
  const cols = plan.productColumns.map((c) => PRODUCT_HEADERS[c]);
  if (plan.ownCodesNetwork !== null) cols.push({ header: 'Own code', width: 14 });
  return cols;
}

const priceExpr = (plan: Plan): SQL => (plan.priceField === 'regular' ? sql`ps.regular` : sql`coalesce(ps.promo, ps.regular)`);

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Pages of products, each page's data loaded by `load`: the next page's load starts before the current
 * page is handed out, so on PostgreSQL the query runs while rows are written.
 */
async function* prefetched<T>(pages: number[][], load: (ids: number[]) => Promise<T>): AsyncGenerator<[number[], T]> {
  let next = pages.length ? load(pages[0]!) : null;
  for (let i = 0; i < pages.length; i++) {
    const current = await next!;
    next = i + 1 < pages.length ? load(pages[i + 1]!) : null;
    // An unawaited rejection of the prefetched page would be reported as unhandled if we stop early.
    next?.catch(() => undefined);
    yield [pages[i]!, current];
  }
}

// ---------------------------------------------------------------------------------------------------
// inline: products × days, a column per shop
// ---------------------------------------------------------------------------------------------------

function inlineLayout(db: Db, plan: Plan): Layout {
  const shops = plan.shops;
  const shopIndex = new Map(shops.map((s, i) => [s.id, i]));
  const shopIds = shops.map((s) => s.id);
  const dayNames = Array.from({ length: plan.days }, (_, d) => addDays(plan.start, d));
  const S = shops.length;
  const D = plan.days;
  const perPage = Math.max(1, Math.floor(PAGE_ROWS / D));

  const load = async (ids: number[]) => {
    const [spans, info] = await Promise.all([
      queryRows<{ p: number; s: number; a: number; b: number; v: number }>(
        db,
        sql`SELECT ps.product_id AS p, ps.shop_id AS s,
                   greatest(ps.start_day, ${plan.start}::date) - ${plan.start}::date AS a,
                   least(ps.end_day, ${plan.end}::date) - ${plan.start}::date AS b,
                   ${priceExpr(plan)} AS v
            FROM price_spans ps
            WHERE ps.product_id = ANY(${sql.param(ids)}::int[]) AND ps.shop_id = ANY(${sql.param(shopIds)}::int[])
              AND ps.start_day <= ${plan.end}::date AND ps.end_day >= ${plan.start}::date`,
      ),
      productInfo(db, plan, ids),
    ]);
    return { spans, info };
  };

  return {
    sheet: 'Prices',
    columns: [...productHeaders(plan), { header: 'Day', width: 11 }, ...shops.map((s) => ({ header: plan.label(s), width: 14 }))],
    rowsExpected: plan.products.length * D,
    async *pages() {
      const grid = new Float64Array(perPage * D * S);
      for await (const [ids, { spans, info }] of prefetched(chunk(plan.products, perPage), load)) {
        const slot = new Map(ids.map((id, i) => [id, i]));
        grid.fill(NaN, 0, ids.length * D * S);
        for (const r of spans) {
          const base = slot.get(r.p)! * D * S + shopIndex.get(r.s)!;
          const v = r.v / 100;
          for (let d = r.a; d <= r.b; d++) grid[base + d * S] = v;
        }
        // Rows are built a product at a time and written at once: they die young (cheap to collect)
        // instead of a whole page of them outliving several collections.
        for (let i = 0; i < ids.length; i++) {
          const product = info.get(ids[i]!)?.cells ?? [];
          const rows: Cell[][] = new Array(D);
          for (let d = 0; d < D; d++) {
            const row: Cell[] = [...product, dayNames[d]];
            const at = (i * D + d) * S;
            for (let s = 0; s < S; s++) {
              const v = grid[at + s]!;
              row.push(v === v ? v : null);
            }
            rows[d] = row;
          }
          yield { rows };
        }
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// ashan and atb: day-weighted figures per product × shop over the period
// ---------------------------------------------------------------------------------------------------

type Stat = { min: number; max: number; vd: number; days: number; promoDays: number };

async function statsOf(db: Db, plan: Plan, ids: number[], shopIds: number[]): Promise<Map<number, Map<number, Stat>>> {
  const rows = await queryRows<{ p: number; s: number; mn: number; mx: number; vd: number; d: number; pd: number }>(
    db,
    sql`SELECT x.p, x.s, min(x.v) AS mn, max(x.v) AS mx, sum(x.v::float8 * x.d)::float8 AS vd, sum(x.d)::int AS d,
               coalesce(sum(x.d) FILTER (WHERE x.promo), 0)::int AS pd
        FROM (
          SELECT ps.product_id AS p, ps.shop_id AS s, ps.promo IS NOT NULL AS promo, ${priceExpr(plan)} AS v,
                 least(ps.end_day, ${plan.end}::date) - greatest(ps.start_day, ${plan.start}::date) + 1 AS d
          FROM price_spans ps
          WHERE ps.product_id = ANY(${sql.param(ids)}::int[]) AND ps.shop_id = ANY(${sql.param(shopIds)}::int[])
            AND ps.start_day <= ${plan.end}::date AND ps.end_day >= ${plan.start}::date
        ) x
        GROUP BY x.p, x.s`,
  );
  const out = new Map<number, Map<number, Stat>>();
  for (const r of rows) {
    let m = out.get(r.p);
    if (!m) out.set(r.p, (m = new Map()));
    m.set(r.s, { min: Number(r.mn), max: Number(r.mx), vd: Number(r.vd), days: Number(r.d), promoDays: Number(r.pd) });
  }
  return out;
}

/** Day-weighted average over some shops' stats, in minor units, or null without prices. */
function avgOver(stats: Map<number, Stat> | undefined, shops: DirShop[]): number | null {
  if (!stats) return null;
  let vd = 0;
  let days = 0;
  for (const s of shops) {
    const st = stats.get(s.id);
    if (st) {
      vd += st.vd;
      days += st.days;
    }
  }
  return days ? vd / days : null;
}

const money = (minor: number | null) => (minor === null ? null : round2(minor / 100));
const diffPct = (own: number | null, other: number | null) => (own === null || other === null || !other ? null : round1(((own - other) / other) * 100));

function ashanLayout(db: Db, plan: Plan): Layout {
  const own = plan.own!;
  const competitors = plan.shops;
  const byNetwork = new Map<number, DirShop[]>();
  for (const s of competitors) byNetwork.set(s.networkId, [...(byNetwork.get(s.networkId) ?? []), s]);
  const networks = [...byNetwork.keys()].map((id) => plan.dir.networkById.get(id)!).sort((a, b) => a.name.localeCompare(b.name));
  const shopIds = [...own.shops, ...competitors].map((s) => s.id);
  const perPage = Math.max(1, Math.floor(PAGE_ROWS / own.shops.length));

  return {
    sheet: 'Own vs competitors',
    columns: [
      ...productHeaders(plan),
      { header: 'Own shop', width: 30 },
      { header: 'Own price', width: 11 },
      ...networks.flatMap((n) => [
        { header: `${n.name} avg`, width: 12 },
        { header: `${n.name} diff %`, width: 12 },
      ]),
      { header: 'Cheapest competitor', width: 30 },
      { header: 'Cheapest price', width: 12 },
      { header: 'Diff to cheapest %', width: 12 },
    ],
    rowsExpected: plan.products.length * own.shops.length,
    async *pages() {
      const load = (ids: number[]) => Promise.all([statsOf(db, plan, ids, shopIds), productInfo(db, plan, ids)]);
      for await (const [ids, [stats, info]] of prefetched(chunk(plan.products, perPage), load)) {
        for (const id of ids) {
          const rows: Cell[][] = [];
          const st = stats.get(id);
          const netAvg = networks.map((n) => avgOver(st, byNetwork.get(n.id)!));
          let cheapest: DirShop | null = null;
          let cheapestAvg = Infinity;
          for (const s of competitors) {
            const x = st?.get(s.id);
            if (x && x.vd / x.days < cheapestAvg) {
              cheapestAvg = x.vd / x.days;
              cheapest = s;
            }
          }
          for (const shop of own.shops) {
            const x = st?.get(shop.id);
            const ownAvg = x ? x.vd / x.days : null;
            rows.push([
              ...(info.get(id)?.cells ?? []),
              plan.label(shop),
              money(ownAvg),
              ...netAvg.flatMap((a) => [money(a), diffPct(ownAvg, a)]),
              cheapest ? plan.label(cheapest) : null,
              cheapest ? money(cheapestAvg) : null,
              cheapest ? diffPct(ownAvg, cheapestAvg) : null,
            ]);
          }
          yield { rows };
        }
      }
    },
  };
}

function atbLayout(db: Db, plan: Plan): Layout {
  const own = plan.own!;
  const competitors = plan.shops;
  const shopIds = [...own.shops, ...competitors].map((s) => s.id);
  const perPage = Math.max(1, Math.floor(PAGE_ROWS / competitors.length));

  return {
    sheet: 'Competitor shops',
    columns: [
      ...productHeaders(plan),
      { header: 'Network', width: 14 },
      { header: 'Shop', width: 30 },
      { header: 'City', width: 12 },
      { header: 'Avg price', width: 11 },
      { header: 'Min price', width: 11 },
      { header: 'Max price', width: 11 },
      { header: 'Promo days %', width: 12 },
      { header: `${own.network.name} avg`, width: 12 },
      { header: 'Own diff %', width: 10 },
    ],
    rowsExpected: plan.products.length * competitors.length,
    async *pages() {
      const load = (ids: number[]) => Promise.all([statsOf(db, plan, ids, shopIds), productInfo(db, plan, ids)]);
      for await (const [ids, [stats, info]] of prefetched(chunk(plan.products, perPage), load)) {
        for (const id of ids) {
          const rows: Cell[][] = [];
          const st = stats.get(id);
          const ownAvg = avgOver(st, own.shops);
          for (const shop of competitors) {
            const x = st?.get(shop.id);
            const avg = x ? x.vd / x.days : null;
            rows.push([
              ...(info.get(id)?.cells ?? []),
              shop.networkName,
              plan.label(shop),
              shop.cityName ?? shop.city,
              money(avg),
              x ? money(x.min) : null,
              x ? money(x.max) : null,
              x ? round1((x.promoDays / x.days) * 100) : null,
              money(ownAvg),
              diffPct(ownAvg, avg),
            ]);
          }
          yield { rows };
        }
      }
    },
  };
}

export function layoutFor(db: Db, plan: Plan): Layout {
  if (plan.type === 'ashan') return ashanLayout(db, plan);
  if (plan.type === 'atb') return atbLayout(db, plan);
  return inlineLayout(db, plan);
}
