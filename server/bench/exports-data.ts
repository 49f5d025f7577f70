/**
 * The export bench's data, generated deterministically so the database (seeded once) and the bare
 * writer (which never touches a database) hold exactly the same rows: products × days, one price
 * column per shop. Prices change every 5–30 days, with promos now and then, some days unpriced.
 */
import { addDays } from '../src/lib/days';
import { hash32, mulberry32 } from '../src/demo/catalogue/prng';

export type ExportBenchSize = { products: number; days: number; shops: number; end: string };

export const shopCode = (s: number) => `bench-shop-${s + 1}`;
export const shopLabel = (s: number) => `Bench · Bench shop ${s + 1}`;

export type BenchProduct = { id: number; ean: string; article: string; name: string; brand: string };

export function productOf(i: number): BenchProduct {
  const body = String(482_000_000_000 + i).padStart(12, '0');
  let sum = 0;
  for (let k = 0; k < 12; k++) sum += Number(body[k]) * (k % 2 ? 3 : 1);
  return {
    id: i + 1,
    ean: body + ((10 - (sum % 10)) % 10),
    article: String(500_000 + i),
    name: `Bench product ${i + 1} ${['milk 1 l', 'bread 500 g', 'coffee 250 g', 'oil 1 l', 'rice 1 kg'][i % 5]}`,
    brand: `Brand ${i % 50}`,
  };
}

/** Spans of product i in shop s over day offsets [0, days): [from, to, minor price, promo?]. */
export function spansOf(i: number, s: number, days: number): [number, number, number, boolean][] {
  const rnd = mulberry32(hash32(7, i, s));
  const base = 1000 + Math.floor(rnd() * 19_000);
  const out: [number, number, number, boolean][] = [];
  let d = Math.floor(rnd() * 3); // a shop may start observing a day or two late
  while (d < days) {
    const len = 5 + Math.floor(rnd() * 26);
    const promo = rnd() < 0.15;
    const price = promo ? Math.round(base * 0.8) : base + Math.floor(rnd() * 300);
    out.push([d, Math.min(days - 1, d + len - 1), price, promo]);
    d += len + (rnd() < 0.1 ? 1 : 0); // a missed day now and then
  }
  return out;
}

export const dayIsos = (size: ExportBenchSize) => {
  const start = addDays(size.end, -(size.days - 1));
  return Array.from({ length: size.days }, (_, d) => addDays(start, d));
};

/** The rows both writers produce, product by product (header first). */
export function* benchRows(size: ExportBenchSize): Generator<(string | number | null)[]> {
  const days = dayIsos(size);
  const grid = new Float64Array(size.days * size.shops);
  for (let i = 0; i < size.products; i++) {
    const p = productOf(i);
    grid.fill(NaN);
    for (let s = 0; s < size.shops; s++)
      for (const [from, to, v] of spansOf(i, s, size.days)) for (let d = from; d <= to; d++) grid[d * size.shops + s] = v / 100;
    for (let d = 0; d < size.days; d++) {
      const row: (string | number | null)[] = [p.ean, p.article, p.name, p.brand, days[d]!];
      for (let s = 0; s < size.shops; s++) {
        const v = grid[d * size.shops + s]!;
        row.push(v === v ? v : null);
      }
      yield row;
    }
  }
}

export const benchHeader = (size: ExportBenchSize) => ['EAN', 'Article', 'Name', 'Brand', 'Day', ...Array.from({ length: size.shops }, (_, s) => shopLabel(s))];
