/**
 * The catalogue generator shared by the demo seed and the bench: deterministic from a seed, sized by
 * flags, streamed in product batches so a 10M-row price history never sits in memory at once.
 *
 * What it makes, per product: a country, section/category, brand (local brands of the country or
 * international ones), name "Brand [line] Variant size", a valid EAN-13 with the brand's GS1 prefix,
 * the provider's article, weight + unit and a description. Per product × shop: an offer (URL, the
 * shop's own article) and a price history as change points ("spans"):
 * - the regular price starts at the product's base price × the chain's price level (discounters lower,
 *   convenience higher) and drifts up (sometimes down) by a few % every 1.5–4 months;
 * - weekly promos per product and chain (about 15 % of weeks; 10–35 % off), chain-wide;
 * - occasional out-of-stock days per shop (about 3 % of weeks, 1–4 days);
 * - 10 % of products are listed during the period, 2 % of shops stop selling one before the end.
 */
import type { WeightUnit } from '@pricewatch/shared/contract';
import { isoDay } from '../../lib/days';
import { makeEan13 } from './ean';
import { hash32, hashString, mulberry32, rand01 } from './prng';
import { BRANDS, COUNTRY_MONEY, COUNTRY_TLD, LINES, NETWORK_PRICE_LEVEL, SECTIONS, type CategoryDef, type Country } from './vocabulary';

export type CatalogueSize = {
  /** Products to make. */
  products: number;
  /** Shops wanted in all (the demo networks' shops, then more shops and chains up to this). */
  shops: number;
  /** Days of history, ending at `endDay`. */
  days: number;
  /** Average shops selling one product (limited by the shops of its country). */
  shopsPerProduct: number;
  /** Share of product-weeks on promo per chain. */
  promoRate: number;
  /** Share of product-weeks with an out-of-stock episode per shop. */
  outOfStockRate: number;
  seed: number;
};

/** `npm start` in demo mode: a few thousand products, the demo's ~40 shops, a year of prices. */
export const DEMO_SIZE: CatalogueSize = {
  products: 3000,
  shops: 40,
  days: 365,
  shopsPerProduct: 12,
  promoRate: 0.15,
  outOfStockRate: 0.03,
  seed: 20_240_901,
};

/** `npm run bench`: 100k products, 300 shops, ≥10M price spans. */
export const BENCH_SIZE: CatalogueSize = { ...DEMO_SIZE, products: 100_000, shops: 300, shopsPerProduct: 6 };

export const COUNTRY_WEIGHTS: [Country, number][] = [
  ['cz', 0.35],
  ['ua', 0.35],
  ['pl', 0.18],
  ['ge', 0.12],
];

export type GenShop = { id: number; code: string; network: string; country: string };

export type GenProduct = {
  id: number;
  ean: string;
  article: string;
  name: string;
  brand: string;
  section: string;
  category: string;
  weight: number;
  unit: WeightUnit;
  description: string;
  country: Country;
};

/** Column-wise batches, ready for insertColumns(). */
export type GenBatch = {
  products: GenProduct[];
  offers: { productId: number[]; shopId: number[]; url: string[]; shopArticle: string[] };
  spans: {
    productId: number[];
    shopId: number[];
    startDay: string[];
    endDay: string[];
    regular: number[];
    promo: (number | null)[];
    inStock: boolean[];
    source: number[];
  };
  current: {
    productId: number[];
    shopId: number[];
    startDay: string[];
    lastSeen: string[];
    regular: number[];
    promo: (number | null)[];
    inStock: boolean[];
    source: number[];
  };
};

type CategoryRef = { section: string; def: CategoryDef };
const ALL_CATEGORIES: CategoryRef[] = SECTIONS.flatMap((s) => s.categories.map((def) => ({ section: s.name, def })));
const BRAND_NAMES = Object.keys(BRANDS);
const COUNTRY_INDEX: Record<Country, number> = { cz: 0, ua: 1, pl: 2, ge: 3 };

/** Grams, millilitres or pieces. */
function quantity(weight: number, unit: WeightUnit): { kind: 'mass' | 'volume' | 'pieces'; amount: number } {
  if (unit === 'g' || unit === 'kg') return { kind: 'mass', amount: unit === 'kg' ? weight * 1000 : weight };
  if (unit === 'ml' || unit === 'l') return { kind: 'volume', amount: unit === 'l' ? weight * 1000 : weight };
  return { kind: 'pieces', amount: weight };
}

