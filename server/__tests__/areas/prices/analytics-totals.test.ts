/**
 * Analytics from the per day × shop × section totals (issue 19 item 1): random price histories written
 * through every write path of price_spans, then (1) the totals equal a count over the spans and (2) the
 * discount analysis over ALL matching products equals a direct computation over the spans, written here
 * independently of the server's SQL. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { discountAnalysisResponseSchema } from '@pricewatch/shared/contract';
import { insertColumns } from '../../../src/db/bulk';
import { queryRows } from '../../../src/db/client';
import { recordObservations, type Observation } from '../../../src/areas/prices/record';
import { shopDirectory } from '../../../src/core/shop-directory';
import { DEMO_SIZE } from '../../../src/demo/catalogue/generator';
import { loadCatalogue } from '../../../src/demo/catalogue/load';
import { mulberry32 } from '../../../src/demo/catalogue/prng';
import { addDays, todayIso } from '../../../src/lib/days';
import { build, loginAs } from '../../helpers/build';
import { callerFor, us, type Caller } from '../../helpers/catalogue';
import { runsDiffFromSpans } from '../../helpers/price-totals';

let app: FastifyInstance;
let admin: Caller;
const SHOP_CODES = ['albert-prg-andel', 'albert-brn-vankovka', 'lidl-prg-smichov', 'billa-prg-vinohrady', 'kaufland-brn-kralovo-pole'];
let shops: { id: number; code: string; network: string }[] = [];
const sections: number[] = [];
const products: { id: number; section: number | null }[] = [];
const DAYS = 45;
const first = addDays(todayIso(), -DAYS + 1);

type Span = { product_id: number; shop_id: number; start_day: string; end_day: string; regular: number; promo: number | null };

const allSpans = () =>
  queryRows<Span>(app.db, sql`SELECT product_id, shop_id, start_day::text AS start_day, end_day::text AS end_day, regular, promo FROM price_spans`);

type Totals = Record<string, { priced: number; promo: number; price: number; depth: number; starts: number }>;

/** What price_day_totals must hold, counted over the spans (a span counts on each of its days). */
function totalsOf(spans: Span[], sectionOf: Map<number, number | null>): Totals {
  const out: Totals = {};
  const byPair = new Map<string, Span[]>();
  for (const s of spans) byPair.set(`${s.product_id}:${s.shop_id}`, [...(byPair.get(`${s.product_id}:${s.shop_id}`) ?? []), s]);
  for (const list of byPair.values()) {
    list.sort((a, b) => a.start_day.localeCompare(b.start_day));
    list.forEach((s, i) => {
      const prev = list[i - 1];
      const opens = s.promo !== null && !(prev && prev.promo !== null && addDays(prev.end_day, 1) === s.start_day);
      for (let d = s.start_day; d <= s.end_day; d = addDays(d, 1)) {
        const key = `${d}|${s.shop_id}|${sectionOf.get(s.product_id) ?? 0}`;
        const t = (out[key] ??= { priced: 0, promo: 0, price: 0, depth: 0, starts: 0 });
        t.priced++;
        t.price += s.promo ?? s.regular;
        if (s.promo !== null) {
          t.promo++;
          t.depth += ((s.regular - s.promo) / s.regular) * 100;
        }
        if (opens && d === s.start_day) t.starts++;
      }
    });
  }
  return out;
}

async function storedTotals(): Promise<Totals> {
  const rows = await queryRows<{
    day: string;
    shop_id: number;
    section_id: number;
    priced: number;
    promo: number;
    price_sum: number;
    depth_sum: number;
    promo_starts: number;
  }>(app.db, sql`SELECT day::text AS day, shop_id, section_id, priced, promo, price_sum, depth_sum, promo_starts FROM price_day_totals`);
  const out: Totals = {};
  for (const r of rows) {
    // Rows brought back to zero by deletions stay: they hold nothing.
    if (Number(r.priced) === 0 && Number(r.promo_starts) === 0) continue;
    out[`${r.day}|${r.shop_id}|${r.section_id}`] = {
      priced: Number(r.priced),
      promo: Number(r.promo),
      price: Number(r.price_sum),
      depth: Number(r.depth_sum),
      starts: Number(r.promo_starts),
    };
  }
  return out;
}

