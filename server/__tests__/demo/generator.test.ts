import { eanCheckDigit, isValidEan, makeEan13 } from '../../src/demo/catalogue/ean';
import { DEMO_SIZE, generateCatalogue, type GenBatch } from '../../src/demo/catalogue/generator';
import { mulberry32 } from '../../src/demo/catalogue/prng';
import { dayNumber } from '../../src/lib/days';
import { NETWORKS } from '../../src/demo/data';

describe('EAN-13 check digits', () => {
  it.each([
    ['590123412345', 7], // GS1's own example
    ['400638133393', 1], // a STABILO pen
    ['544900000099', 6], // Coca-Cola 0.5 l
    ['978030640615', 7], // an ISBN-13
    ['482000000000', 0],
  ])('%s → %i', (body, digit) => {
    expect(eanCheckDigit(body)).toBe(digit);
    expect(isValidEan(body + digit)).toBe(true);
    expect(isValidEan(body + ((digit + 1) % 10))).toBe(false);
  });

  it('checks EAN-8 too and refuses other lengths and non-digits', () => {
    expect(isValidEan('96385074')).toBe(true);
    expect(isValidEan('96385075')).toBe(false);
    expect(isValidEan('123')).toBe(false);
    expect(isValidEan('59012341234a7')).toBe(false);
  });

  it('builds 13-digit codes from prefix, company and item', () => {
    const ean = makeEan13('859', 1234, 56);
    expect(ean).toMatch(/^859123400056\d$/);
    expect(isValidEan(ean)).toBe(true);
  });
});

describe('mulberry32', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    expect(c()).not.toBe(xs[0]);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('catalogue generator', () => {
  const shops = NETWORKS.flatMap((n) => n.shops.map((s) => ({ code: s.code, network: n.code, country: n.country }))).map((s, i) => ({ ...s, id: i + 1 }));
  const endDay = dayNumber('2026-06-30');
  const size = { ...DEMO_SIZE, products: 200 };
  const all = (batches: GenBatch[]) => ({
    products: batches.flatMap((b) => b.products),
    spans: batches.flatMap((b) =>
      b.spans.productId.map((p, i) => ({
        productId: p,
        shopId: b.spans.shopId[i]!,
        start: b.spans.startDay[i]!,
        end: b.spans.endDay[i]!,
        regular: b.spans.regular[i]!,
        promo: b.spans.promo[i]!,
        inStock: b.spans.inStock[i]!,
      })),
    ),
    current: batches.reduce((n, b) => n + b.current.productId.length, 0),
    offers: batches.reduce((n, b) => n + b.offers.productId.length, 0),
  });
  const first = all([...generateCatalogue({ size, shops, endDay, batchProducts: 100 })]);

  it('is deterministic for a seed, whatever the batch size', () => {
    const again = all([...generateCatalogue({ size, shops, endDay, batchProducts: 37 })]);
    expect(again.products).toEqual(first.products);
    // A deep toEqual of ~80k spans is slow in jest; the JSON text is the same data.
    expect(again.spans.length).toBe(first.spans.length);
    expect(JSON.stringify(again.spans) === JSON.stringify(first.spans)).toBe(true);
    const other = all([...generateCatalogue({ size: { ...size, seed: size.seed + 1 }, shops, endDay })]);
    expect(other.products.map((p) => p.name)).not.toEqual(first.products.map((p) => p.name));
  });

  it('makes products with valid, unique EAN-13s, articles, brands, weights and units', () => {
    expect(first.products).toHaveLength(200);
    expect(first.products.every((p) => isValidEan(p.ean) && p.ean.length === 13)).toBe(true);
    expect(new Set(first.products.map((p) => p.ean)).size).toBe(200);
    expect(new Set(first.products.map((p) => p.article)).size).toBe(200);
    expect(first.products.every((p) => p.name.startsWith(p.brand) && p.weight > 0)).toBe(true);
    expect(new Set(first.products.map((p) => p.unit))).toEqual(new Set(['g', 'kg', 'ml', 'l', 'pcs']));
    expect(new Set(first.products.map((p) => p.country))).toEqual(new Set(['cz', 'ua', 'pl', 'ge']));
    // Local brands carry their country's GS1 prefix.
    const madeta = first.products.find((p) => p.brand === 'Madeta');
    if (madeta) expect(madeta.ean.startsWith('859')).toBe(true);
  });

  it('writes spans that tile each product × shop history without overlaps, one current price per offer', () => {
    expect(first.current).toBe(first.offers);
    const byPair = new Map<string, typeof first.spans>();
    for (const s of first.spans) {
      const key = `${s.productId}:${s.shopId}`;
      const list = byPair.get(key);
      if (list) list.push(s);
      else byPair.set(key, [s]);
    }
    expect(byPair.size).toBe(first.offers);
    const problems: string[] = [];
    for (const [key, list] of byPair) {
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1]!, list[i]!];
        if (dayNumber(b.start) !== dayNumber(a.end) + 1) problems.push(`${key}: gap or overlap at ${b.start}`);
        // Consecutive spans always differ (otherwise they would be one).
        if (a.regular === b.regular && a.promo === b.promo && a.inStock === b.inStock) problems.push(`${key}: equal spans at ${b.start}`);
      }
      if (!list.every((s) => s.end <= '2026-06-30' && s.start >= '2025-07-01' && s.start <= s.end)) problems.push(`${key}: outside the period`);
    }
    expect(problems).toEqual([]);
  });

  it('has weekly promos on about 15 % of days, 10–35 % off, and rare out-of-stock days', () => {
    let days = 0;
    let promoDays = 0;
    let oosDays = 0;
    const badDepths: number[] = [];
    for (const s of first.spans) {
      const n = dayNumber(s.end) - dayNumber(s.start) + 1;
      days += n;
      if (s.promo !== null) {
        promoDays += n;
        const depth = (s.regular - s.promo) / s.regular;
        if (depth <= 0.05 || depth >= 0.4) badDepths.push(depth);
      }
      if (!s.inStock) oosDays += n;
    }
    expect(badDepths).toEqual([]);
    expect(promoDays / days).toBeGreaterThan(0.1);
    expect(promoDays / days).toBeLessThan(0.22);
    expect(oosDays / days).toBeGreaterThan(0.002);
    expect(oosDays / days).toBeLessThan(0.03);
  });
});