const formatSize = (weight: number, unit: WeightUnit) => `${String(weight)} ${unit}`;

/** The catalogue's product factory: call product(i) for i = 0, 1, 2… in order (EAN items count up). */
export function createProductFactory(seed: number, firstId = 1) {
  const itemCounters = new Map<string, number>();

  function countryOf(i: number): Country {
    const r = rand01(seed, 1, i);
    let acc = 0;
    for (const [c, w] of COUNTRY_WEIGHTS) {
      acc += w;
      if (r < acc) return c;
    }
    return 'cz';
  }

  return function product(i: number): GenProduct & { basePrice: number } {
    const rnd = mulberry32(hash32(seed, 2, i));
    const country = countryOf(i);
    const { section, def } = ALL_CATEGORIES[Math.floor(rnd() * ALL_CATEGORIES.length)]!;
    const fitting = def.brands.filter((b) => BRANDS[b]!.country === country || BRANDS[b]!.country === 'int');
    // A category without a brand of this country sells imports (Borjomi in Kyiv, Milka everywhere).
    const brand = (fitting.length ? fitting : def.brands)[Math.floor(rnd() * (fitting.length || def.brands.length))]!;
    const variant = def.variants[Math.floor(rnd() * def.variants.length)]!;
    const sizeIndex = Math.floor(rnd() * def.sizes.length);
    const [weight, unit] = def.sizes[sizeIndex]!;
    const line = LINES[Math.floor(rnd() * LINES.length)]!;
    const name = `${brand} ${line ? `${line} ` : ''}${variant} ${formatSize(weight, unit)}`;

    const brandInfo = BRANDS[brand]!;
    const company = 1000 + BRAND_NAMES.indexOf(brand) * 4 + COUNTRY_INDEX[country];
    const counterKey = `${brand}|${country}`;
    const item = (itemCounters.get(counterKey) ?? 0) + 1;
    itemCounters.set(counterKey, item);
    const ean = makeEan13(brandInfo.prefix, company, item);

    // Base shelf price in local minor units: bigger packs cost more, less than proportionally.
    const [w0, u0] = def.sizes[0]!;
    const q = quantity(weight, unit);
    const q0 = quantity(w0, u0);
    // Only packs measured alike scale (1 l vs 0.5 l); a powder vs a gel of one category does not.
    const scale = q.kind === q0.kind ? Math.pow(q.amount / q0.amount, 0.85) : 1;
    const premium = 0.85 + rnd() * 0.4 + (line === 'Premium' || line === 'Bio' || line === 'Gold' ? 0.2 : 0);
    const money = COUNTRY_MONEY[country];
    const basePrice = money.ending(Math.round(def.basePrice * scale * premium * money.factor));

    return {
      id: firstId + i,
      ean,
      article: String(100_000 + i),
      name,
      brand,
      section,
      category: def.name,
      weight,
      unit,
      description: `${def.name} by ${brand}: ${variant.toLowerCase()}${line ? ` (${line.toLowerCase()})` : ''}, ${formatSize(weight, unit)}. Section ${section}.`,
      country,
      basePrice,
    };
  };
}

/** Shops of each country grouped by network, for choosing where a product is sold. */
function shopsByCountry(shops: GenShop[]) {
  const map = new Map<string, Map<string, GenShop[]>>();
  for (const s of shops) {
    if (!map.has(s.country)) map.set(s.country, new Map());
    const nets = map.get(s.country)!;
    if (!nets.has(s.network)) nets.set(s.network, []);
    nets.get(s.network)!.push(s);
  }
  return map;
}

const networkLevel = (code: string) => NETWORK_PRICE_LEVEL[code.replace(/-.*$/, '')] ?? 0.97 + rand01(hashString(code), 3) * 0.08;

/** Regular-price change points of one product in one chain: [day, minor units before endings]. */
function regularPath(seed: number, productIndex: number, netHash: number, base: number, level: number, d0: number, d1: number) {
  const rnd = mulberry32(hash32(seed, 4, productIndex, netHash));
  const points: [number, number][] = [];
  let price = base * level * (0.97 + rnd() * 0.06);
  let day = d0 - Math.floor(rnd() * 90);
  points.push([d0, price]);
  for (;;) {
    day += 45 + Math.floor(rnd() * 75);
    if (day > d1) break;
    price *= rnd() < 0.15 ? 1 - (0.02 + rnd() * 0.03) : 1 + (0.01 + rnd() * 0.05);
    points.push([day, price]);
  }
  return points;
}

