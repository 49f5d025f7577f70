/**
 * The scraping tests' one price element: a product page whose operator's selector ('.pp') holds the text given,
 * read as a shop of its country (the currency it is judged in).
 */
import { extract } from '../../src/scraping/extract';

export type Shop = { country: string; currency: string };
export const PL: Shop = { country: 'pl', currency: 'PLN' };
export const UA: Shop = { country: 'ua', currency: 'UAH' };
export const CZ: Shop = { country: 'cz', currency: 'CZK' };
export const SK: Shop = { country: 'sk', currency: 'EUR' };
export const GE: Shop = { country: 'ge', currency: 'GEL' };
export const DE: Shop = { country: 'de', currency: 'EUR' };
export const HU: Shop = { country: 'hu', currency: 'HUF' };
export const RO: Shop = { country: 'ro', currency: 'RON' };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `text` as the price element's text (markup in it stays text), under a heading naming the product. */
export const bySelector = (text: string, shop: Shop, h1 = 'Product') =>
  extract(
    `<!doctype html><html><body><main><div class="product"><h1>${escapeHtml(h1)}</h1><div class="pp">${escapeHtml(text)}</div><button>Buy</button></div></main></body></html>`,
    { strategy: 'selectors', selectors: { name: 'h1', price: '.pp' } as never, ...shop },
  );
