/**
 * An amount the page itself says is not the price of one item bought alone — a multi-buy, netto, a card or app
 * price (also through a footnote mark), an estimate for goods sold by weight — is not recorded, whether the
 * operator's selector points at it or structured data repeats it (a blind corpus found both: 4 wrong prices in
 * 30 pages). And what only looks like such a label is still read: BEM blocks named "card", footnotes about
 * VAT and shipping.
 */
import { extract } from '../../src/scraping/extract';

type Shop = { country: string; currency: string };
const PL: Shop = { country: 'pl', currency: 'PLN' };
const UA: Shop = { country: 'ua', currency: 'UAH' };
const CZ: Shop = { country: 'cz', currency: 'CZK' };

const page = (block: string, ld?: { price: number; currency: string }) =>
  `<!doctype html><html><head>${
    ld
      ? `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'X', offers: { '@type': 'Offer', price: ld.price, priceCurrency: ld.currency } })}</script>`
      : ''
  }</head><body><header><a href="/cart">Koszyk 0,00</a></header><main><div class="item-card"><h1 class="item-card__title">Produkt testowy</h1>${block}</div></main></body></html>`;

const bySelector = (block: string, shop: Shop) =>
  extract(page(block), { strategy: 'selectors', selectors: { name: 'h1', price: '.item-card__price' } as never, ...shop });
const byStructuredData = (block: string, shop: Shop, price: number) => extract(page(block, { price, currency: shop.currency }), { strategy: 'auto', ...shop });

const qualified: [string, string, Shop, number][] = [
  ['a multi-buy', '<div class="item-card__price">3 за 99<sup>00</sup> ₴</div>', UA, 99],
  ['a multi-buy in Polish', '<div class="item-card__price">2 za 15,98 zł</div>', PL, 15.98],
  ['netto only', '<div class="item-card__price"><span>389,00 zł</span> <span>netto</span></div>', PL, 389],
  ['an estimate (cca)', '<div class="item-card__price">cca 189,90 Kč / ks</div><p>Váhové zboží</p>', CZ, 189.9],
  ['an estimate (ok.)', '<div class="item-card__price">ok. 24,50 zł</div>', PL, 24.5],
  [
    'an app price through its footnote',
    '<div class="item-card__price"><span>4,99 zł</span><span>*</span></div><p>* cena z aplikacją przy zakupie 2 opakowań</p>',
    PL,
    4.99,
  ],
  [
    'a card price through a ** footnote beside a * one',
    '<div class="item-card__price">12,99 zł**</div><p>* cena zawiera VAT</p><p>** cena z kartą Klubu</p>',
    PL,
    12.99,
  ],
  ['a price per carton on a page about one can', '<div class="item-card__price">Cena: 209,- Kč / karton</div>', CZ, 209],
  [
    'a subscription price under its label line',
    '<div class="box"><div class="box__label">Cena s predplatným</div><div class="item-card__price">52,90 €</div><p>pri pravidelnom doručovaní</p><p>Jednorazový nákup: v košíku</p></div>',
    { country: 'sk', currency: 'EUR' },
    52.9,
  ],
  ['an advance payment', '<div class="row"><span>Передоплата</span> <span class="item-card__price">1 500 ₴</span></div>', UA, 1500],
];

describe('an amount the page qualifies is no price', () => {
  it.each(qualified)('%s, by the operator’s selector', (_, block, shop) => {
    const r = bySelector(block, shop);
    expect(r.price).toBeNull();
    expect(r.problem?.kind).toBe('price_unparseable');
  });
  it.each(qualified)('%s, repeated by structured data', (_, block, shop, amount) => {
    const r = byStructuredData(block, shop, amount);
    expect(r.price).toBeNull();
    expect(r.problem).not.toBeNull();
  });
});

describe('what only looks like a qualifier is still read', () => {
  it('a price in a BEM block named "card" (item-card__price) is the price', () => {
    expect(bySelector('<div class="item-card__price">21 999 ₴</div>', UA).price).toBe(21999);
    expect(byStructuredData('<div class="item-card__price">21 999 ₴</div>', UA, 21999).price).toBe(21999);
  });
  it('a footnote about VAT and shipping does not qualify the price', () => {
    const block = '<div class="item-card__price">49,99 zł*</div><p>* cena zawiera VAT, nie zawiera kosztów dostawy</p>';
    expect(bySelector(block, PL).price).toBe(49.99);
  });
  it('a prepayment beside the price is not a second price', () => {
    const block = '<div class="item-card__price">21 999 ₴</div><p>Передоплата 2 000 ₴, решта — при отриманні</p>';
    expect(byStructuredData(block, UA, 21999).price).toBe(21999);
  });
  it('an estimate whose currency sign reads as a unit too (ლ: lari or litres) is refused by the words on its line', () => {
    const block = '<div class="row"><span>დაახლ.</span> <span class="item-card__price">14,90 ლ</span> <span>/ ც</span></div>';
    expect(bySelector(block, { country: 'ge', currency: 'GEL' }).price).toBeNull();
  });
  it('a multi-buy line beside the regular price: its per-piece amount competes with nothing', () => {
    const block =
      '<div class="prices"><div class="p"><s class="old">52,90</s><span class="item-card__price">45<span>,90</span></span><span>₴</span></div><div class="multi">2 шт. за 79 ₴ <small>(39,50 ₴/шт.)</small></div></div>';
    expect(bySelector(block, UA).price).toBe(45.9);
  });
  it('other sellers’ offers are not this offer’s prices', () => {
    const block =
      '<div class="item-card__price">1 299,00 zł</div><div class="other-offers"><h3>Inne oferty od 1 249,00 zł</h3><ul><li>Sklep A — 1 249,00 zł</li><li>Sklep B — 1 319,00 zł</li></ul></div>';
    expect(bySelector(block, PL).price).toBe(1299);
  });
  it('the regular price beside a card price is read; the card price is not', () => {
    const block =
      '<div class="price-area"><div class="price-area__card"><span>Su AČIŪ kortele</span> <span>0,99 €</span></div><div class="item-card__price">1,29 €</div></div>';
    expect(bySelector(block, { country: 'lt', currency: 'EUR' }).price).toBe(1.29);
  });
});