export type GenerateOptions = {
  size: CatalogueSize;
  shops: GenShop[];
  /** Last day of the history (day number, see lib/days); usually today. */
  endDay: number;
  /** Products per yielded batch. */
  batchProducts?: number;
  /** Id of the first product (ids count up from it). */
  firstId?: number;
};

/** Yields the catalogue in batches of products with their offers, spans and current prices. */
export function* generateCatalogue(opts: GenerateOptions): Generator<GenBatch> {
  const { size, endDay } = opts;
  const seed = size.seed;
  const d1 = endDay;
  const d0 = endDay - size.days + 1;
  const batchProducts = opts.batchProducts ?? 2000;
  const byCountry = shopsByCountry(opts.shops);
  const makeProduct = createProductFactory(seed, opts.firstId ?? 1);
  const dayIso = new Map<number, string>();
  const iso = (d: number) => {
    let s = dayIso.get(d);
    if (!s) dayIso.set(d, (s = isoDay(d)));
    return s;
  };
  const firstWeek = Math.floor(d0 / 7);
  const lastWeek = Math.floor(d1 / 7);

  let batch = emptyBatch();
  for (let i = 0; i < size.products; i++) {
    const p = makeProduct(i);
    const { basePrice, ...product } = p;
    batch.products.push(product);
    const nets = byCountry.get(p.country);
    if (nets && nets.size > 0) {
      const rnd = mulberry32(hash32(seed, 3, i));
      const countryShops = [...nets.values()].reduce((n, list) => n + list.length, 0);
      const wanted = Math.max(1, Math.min(countryShops, Math.round(size.shopsPerProduct * (0.5 + rnd()))));
      // Whole chains first (a chain lists a product in most of its shops), in a random order.
      const order = [...nets.keys()].sort((a, b) => hash32(seed, i, hashString(a)) - hash32(seed, i, hashString(b)));
      // A product listed during the period starts later; a few shops stop selling it early.
      const listedFrom = rnd() < 0.1 ? d0 + Math.floor(rnd() * (size.days - 1)) : d0;
      let taken = 0;
      for (const network of order) {
        if (taken >= wanted) break;
        const netHash = hashString(network);
        const money = COUNTRY_MONEY[p.country];
        const path = regularPath(seed, i, netHash, basePrice, networkLevel(network), d0, d1);
        const promoWeekday = netHash % 7;
        for (const shop of nets.get(network)!) {
          if (taken >= wanted) break;
          const shopHash = hashString(shop.code);
          if (rand01(seed, 5, i, shopHash) < 0.15) continue;
          taken++;
          const sr = mulberry32(hash32(seed, 6, i, shopHash));
          const shopFactor = sr() < 0.8 ? 1 : sr() < 0.5 ? 0.97 : 1.03;
          const source = sr() < 0.85 ? 0 : sr() < 0.66 ? 2 : 1;
          const from = listedFrom;
          const to = sr() < 0.02 ? Math.max(from, d1 - 1 - Math.floor(sr() * 120)) : d1;
          const shopArticle = String((hash32(shopHash, i) % 9_000_000) + 1_000_000);
          batch.offers.productId.push(p.id);
          batch.offers.shopId.push(shop.id);
          batch.offers.url.push(`https://www.${network.replace(/-.*$/, '')}.${COUNTRY_TLD[p.country]}/p/${shopArticle}`);
          batch.offers.shopArticle.push(shopArticle);
          pushSpans(batch, {
            productId: p.id,
            shopId: shop.id,
            from,
            to,
            regularAt: (day) => {
              let v = path[0]![1];
              for (const [d, price] of path) if (d <= day) v = price;
              return money.ending(Math.round(v * shopFactor));
            },
            changeDays: path.map(([d]) => d),
            promoAt: (day) => {
              const week = Math.floor((day - promoWeekday) / 7);
              if (rand01(seed, 7, i, netHash, week) >= size.promoRate) return null;
              return 0.1 + Math.floor(rand01(seed, 8, i, netHash, week) * 6) * 0.05;
            },
            promoWeekday,
            outOfStockIn: (week) => {
              if (rand01(seed, 9, i, shopHash, week) >= size.outOfStockRate) return null;
              const startOffset = Math.floor(rand01(seed, 10, i, shopHash, week) * 7);
              return [startOffset, 1 + Math.floor(rand01(seed, 11, i, shopHash, week) * 4)];
            },
            firstWeek,
            lastWeek,
            ending: money.ending,
            source,
            iso,
          });
        }
      }
    }
    if (batch.products.length >= batchProducts) {
      yield batch;
      batch = emptyBatch();
    }
  }
  if (batch.products.length) yield batch;
}

