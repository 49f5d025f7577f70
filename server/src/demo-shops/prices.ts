/**
 * The demo shops' prices: a pure function of the product's catalogue price level (`base`, set when the
 * shops are set up: setup.ts), product, shop and day, so a page, a test and the bench all know the true
 * price of any page on any day. Anchored on the catalogue so that the history rewritten chain-wide
 * (history.ts) keeps the network's prices beside its country's others. Regular prices move weekly,
 * promotions come and go, a few products are out of stock some days; a price is over a thousand where
 * the product costs that (and on a misprinted page, catalog.ts `misprint`).
 */
export type DemoPrice = { regular: number; promo: number | null; inStock: boolean };

function hash(...parts: (string | number)[]): number {
  let h = 2166136261;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Minor units ending in 0 or 9, like shelf prices. */
const shelf = (minor: number) => Math.max(90, Math.round(minor / 10) * 10 - (minor % 20 < 10 ? 0 : 1));

/**
 * A product as the demo shops price it: `base` is its regular price in the catalogue (minor units);
 * without one (pages invented by a test or the bench, no catalogue behind them) a price is drawn from
 * the id, about one product in six over a thousand, so the thousands separators are on those pages.
 */
export type DemoPriced = { id: number; base?: number };

export function demoPrice(product: number | DemoPriced, shopCode: string, day: number): DemoPrice {
  const { id: productId, base } = typeof product === 'number' ? { id: product, base: undefined } : product;
  let regular: number;
  if (base !== undefined && base > 0) {
    // The shop's own level for the product: within a few percent of the catalogue's.
    regular = base * (0.94 + (hash('level', productId, shopCode) % 13) / 100);
  } else {
    const drawn = hash('base', productId, shopCode);
    regular = productId % 6 === 0 ? 100_000 + (drawn % 900_000) : 990 + (drawn % 40_000);
  }
  const week = Math.floor(day / 7);
  regular = shelf(Math.round(regular * (1 + (hash('week', productId, shopCode, week) % 7) / 100)));
  const promoDay = hash('promo', productId, shopCode, Math.floor(day / 3)) % 4 === 0;
  const promo = promoDay ? shelf(Math.round(regular * 0.8)) : null;
  const inStock = hash('stock', productId, shopCode, day) % 11 !== 0;
  return { regular, promo: promo !== null && promo < regular ? promo : null, inStock };
}

/** A price as a page that misprints it shows it (catalog.ts `misprint`): every amount times the factor. */
export function misprinted(price: DemoPrice, factor: number | undefined): DemoPrice {
  if (factor === undefined) return price;
  const f = (minor: number) => Math.max(1, Math.round(minor * factor));
  return { ...price, regular: f(price.regular), promo: price.promo === null ? null : f(price.promo) };
}

/** Minor units as a shop prints them. */
export function formatMinor(minor: number, f: { decimal: string; thousands: string }, separatorChar?: string): string {
  const int = Math.floor(minor / 100);
  const dec = String(minor % 100).padStart(2, '0');
  const sep = separatorChar ?? f.thousands;
  const grouped = sep ? String(int).replace(/\B(?=(\d{3})+(?!\d))/g, sep) : String(int);
  return `${grouped}${f.decimal}${dec}`;
}
