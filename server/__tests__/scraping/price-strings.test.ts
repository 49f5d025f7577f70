/**
 * Price texts written apart from the engine (corpus/price-strings.json, corpus/README.md "Price strings"): each is
 * put in a product page's price element and read as a selectors parser of that shop would read it (its country,
 * currency and priceFormat). Refusing is allowed; recording an amount or currency a careful human would not read is
 * not. The share found is asserted too, so a rule that refuses everything fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extract } from '../../src/scraping/extract';

type Entry = {
  text: string;
  country: string;
  priceFormat: { decimal?: string; thousands?: string } | null;
  expect: { amount: string; currency: string } | { refuse: true; why: string };
};
const entries: Entry[] = JSON.parse(readFileSync(path.join(__dirname, 'corpus', 'price-strings.json'), 'utf8'));

/** The currency a shop of the country sells in (what its parser's shop says). */
const SHOP_CURRENCY: Record<string, string> = {
  ua: 'UAH',
  ge: 'GEL',
  cz: 'CZK',
  pl: 'PLN',
  de: 'EUR',
  at: 'EUR',
  sk: 'EUR',
  lt: 'EUR',
  hu: 'HUF',
  ro: 'RON',
  ch: 'CHF',
};
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function read(e: Entry) {
  const html = `<!doctype html><html><body><main><div class="product"><h1>Product</h1><div class="pp">${escapeHtml(e.text)}</div><button>Buy</button></div></main></body></html>`;
  const r = extract(html, {
    strategy: 'selectors',
    selectors: { name: 'h1', price: '.pp' },
    ...(e.priceFormat ? { priceFormat: e.priceFormat } : {}),
    country: e.country,
    currency: SHOP_CURRENCY[e.country] ?? null,
  } as never);
  return { price: r.price, currency: r.currency };
}

/** What a careful human would call wrong: an amount where none is to be read, another amount, another currency. */
function wrongness(e: Entry, got: { price: number | null; currency: string | null }): string | null {
  if (got.price === null) return null;
  if ('refuse' in e.expect) return `read ${got.price} where a human reads no one price (${e.expect.why})`;
  if (Math.round(got.price * 100) !== Math.round(Number(e.expect.amount) * 100)) return `read ${got.price}, a human reads ${e.expect.amount}`;
  if (got.currency && got.currency !== e.expect.currency) return `read ${got.currency}, a human reads ${e.expect.currency}`;
  return null;
}

describe('price strings the engine never saw', () => {
  it.each(entries.map((e, i) => [`${i + 1}: ${JSON.stringify(e.text)} (${e.country})`, e] as const))('%s: never a wrong amount or currency', (_, e) => {
    expect(wrongness(e, read(e))).toBeNull();
  });

  // Measured 73 of 94 when the file came (2026-11-28), 82 once an element saying both prices in words and an
  // add-on after the price were read. Most misses left hold two unlabelled amounts (a price and another currency's,
  // gross and net), which the engine refuses rather than guess. The fifth batch's 135 strings came with 16 wrong reads
  // and 113 of 155 found; 0 wrong and 137 of 155 (88 %) since. The sixth batch's 128 came with 10 wrong reads and 202
  // of 241 found in all; 0 wrong and 233 of 241 (97 %) since. The seventh batch's 120 came with 26 wrong reads (all
  // on strings to refuse: auctions, dated, last, points, placeholders…) and 274 of 301 found; 0 wrong and 278 of 301
  // (92 %) since. The share may only go up.
  it('finds at least 92 % of the prices a human reads', () => {
    const priced = entries.filter((e) => !('refuse' in e.expect));
    const found = priced.filter((e) => {
      const got = read(e);
      return got.price !== null && wrongness(e, got) === null;
    });
    const missed = priced.filter((e) => !found.includes(e)).map((e) => e.text);
    expect({ share: found.length / priced.length >= 0.923, missed }).toEqual({ share: true, missed: expect.any(Array) });
  });
});
