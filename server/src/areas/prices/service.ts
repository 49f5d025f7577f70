import {
  CATALOGUE_LIMITS,
  PRICE_SOURCES,
  type AshanShopsPrices,
  type CurrencySummary,
  type DiscountAnalysis,
  type PriceHistory,
  type PriceRow,
  type PricesAnalytics,
  type PriceSource,
  type ProductPrices,
  type ProductsAnalytics,
  type ShopHistory,
  type ShopPrice,
} from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import type { Language } from '@pricewatch/shared/contract';
import { addDays, daysBetween, todayIso } from '../../lib/days';
import { notFound, validationFailed } from '../../lib/errors';
import { depthPct, fromMinor, round1, round2 } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import { toSummary, type ProductsQueries } from '../products/plugin';
import { shopDirectory, type DirNetwork, type DirShop } from '../../core/shop-directory';
import { Visibility } from '../../core/shop-visibility';
import { createPricesQueries, type PairStatsRow } from './queries';

const sourceOf = (code: number): PriceSource => PRICE_SOURCES[code] ?? 'parser';

export type AnalyticsInput = {
  start: string;
  end: string;
  networks?: string[];
  shops?: number[];
  products?: number[];
  sections?: number[];
  brands?: number[];
  baseNetwork?: string;
};

/** The per-product calls' body: a page of the selection by product id. */
export type ProductAnalyticsInput = AnalyticsInput & { limit?: number; skip?: number };

function checkPeriod(start: string, end: string, maxDays: number) {
  if (daysBetween(start, end) > maxDays) {
    throw validationFailed([{ path: 'end', message: `period longer than ${maxDays} days` }]);
  }
}

/** Per network: min/max, day-weighted avg, promo share over the pair rows of one product. */
function networkStats(rows: PairStatsRow[], shopOf: (id: number) => DirShop | undefined) {
  const by = new Map<number, { min: number; max: number; priceDays: number; days: number; promoDays: number; shops: number }>();
  for (const r of rows) {
    const shop = shopOf(r.shop_id);
    if (!shop) continue;
    const acc = by.get(shop.networkId) ?? { min: Infinity, max: -Infinity, priceDays: 0, days: 0, promoDays: 0, shops: 0 };
    acc.min = Math.min(acc.min, Number(r.min));
    acc.max = Math.max(acc.max, Number(r.max));
    acc.priceDays += Number(r.price_days);
    acc.days += Number(r.days);
    acc.promoDays += Number(r.promo_days);
    acc.shops++;
    by.set(shop.networkId, acc);
  }
  return by;
}

