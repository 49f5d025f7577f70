/**
 * Product pages written by the reviewing attacker (not the corpus): the engine may refuse them, but a
 * price it answers must be the one a shopper pays.
 */
import { extract } from '../../src/scraping/extract';

const page = (price: string) =>
  `<!doctype html><html><body><main><h1>Kawa 1 kg</h1><p class="price">${price}</p><button>Do koszyka</button></main></body></html>`;
const run = (price: string) =>
  extract(page(price), { strategy: 'selectors', selectors: { name: 'h1', price: '.price' } as never, country: 'pl', currency: 'PLN' });

describe('price traps', () => {
  it.each(['9,99\u201119,99 zł', '9,99 \u2013 19,99 zł', '9,99-19,99 zł'])('a range %s is no price', (text) => {
    expect(run(text).price).toBeNull();
  });
  it.each(['\u22125,00 zł', '-5,00 zł'])('a negative amount %s is no price', (text) => {
    expect(run(text).price).toBeNull();
  });
  it('a plain price still reads', () => {
    expect(run('19,99 zł').price).toBe(19.99);
  });
});
