/**
 * The demo shops' prices: a pure function of product, shop and day, so a page, a test and the bench all
 * know the true price of any page on any day. Regular prices move weekly, promotions come and go,
 * a few products are out of stock some days, and about one product in six costs over a thousand (the
 * thousands separators are then on the page).
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

export function demoPrice(productId: number, shopCode: string, day: number): DemoPrice {
  const base = hash('base', productId, shopCode);
  let regular = 990 + (base % 40_000);
  if (productId % 6 === 0) regular = 100_000 + (base % 900_000);
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