/** `products`: the products area's queries (fastify.products.queries). */
export function createPricesService(db: Db, products: ProductsQueries) {
  const queries = createPricesQueries(db);
  const directory = shopDirectory(db);
  const visibility = async (user: AuthUser) => Visibility.of(user, await directory.get());

  async function productOr404(id: number, lang: Language | null) {
    const row = await products.summary(id, lang);
    if (!row) throw notFound('product');
    return row;
  }

  /** Shops and base network of an analytics call, checked against visibility and limits. */
  async function analyticsScope(user: AuthUser, q: AnalyticsInput) {
    checkPeriod(q.start, q.end, CATALOGUE_LIMITS.analyticsMaxDays);
    const vis = await visibility(user);
    const shopIds = vis.shopIdsFor({ networks: q.networks, shops: q.shops });
    let base: DirNetwork | null = null;
    if (q.baseNetwork) {
      base = vis.dir.networkByCode.get(q.baseNetwork) ?? null;
      if (!base) throw validationFailed([{ path: 'baseNetwork', message: 'unknown network' }]);
      vis.shopIdsFor({ networks: [q.baseNetwork] }, { networks: 'baseNetwork', shops: 'shops' });
    } else if (!user.isProvider && user.networkCode) {
      base = vis.dir.networkByCode.get(user.networkCode) ?? null;
    }
    return { vis, shopIds, base };
  }

  /**
   * One page of the selection's products (priced in `selected` in the period) by id, their figures over `compared`
   * and summaries, and how many products the selection has.
   */
  async function productPage(q: ProductAnalyticsInput, selected: number[] | null, compared: number[] | null, lang: Language | null) {
    const limit = q.limit ?? CATALOGUE_LIMITS.analyticsMaxProducts;
    const skip = q.skip ?? 0;
    // The count is the slow part: it runs beside the page and its figures (on PostgreSQL, on another pooled connection).
    const counting = queries.analyticsProductCount(q, selected, q.start, q.end);
    const figures = (async () => {
      const productIds = await queries.analyticsProducts(q, selected, q.start, q.end, limit, skip);
      if (!productIds.length) return { productIds, rows: [] as PairStatsRow[], summaries: [] };
      const [rows, summaries] = await Promise.all([queries.pairStats(productIds, compared, q.start, q.end), products.summaries(productIds, lang)]);
      return { productIds, rows, summaries };
    })();
    const [total, page] = await Promise.all([counting, figures]);
    return { ...page, total, limit, skip };
  }

  return {
    /** GET /prices/product/{id}: current price in every visible shop, cheapest first. */
    async productPrices(user: AuthUser, id: number, lang: Language | null = null): Promise<ProductPrices> {
      const vis = await visibility(user);
      // Both at once: on PostgreSQL they run on two pooled connections.
      const [product, rows] = await Promise.all([productOr404(id, lang), queries.current(id, vis.all ? null : vis.shops.map((s) => s.id))]);
      const prices: ShopPrice[] = [];
      for (const r of rows) {
        const shop = vis.dir.shopById.get(r.shop_id);
        if (!shop) continue;
        const regular = fromMinor(r.regular);
        const promo = r.promo === null ? null : fromMinor(r.promo);
        prices.push({
          shopId: String(shop.id),
          shopCode: shop.code,
          shopName: shop.name,
          network: shop.network,
          networkName: shop.networkName,
          city: shop.city,
          cityName: shop.cityName,
          country: shop.country,
          currency: shop.currency,
          regular,
          promo,
          price: promo ?? regular,
          isPromo: promo !== null,
          promoDepthPct: depthPct(r.regular, r.promo),
          inStock: r.in_stock,
          source: sourceOf(r.source),
          since: r.start_day,
          observedAt: r.last_seen,
          url: r.url,
          cheapest: false,
        });
      }
      prices.sort(
        (a, b) =>
          a.currency.localeCompare(b.currency) || a.price - b.price || a.networkName.localeCompare(b.networkName) || a.shopName.localeCompare(b.shopName),
      );
      const summary: CurrencySummary[] = [];
      for (const currency of [...new Set(prices.map((p) => p.currency))]) {
        const list = prices.filter((p) => p.currency === currency);
        const min = Math.min(...list.map((p) => p.price));
        for (const p of list) p.cheapest = p.price === min;
        summary.push({
          currency,
          min,
          avg: round2(list.reduce((s, p) => s + p.price, 0) / list.length),
          max: Math.max(...list.map((p) => p.price)),
          shops: list.length,
          promoShops: list.filter((p) => p.isPromo).length,
        });
      }
      return { product: toSummary(product), prices, summary };
    },

    /** GET /prices/history: spans per visible (and included) shop, clipped to the period. */
    async history(
      user: AuthUser,
      q: { product: number; include?: number[]; start?: string; end?: string },
      lang: Language | null = null,
    ): Promise<PriceHistory> {
      const end = q.end ?? (q.start ? addDays(q.start, 364) : todayIso());
      const start = q.start ?? addDays(end, -364);
      if (start > end) throw validationFailed([{ path: 'end', message: 'end_before_start' }]);
      checkPeriod(start, end, CATALOGUE_LIMITS.historyMaxDays);
      const vis = await visibility(user);
      const shopIds = vis.shopIdsFor({ shops: q.include }, { networks: 'networks', shops: 'include' });
      const [product, rows] = await Promise.all([productOr404(q.product, lang), queries.history(q.product, shopIds, start, end)]);
      const byShop = new Map<number, ShopHistory>();
      for (const r of rows) {
        const shop = vis.dir.shopById.get(r.shop_id);
        if (!shop) continue;
        let h = byShop.get(shop.id);
        if (!h) {
          h = {
            shopId: String(shop.id),
            shopCode: shop.code,
            shopName: shop.name,
            network: shop.network,
            networkName: shop.networkName,
            country: shop.country,
            currency: shop.currency,
            spans: [],
            min: Infinity,
            max: -Infinity,
            avg: 0,
            days: 0,
            promoDays: 0,
          };
          byShop.set(shop.id, h);
        }
        const s = r.start_day < start ? start : r.start_day;
        const e = r.end_day > end ? end : r.end_day;
        const regular = fromMinor(r.regular);
        const promo = r.promo === null ? null : fromMinor(r.promo);
        const price = promo ?? regular;
        const days = daysBetween(s, e);
        h.spans.push({ start: s, end: e, regular, promo, price, isPromo: promo !== null, inStock: r.in_stock, source: sourceOf(r.source) });
        h.min = Math.min(h.min, price);
        h.max = Math.max(h.max, price);
        h.avg += price * days;
        h.days += days;
        if (promo !== null) h.promoDays += days;
      }
      const shops = [...byShop.values()]
        .map((h) => ({ ...h, avg: round2(h.avg / h.days) }))
        .sort((a, b) => a.networkName.localeCompare(b.networkName) || a.shopName.localeCompare(b.shopName));
      return { product: toSummary(product), start, end, shops };
    },

    /** POST /prices/all-prices. */
    async allPrices(user: AuthUser, q: { products: number[]; shops?: number[]; networks?: string[]; date?: string }): Promise<PriceRow[]> {
      const vis = await visibility(user);
      const shopIds = vis.shopIdsFor({ networks: q.networks, shops: q.shops });
      const ids = [...new Set(q.products)];
      const rows = q.date ? await queries.onDay(ids, shopIds, q.date) : await queries.currentMany(ids, shopIds);
      const out: PriceRow[] = [];
      for (const r of rows) {
        const shop = vis.dir.shopById.get(r.shop_id);
        if (!shop) continue;
        const regular = fromMinor(r.regular);
        const promo = r.promo === null ? null : fromMinor(r.promo);
        out.push({
          productId: String(r.product_id),
          shopId: String(r.shop_id),
          network: shop.network,
          currency: shop.currency,
          regular,
          promo,
          price: promo ?? regular,
          isPromo: promo !== null,
          inStock: r.in_stock,
          since: r.start_day,
          observedAt: r.last_seen,
        });
      }
      return out;
    },

    /** POST /prices/history/products/analytics. */
    async productsAnalytics(user: AuthUser, q: ProductAnalyticsInput, lang: Language | null = null): Promise<ProductsAnalytics> {
      const { vis, base, shopIds } = await analyticsScope(user, q);
      const page = await productPage(q, shopIds, shopIds, lang);
      const { rows, summaries } = page;
      const byProduct = new Map<number, PairStatsRow[]>();
      for (const r of rows) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);
      const items = summaries.map((p) => {
        const stats = networkStats(byProduct.get(p.id) ?? [], (id) => vis.dir.shopById.get(id));
        const baseStats = base ? stats.get(base.id) : undefined;
        const baseAvg = baseStats ? baseStats.priceDays / baseStats.days : null;
        const networks = [...stats.entries()]
          .map(([networkId, s]) => {
            const n = vis.dir.networkById.get(networkId)!;
            const avg = s.priceDays / s.days;
            return {
              network: n.code,
              networkName: n.name,
              currency: n.currency,
              min: fromMinor(s.min),
              avg: round2(fromMinor(avg)),
              max: fromMinor(s.max),
              promoShare: round1((s.promoDays / s.days) * 100),
              shops: s.shops,
              index: baseAvg && base && n.currency === base.currency ? round1((avg / baseAvg) * 100) : null,
            };
          })
          .sort((a, b) => a.avg - b.avg || a.networkName.localeCompare(b.networkName));
        const comparable = base ? networks.filter((n) => n.currency === base.currency) : networks;
        return { product: toSummary(p), networks, cheapestNetwork: comparable[0]?.network ?? null };
      });
      return { start: q.start, end: q.end, baseNetwork: base?.code ?? null, items, total: page.total, limit: page.limit, skip: page.skip };
    },

    /**
     * POST /prices/history/prices/analytics: per network and (when the body names shops) per shop, day by day, over
     * every product of the selection (issue 19): from the kept rows of migration 0021 when the shops are whole networks and only sections
     * narrow the products, else over the spans of the selection (products or brands chosen, part of a network).
     */
    async pricesAnalytics(user: AuthUser, q: AnalyticsInput): Promise<PricesAnalytics> {
      const { vis, base, shopIds } = await analyticsScope(user, q);
      const networksChosen = q.products?.length || q.brands?.length ? undefined : await queries.wholeNetworks(shopIds);
      // The index compares with the base network's shops among the chosen ones (as over the spans): none, no index.
      const baseId = !base ? null : networksChosen === undefined || networksChosen === null || networksChosen.includes(base.id) ? base.id : null;
      // The per-shop series only for shops the caller named: a whole catalogue's is ~100k points no screen draws and
      // was most of the call's time (docs/analytics.md "Price index").
      const withShops = (q.shops?.length ?? 0) > 0;
      const [products, rows] = await Promise.all([
        queries.analyticsProductCount(q, shopIds, q.start, q.end),
        networksChosen === undefined
          ? queries.daily(q, shopIds, q.start, q.end, baseId, withShops)
          : queries.dailyKept(networksChosen, q.sections, q.start, q.end, baseId, withShops).then(({ shopRows, networkRows }) => {
              if (!withShops) return networkRows.filter((r) => r.min !== null);
              // A network's min/max of a day are its shops' lowest minimum and highest maximum.
              const extremes = new Map<string, { min: number; max: number }>();
              for (const r of shopRows) {
                const shop = vis.dir.shopById.get(r.id);
                if (!shop) continue;
                const key = `${shop.networkId} ${r.day}`;
                const e = extremes.get(key);
                extremes.set(key, e ? { min: Math.min(e.min, r.min!), max: Math.max(e.max, r.max!) } : { min: r.min!, max: r.max! });
              }
              return [
                ...shopRows,
                ...networkRows.flatMap((r) => {
                  const e = extremes.get(`${r.id} ${r.day}`);
                  return e ? [{ ...r, ...e }] : [];
                }),
              ];
            }),
      ]);
      const networks = new Map<number, { points: PricesAnalytics['networks'][number]['points']; index: number | null }>();
      for (const r of rows) {
        if (r.kind !== 'n') continue;
        const n = vis.dir.networkById.get(r.id);
        if (!n) continue;
        // Another currency than the base's: no index.
        const comparable = !!base && n.currency === base.currency;
        const acc = networks.get(r.id) ?? { points: [], index: comparable ? r.network_index : null };
        acc.points.push({
          day: r.day,
          min: fromMinor(Number(r.min)),
          avg: fromMinor(Number(r.avg)),
          max: fromMinor(Number(r.max)),
          products: Number(r.products),
          index: comparable ? r.index : null,
          compared: comparable ? Number(r.compared ?? 0) : 0,
        });
        networks.set(r.id, acc);
      }
      const shops = new Map<number, PricesAnalytics['shops'][number]>();
      for (const r of rows) {
        if (r.kind !== 's') continue;
        const shop = vis.dir.shopById.get(r.id);
        if (!shop) continue;
        const acc = shops.get(r.id) ?? { shopId: String(shop.id), shopName: shop.name, network: shop.network, currency: shop.currency, points: [] };
        acc.points.push({
          day: r.day,
          min: fromMinor(Number(r.min)),
          avg: fromMinor(Number(r.avg)),
          max: fromMinor(Number(r.max)),
          products: Number(r.products),
        });
        shops.set(r.id, acc);
      }
      for (const acc of [...networks.values(), ...shops.values()]) acc.points.sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : 0));
      return {
        start: q.start,
        end: q.end,
        baseNetwork: base?.code ?? null,
        products,
        networks: [...networks.entries()]
          .map(([id, acc]) => {
            const n = vis.dir.networkById.get(id)!;
            return {
              network: n.code,
              networkName: n.name,
              currency: n.currency,
              index: acc.index,
              points: acc.points,
            };
          })
          .sort((a, b) => a.networkName.localeCompare(b.networkName)),
        shops: [...shops.values()].sort((a, b) => a.shopName.localeCompare(b.shopName)),
      };
    },

    /** POST /prices/history/ashan-shops-prices: own shops against competitors, per product. */
    async ashanShopsPrices(user: AuthUser, q: ProductAnalyticsInput, lang: Language | null = null): Promise<AshanShopsPrices> {
      checkPeriod(q.start, q.end, CATALOGUE_LIMITS.analyticsMaxDays);
      const vis = await visibility(user);
      const dir = vis.dir;
      let ownNetwork: DirNetwork | undefined;
      let own: DirShop[];
      if (user.isProvider) {
        if (!q.baseNetwork) throw validationFailed([{ path: 'baseNetwork', message: 'name the network whose shops are compared' }]);
        ownNetwork = dir.networkByCode.get(q.baseNetwork);
        if (!ownNetwork) throw validationFailed([{ path: 'baseNetwork', message: 'unknown network' }]);
        own = dir.shops.filter((s) => s.networkId === ownNetwork!.id);
      } else {
        ownNetwork = user.networkId === null ? undefined : dir.networkById.get(user.networkId);
        if (!ownNetwork) throw validationFailed([{ path: 'baseNetwork', message: 'no network' }]);
        const custom = new Set(user.exportDetails.ashanShops);
        own = custom.size ? dir.shops.filter((s) => custom.has(s.code)) : dir.shops.filter((s) => s.networkId === ownNetwork!.id);
      }
      const currency = own[0]?.currency ?? ownNetwork.currency;
      const ownIds = new Set(own.map((s) => s.id));
      const narrowed = vis.shopIdsFor({ networks: q.networks, shops: q.shops });
      const competitorIds = (narrowed ?? vis.shops.map((s) => s.id)).filter((id) => {
        const s = dir.shopById.get(id);
        return !!s && !ownIds.has(id) && s.currency === currency && s.networkId !== ownNetwork!.id;
      });
      const result: AshanShopsPrices = {
        start: q.start,
        end: q.end,
        ownNetwork: ownNetwork.code,
        currency,
        ownShops: own.map((s) => ({ _id: String(s.id), code: s.code, name: s.name })),
        total: 0,
        limit: q.limit ?? CATALOGUE_LIMITS.analyticsMaxProducts,
        skip: q.skip ?? 0,
        items: [],
      };
      if (!own.length) return result;
      // The products priced in the own shops in the period: each has own rows, so each page is full.
      const { rows, summaries, total } = await productPage(q, [...ownIds], [...ownIds, ...competitorIds], lang);
      result.total = total;
      const byProduct = new Map<number, PairStatsRow[]>();
      for (const r of rows) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r]);
      for (const p of summaries) {
        const pr = byProduct.get(p.id) ?? [];
        const ownRows = pr.filter((r) => ownIds.has(r.shop_id));
        if (!ownRows.length) continue;
        const compRows = pr.filter((r) => !ownIds.has(r.shop_id));
        const ownDays = ownRows.reduce((s, r) => s + Number(r.days), 0);
        const ownAvg = ownRows.reduce((s, r) => s + Number(r.price_days), 0) / ownDays;
        const perShop = compRows.map((r) => ({ shopId: r.shop_id, avg: Number(r.price_days) / Number(r.days) }));
        // Equal averages go to the lower shop id: the rows come in no set order, and the answer must not change between calls.
        perShop.sort((a, b) => a.avg - b.avg || a.shopId - b.shopId);
        const cheapest = perShop[0];
        const compDays = compRows.reduce((s, r) => s + Number(r.days), 0);
        const compAvg = compDays ? compRows.reduce((s, r) => s + Number(r.price_days), 0) / compDays : null;
        const pct = (a: number, b: number | null | undefined) => (b ? round1(((a - b) / b) * 100) : null);
        result.items.push({
          product: toSummary(p),
          own: round2(fromMinor(ownAvg)),
          ownMin: fromMinor(Math.min(...ownRows.map((r) => Number(r.min)))),
          competitorsMin: cheapest ? round2(fromMinor(cheapest.avg)) : null,
          competitorsAvg: compAvg === null ? null : round2(fromMinor(compAvg)),
          competitorsMax: perShop.length ? round2(fromMinor(perShop[perShop.length - 1]!.avg)) : null,
          cheapestNetwork: cheapest ? (dir.shopById.get(cheapest.shopId)?.network ?? null) : null,
          cheapestShopId: cheapest ? String(cheapest.shopId) : null,
          diffMinPct: pct(ownAvg, cheapest?.avg),
          diffAvgPct: pct(ownAvg, compAvg),
        });
      }
      return result;
    },

    /**
     * POST /prices/history/discount-analysis over every matching product (issue 19): the additive figures
     * from the day × shop × section totals unless the products or brands are chosen (the totals do not
     * key them: then from the spans), the distinct products, largest depth and promo runs from the pair runs.
     */
    async discountAnalysis(user: AuthUser, q: AnalyticsInput): Promise<DiscountAnalysis> {
      checkPeriod(q.start, q.end, CATALOGUE_LIMITS.analyticsMaxDays);
      const vis = await visibility(user);
      const shopIds = vis.shopIdsFor({ networks: q.networks, shops: q.shops });
      const fromTotals = !q.products?.length && !q.brands?.length;
      // Both at once: on PostgreSQL they run on two pooled connections.
      const [rows, totals] = await Promise.all([
        queries.discounts(q, shopIds, q.start, q.end, !fromTotals),
        fromTotals ? queries.discountTotals(shopIds, q.sections, q.start, q.end) : Promise.resolve(null),
      ]);
      const additive = new Map(totals?.map((t) => [t.network_id, t]));
      return {
        start: q.start,
        end: q.end,
        truncated: false,
        networks: rows
          .map((r) => {
            const n = vis.dir.networkById.get(r.network_id)!;
            const t = totals ? additive.get(r.network_id) : r;
            const productDays = Number(t?.product_days ?? 0);
            const promoDays = Number(t?.promo_days ?? 0);
            const depthDays = t?.depth_days ?? null;
            return {
              network: n.code,
              networkName: n.name,
              currency: n.currency,
              products: Number(r.products),
              productsOnPromo: Number(r.products_on_promo),
              productDays,
              promoDays,
              promoShare: productDays ? round1((promoDays / productDays) * 100) : 0,
              avgDepthPct: promoDays && depthDays !== null ? round1(Number(depthDays) / promoDays) : null,
              maxDepthPct: r.max_depth === null ? null : round1(Number(r.max_depth)),
              promoStarts: Number(t?.promo_starts ?? 0),
              avgDurationDays: r.avg_duration === null ? null : round1(Number(r.avg_duration)),
            };
          })
          .sort((a, b) => b.promoShare - a.promoShare || a.networkName.localeCompare(b.networkName)),
      };
    },
  };
}

export type PricesService = ReturnType<typeof createPricesService>;