async function expectTotalsMatchSpans() {
  const rows = await queryRows<{ id: number; section_id: number | null }>(app.db, sql`SELECT id, section_id FROM products`);
  const sectionOf = new Map(rows.map((p) => [p.id, p.section_id]));
  const expected = totalsOf(await allSpans(), sectionOf);
  const stored = await storedTotals();
  expect(Object.keys(stored).sort()).toEqual(Object.keys(expected).sort());
  for (const [key, e] of Object.entries(expected)) {
    const s = stored[key]!;
    expect([key, s.priced, s.promo, s.price, s.starts]).toEqual([key, e.priced, e.promo, e.price, e.starts]);
    expect(s.depth).toBeCloseTo(e.depth, 6);
  }
  expect(await runsDiffFromSpans(app.db)).toEqual([]);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Discount analysis per network, computed straight from the spans (contract: discountAnalysisSchema). */
function discountsOf(
  spans: Span[],
  start: string,
  end: string,
  networkOf: Map<number, string>,
  keep: (s: Span) => boolean,
  // Whole networks chosen: a promo run's depth is its promo's (the deepest run of the network's shops starting
  // that day, docs/analytics.md "Network runs"); some shops of a network: the run's own.
  promoDepth = true,
) {
  const days = (s: Span) => {
    const a = s.start_day > start ? s.start_day : start;
    const b = s.end_day < end ? s.end_day : end;
    return a > b ? 0 : (Date.parse(b) - Date.parse(a)) / 86_400_000 + 1;
  };
  const depth = (s: Span) => ((s.regular - s.promo!) / s.regular) * 100;
  const by = new Map<
    string,
    { products: Set<number>; promoProducts: Set<number>; productDays: number; promoDays: number; depthDays: number; max: number | null; runs: number[] }
  >();
  const acc = (n: string) => {
    if (!by.has(n)) by.set(n, { products: new Set(), promoProducts: new Set(), productDays: 0, promoDays: 0, depthDays: 0, max: null, runs: [] });
    return by.get(n)!;
  };
  const kept = spans.filter((s) => keep(s) && networkOf.has(s.shop_id));
  for (const s of kept) {
    const d = days(s);
    if (!d) continue;
    const a = acc(networkOf.get(s.shop_id)!);
    a.products.add(s.product_id);
    a.productDays += d;
    if (s.promo !== null) {
      a.promoProducts.add(s.product_id);
      a.promoDays += d;
      a.depthDays += depth(s) * d;
    }
  }
  // Promo runs: adjacent promo spans of a pair, whole. Those starting in the period: their count and length;
  // those running on a day of it: the largest depth of their spans (or of their promo's runs).
  const byPair = new Map<string, Span[]>();
  for (const s of kept) byPair.set(`${s.product_id}:${s.shop_id}`, [...(byPair.get(`${s.product_id}:${s.shop_id}`) ?? []), s]);
  const running: { promo: string; network: string; max: number }[] = [];
  const deepest = new Map<string, number>();
  for (const list of byPair.values()) {
    list.sort((x, y) => x.start_day.localeCompare(y.start_day));
    let run: { first: string; last: string; max: number } | null = null;
    const close = (shop: number) => {
      if (run && run.first >= start && run.first <= end) acc(networkOf.get(shop)!).runs.push((Date.parse(run.last) - Date.parse(run.first)) / 86_400_000 + 1);
      if (run) {
        const promo = `${networkOf.get(shop)}|${list[0]!.product_id}|${run.first}`;
        deepest.set(promo, Math.max(deepest.get(promo) ?? -Infinity, run.max));
        if (run.first <= end && run.last >= start) running.push({ promo, network: networkOf.get(shop)!, max: run.max });
      }
      run = null;
    };
    for (const s of list) {
      if (s.promo !== null && run && addDays(run.last, 1) === s.start_day) {
        run.last = s.end_day;
        run.max = Math.max(run.max, depth(s));
      } else {
        close(s.shop_id);
        if (s.promo !== null) run = { first: s.start_day, last: s.end_day, max: depth(s) };
      }
    }
    close(list[0]!.shop_id);
  }
  for (const r of running) {
    const a = acc(r.network);
    a.max = Math.max(a.max ?? -Infinity, promoDepth ? deepest.get(r.promo)! : r.max);
  }
  return [...by.entries()]
    .filter(([, a]) => a.productDays > 0)
    .map(([network, a]) => ({
      network,
      products: a.products.size,
      productsOnPromo: a.promoProducts.size,
      productDays: a.productDays,
      promoDays: a.promoDays,
      promoShare: round1((a.promoDays / a.productDays) * 100),
      avgDepthPct: a.promoDays ? round1(a.depthDays / a.promoDays) : null,
      maxDepthPct: a.max === null ? null : round1(a.max),
      promoStarts: a.runs.length,
      avgDurationDays: a.runs.length ? round1(a.runs.reduce((x, y) => x + y, 0) / a.runs.length) : null,
    }))
    .sort((x, y) => x.network.localeCompare(y.network));
}

beforeAll(async () => {
  app = await build({ env: { DEMO_PRODUCTS: '0' } });
  admin = callerFor(app, await loginAs(app, 'admin'));
  shops = await queryRows<{ id: number; code: string; network: string }>(
    app.db,
    sql`SELECT s.id, s.code, n.code AS network FROM shops s JOIN networks n ON n.id = s.network_id WHERE s.code = ANY(${sql.param(SHOP_CODES)}::text[]) ORDER BY s.id`,
  );
  expect(shops).toHaveLength(SHOP_CODES.length);
  for (const name of ['Totals A', 'Totals B', 'Totals C']) {
    const [row] = await queryRows<{ id: number }>(app.db, sql`INSERT INTO sections (name) VALUES (${name}) RETURNING id`);
    sections.push(row!.id);
  }
  for (let i = 0; i < 205; i++) {
    const section = i % 4 === 3 ? null : sections[i % 3]!;
    const [row] = await queryRows<{ id: number }>(
      app.db,
      sql`INSERT INTO products (name, section_id, country) VALUES (${`Totals product ${i}`}, ${section}, 'cz') RETURNING id`,
    );
    products.push({ id: row!.id, section });
  }
  shopDirectory(app.db).invalidate();
  // Day by day through recordObservations, as parsers write: each pair observed on most days, prices
  // changing now and then, promos of a few days (some adjacent at another depth), gaps.
  const rnd = mulberry32(1919);
  const state = new Map<string, { regular: number; promo: number | null; promoLeft: number }>();
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(first, d);
    const obs: Observation[] = [];
    for (const p of products) {
      for (const s of shops) {
        if ((p.id + s.id) % 5 === 0) continue; // not sold there
        if (rnd() < 0.12) continue; // not observed that day
        const key = `${p.id}:${s.id}`;
        const st = state.get(key) ?? { regular: 1000 + Math.floor(rnd() * 9000), promo: null, promoLeft: 0 };
        if (rnd() < 0.05) st.regular += Math.floor(rnd() * 400) - 150;
        if (st.promoLeft > 0) {
          st.promoLeft--;
          if (rnd() < 0.15) st.promo = Math.round(st.regular * (0.6 + rnd() * 0.3));
        } else if (rnd() < 0.06) {
          st.promoLeft = 2 + Math.floor(rnd() * 8);
          st.promo = Math.round(st.regular * (0.6 + rnd() * 0.3));
        } else st.promo = null;
        state.set(key, st);
        obs.push({ productId: p.id, shopId: s.id, day, regular: st.regular, promo: st.promo, inStock: rnd() > 0.03, source: 'parser' });
      }
    }
    await recordObservations(app.db, obs);
  }
});
afterAll(() => app.close());