type SpanInput = {
  productId: number;
  shopId: number;
  from: number;
  to: number;
  regularAt: (day: number) => number;
  changeDays: number[];
  /** Promo depth on that day (0.1…0.35) or null. */
  promoAt: (day: number) => number | null;
  promoWeekday: number;
  /** The out-of-stock episode of that week (days from the week's start, length), or null. */
  outOfStockIn: (week: number) => [number, number] | null;
  firstWeek: number;
  lastWeek: number;
  ending: (minor: number) => number;
  source: number;
  iso: (day: number) => string;
};

/** Walks the days where something may change and writes one span per run of equal figures. */
function pushSpans(batch: GenBatch, s: SpanInput) {
  const bounds = new Set<number>([s.from]);
  for (const d of s.changeDays) if (d > s.from && d <= s.to) bounds.add(d);
  for (let w = s.firstWeek - 1; w <= s.lastWeek + 1; w++) {
    // A promo week starts and ends a span; weeks without one change nothing.
    const promoStart = w * 7 + s.promoWeekday;
    if (s.promoAt(promoStart) !== null) {
      if (promoStart > s.from && promoStart <= s.to) bounds.add(promoStart);
      if (promoStart + 7 > s.from && promoStart + 7 <= s.to) bounds.add(promoStart + 7);
    }
    const oos = s.outOfStockIn(w);
    if (oos) {
      const [start, end] = [w * 7 + oos[0], w * 7 + oos[0] + oos[1]];
      if (start > s.from && start <= s.to) bounds.add(start);
      if (end > s.from && end <= s.to) bounds.add(end);
    }
  }
  const days = [...bounds].sort((a, b) => a - b);
  let open: { start: number; regular: number; promo: number | null; inStock: boolean } | null = null;
  const close = (end: number) => {
    if (!open) return;
    const sp = batch.spans;
    sp.productId.push(s.productId);
    sp.shopId.push(s.shopId);
    sp.startDay.push(s.iso(open.start));
    sp.endDay.push(s.iso(end));
    sp.regular.push(open.regular);
    sp.promo.push(open.promo);
    sp.inStock.push(open.inStock);
    sp.source.push(s.source);
  };
  for (const day of days) {
    const regular = s.regularAt(day);
    const depth = s.promoAt(day);
    let promo = depth === null ? null : s.ending(Math.round(regular * (1 - depth)));
    if (promo !== null && promo >= regular) promo = null;
    const week = Math.floor(day / 7);
    const oos = s.outOfStockIn(week);
    const dow = day - week * 7;
    // An episode starting late in the week may run into the next one.
    const prev = s.outOfStockIn(week - 1);
    const inStock = !((oos && dow >= oos[0] && dow < oos[0] + oos[1]) || (prev && dow + 7 < prev[0] + prev[1]));
    if (open && open.regular === regular && open.promo === promo && open.inStock === inStock) continue;
    close(day - 1);
    open = { start: day, regular, promo, inStock };
  }
  close(s.to);
  if (open) {
    const c = batch.current;
    c.productId.push(s.productId);
    c.shopId.push(s.shopId);
    c.startDay.push(s.iso(open.start));
    c.lastSeen.push(s.iso(s.to));
    c.regular.push(open.regular);
    c.promo.push(open.promo);
    c.inStock.push(open.inStock);
    c.source.push(s.source);
  }
}

function emptyBatch(): GenBatch {
  return {
    products: [],
    offers: { productId: [], shopId: [], url: [], shopArticle: [] },
    spans: { productId: [], shopId: [], startDay: [], endDay: [], regular: [], promo: [], inStock: [], source: [] },
    current: { productId: [], shopId: [], startDay: [], lastSeen: [], regular: [], promo: [], inStock: [], source: [] },
  };
}