describe('price_day_totals follow every write of price_spans', () => {
  it('recordObservations (opening, extending, gaps, promos): the totals equal a count over the spans', async () => {
    await expectTotalsMatchSpans();
    const [n] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM price_day_totals WHERE promo_starts > 0`);
    expect(n!.n).toBeGreaterThan(5);
  });

  it('bulk loads (insertColumns: demo catalogue, bench, demo-shop histories) and deletions (demo-shop rewrites)', async () => {
    const p = products[0]!.id;
    const s = shops.find((x) => (p + x.id) % 5 === 0)!.id; // a pair without history
    const cols = [
      { name: 'product_id', type: 'int' },
      { name: 'shop_id', type: 'int' },
      { name: 'start_day', type: 'date' },
      { name: 'end_day', type: 'date' },
      { name: 'regular', type: 'int' },
      { name: 'promo', type: 'int' },
      { name: 'in_stock', type: 'bool' },
      { name: 'source', type: 'smallint' },
    ] as const;
    const d = (k: number) => addDays(first, k);
    await insertColumns(app.db, 'price_spans', cols, [
      [p, p, p, p],
      [s, s, s, s],
      [d(0), d(10), d(15), d(25)],
      [d(9), d(14), d(20), d(30)],
      [1000, 1000, 1000, 1200],
      [null, 800, 700, null],
      [true, true, true, true],
      [0, 0, 0, 0],
    ]);
    await expectTotalsMatchSpans();
    // A demo shop's rewrite deletes a pair's whole history (promo runs included) and loads it again.
    const victim = products[5]!.id;
    await app.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${victim}`);
    await expectTotalsMatchSpans();
    await app.db.execute(sql`DELETE FROM price_spans WHERE product_id = ${p} AND shop_id = ${s}`);
    await expectTotalsMatchSpans();
  });

  it('ten concurrent writers of one day × shop × section add up (no lost update)', async () => {
    const day = addDays(todayIso(), 1);
    const shop = shops[0]!.id;
    const same = products.filter((p) => p.section === sections[0]).slice(0, 4);
    const extra = [];
    for (let i = 0; i < 10 - same.length; i++) {
      const [row] = await queryRows<{ id: number }>(
        app.db,
        sql`INSERT INTO products (name, section_id, country) VALUES (${`Totals c${i}`}, ${sections[0]!}, 'cz') RETURNING id`,
      );
      extra.push({ id: row!.id, section: sections[0]! });
    }
    products.push(...extra);
    const writers = [...same, ...extra].map((p) =>
      recordObservations(app.db, [{ productId: p.id, shopId: shop, day, regular: 5000, promo: 4000, inStock: true, source: 'parser' }]),
    );
    await Promise.all(writers);
    const [row] = await queryRows<{ priced: number; promo: number }>(
      app.db,
      sql`SELECT priced, promo FROM price_day_totals WHERE day = ${day}::date AND shop_id = ${shop} AND section_id = ${sections[0]!}`,
    );
    expect([Number(row!.priced), Number(row!.promo)]).toEqual([10, 10]);
    await expectTotalsMatchSpans();
  });

  it('the rebuild (the migration runs it over the history already written; bulk loads after their load) makes the same totals', async () => {
    await app.db.execute(sql`DELETE FROM price_day_totals`);
    await app.db.execute(sql`SELECT price_day_totals_rebuild()`);
    await expectTotalsMatchSpans();
  });

  it('a catalogue load (its insert trigger off, then the rebuild) leaves totals equal to the spans, and the trigger on', async () => {
    await loadCatalogue(app.db, { ...DEMO_SIZE, products: 30, shops: 0, days: 20, seed: 7 }, { batchProducts: 10 });
    await expectTotalsMatchSpans();
    const [t] = await queryRows<{ enabled: string }>(
      app.db,
      sql`SELECT tgenabled AS enabled FROM pg_trigger WHERE tgname = 'price_spans_totals_ins' AND tgrelid = 'price_spans'::regclass`,
    );
    expect(t!.enabled).toBe('O');
  });
});

describe('POST /prices/history/discount-analysis over every matching product', () => {
  // Every shop's network: the catalogue load above priced other shops of these networks too.
  const networkOf = async () =>
    new Map(
      (await queryRows<{ id: number; network: string }>(app.db, sql`SELECT s.id, n.code AS network FROM shops s JOIN networks n ON n.id = s.network_id`)).map(
        (s) => [s.id, s.network],
      ),
    );
  const ask = async (body: Record<string, unknown>) => {
    const res = await admin('POST', '/prices/history/discount-analysis', body);
    expect(res.statusCode).toBe(200);
    const { data } = discountAnalysisResponseSchema.parse(res.json());
    expect(data.truncated).toBe(false);
    return data.networks.map(({ networkName: _n, currency: _c, ...rest }) => rest).sort((x, y) => x.network.localeCompare(y.network));
  };

  it.each([
    ['the whole history', 0, DAYS],
    ['a period starting inside promos', 17, 40],
    ['one week', 30, 36],
  ])('%s: equals a direct computation over the spans', async (_label, from, to) => {
    const start = addDays(first, from);
    const end = addDays(first, to);
    const spans = await allSpans();
    const networks = await networkOf();
    expect(await ask({ start: us(start), end: us(end) })).toEqual(discountsOf(spans, start, end, networks, () => true));
    const section = new Set(products.filter((p) => p.section === sections[1]).map((p) => p.id));
    expect(await ask({ start: us(start), end: us(end), sections: [sections[1]] })).toEqual(
      discountsOf(spans, start, end, networks, (s) => section.has(s.product_id)),
    );
    const chosen = new Set(products.slice(2, 9).map((p) => p.id));
    expect(await ask({ start: us(start), end: us(end), products: [...chosen], networks: ['albert', 'lidl'] })).toEqual(
      discountsOf(spans, start, end, networks, (s) => chosen.has(s.product_id)).filter((n) => ['albert', 'lidl'].includes(n.network)),
    );
    // Some shops of a network: answered from the pair runs of those shops.
    const some = shops.filter((x) => x.network === 'albert').slice(0, 1);
    expect(some).toHaveLength(1);
    expect(await ask({ start: us(start), end: us(end), shops: some.map((x) => x.id) })).toEqual(
      discountsOf(spans, start, end, new Map(some.map((x) => [x.id, x.network])), () => true, false),
    );
  });
});
