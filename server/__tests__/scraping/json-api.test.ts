/**
 * The JSON API strategy without a network: reading items with field paths from odd answers (nulls,
 * strings with commas, nested arrays, huge numbers, NaN-like strings, missing paths), the request
 * template, paging, and the definition schema's refusals naming the field.
 */
import { parserDefinitionSchema, type ParserJsonApi } from '@pricewatch/shared/contract';
import { countAt, expandRequest, itemsOf, planApi, readItem, stockOf } from '../../src/scraping/json-api';
import { AppError } from '../../src/lib/errors';
import { createParsersService } from '../../src/areas/parsers/service';

const BASE = 'https://shop.example/api/products?page=1';
const fields: ParserJsonApi['fields'] = {
  items: '$.items[*]',
  name: '$.name',
  ean: '$.ean',
  article: '$.sku',
  url: '$.url',
  price: '$.price',
  oldPrice: '$.was',
  currency: '$.currency',
  inStock: '$.stock',
};
const read = (item: unknown, f: Partial<ParserJsonApi['fields']> = {}) => readItem(item, { ...fields, ...f }, BASE, 0, { currency: 'CZK', country: 'cz' });

describe('reading one item', () => {
  it('reads every field: numbers and machine strings, a relative URL, the stock', () => {
    const x = read({ name: '  Milk\n1.5 % ', ean: '8594001021499', sku: 'A-17', url: '/p/a-17', price: 24.9, was: '29.90', currency: 'CZK', stock: 3 });
    expect(x.url).toBe('https://shop.example/p/a-17');
    expect(x.article).toBe('A-17');
    expect(x.extraction).toMatchObject({
      name: 'Milk 1.5 %',
      ean: '8594001021499',
      price: 24.9,
      oldPrice: 29.9,
      promo: true,
      currency: 'CZK',
      inStock: true,
      strategy: 'json',
      problem: null,
    });
  });

  it.each([
    ['a string with a comma', '24,90'],
    ['a formatted string', '1 299.00'],
    ['a currency in the string', '24.90 Kč'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['a negative number', -5],
    ['zero', 0],
    ['a huge number', 1e21],
    ['a number past a safe integer', 12345678901234567890],
    ['three decimals', 24.905],
    ['an object', { amount: 24.9 }],
    ['an array of one', [24.9]],
    ['a boolean', true],
    ['an empty string', ''],
  ])('a price that is %s is a problem, never a price', (_, price) => {
    const x = read({ price, sku: 'x' });
    expect(x.extraction.price).toBeNull();
    expect(x.extraction.problem?.kind).toBe('price_unparseable');
  });

  it('a null or missing price is a problem naming the path; other missing paths are unknowns', () => {
    for (const item of [{ price: null }, {}, { other: { price: 5 } }]) {
      const x = read(item);
      expect(x.extraction.problem).toEqual({ kind: 'price_unparseable', message: 'price empty: nothing at $.price' });
    }
    const x = read({ price: '12.50' });
    expect(x.extraction).toMatchObject({ price: 12.5, oldPrice: null, promo: false, name: null, ean: null, inStock: null, currency: 'CZK', problem: null });
  });

  it('a path into nested arrays: one value is the price, several different values are a conflict', () => {
    expect(read({ offers: [[{ p: 10 }], [{ p: 10 }]] }, { price: '$.offers[*][*].p' }).extraction.price).toBe(10);
    const x = read({ offers: [[{ p: 10 }], [{ p: 12 }]] }, { price: '$.offers[*][*].p' });
    expect(x.extraction.problem?.kind).toBe('price_conflict');
    expect(x.extraction.price).toBeNull();
  });

  it('an old price below the price is refused; equal to it is no promotion; a bad old price is a problem', () => {
    expect(read({ price: 20, was: 15 }).extraction.problem?.kind).toBe('price_unparseable');
    expect(read({ price: 20, was: '20.00' }).extraction).toMatchObject({ price: 20, oldPrice: null, promo: false, problem: null });
    expect(read({ price: 20, was: '25,00' }).extraction.problem?.kind).toBe('price_unparseable');
    expect(read({ price: 20, was: null }).extraction).toMatchObject({ price: 20, promo: false, problem: null });
  });

  it('another currency than the shop’s is a mismatch', () => {
    expect(read({ price: 20, currency: 'eur' }).extraction.problem?.kind).toBe('currency_mismatch');
    expect(read({ price: 20, currency: 'czk' }).extraction.problem).toBeNull();
  });

  it('an EAN must have its check digit; numbers and strings alike', () => {
    expect(read({ price: 1, ean: 8594001021499 }).extraction.ean).toBe('8594001021499');
    expect(read({ price: 1, ean: '8594001021498' }).extraction.ean).toBeNull();
    expect(read({ price: 1, ean: 1e21 }).extraction.ean).toBeNull();
    expect(read({ price: 1, ean: null }).extraction.ean).toBeNull();
  });

  it('reads stock in its many spellings', () => {
    expect([true, false, 0, 2, 'InStock', 'https://schema.org/OutOfStock', 'in_stock', 'sold out', 'maybe', null].map(stockOf)).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
      true,
      false,
      null,
      null,
    ]);
  });

  it('without a URL the item is named by the request and its article, and a javascript: URL is no URL', () => {
    expect(read({ price: 1, sku: 'A 1' }).url).toBe(`${BASE}#A%201`);
    expect(read({ price: 1, sku: 'B', url: 'javascript:alert(1)' }).url).toBe(`${BASE}#B`);
  });
});

describe('answers, counts and requests', () => {
  it('items: a wildcard, or the one array a path names; nothing when the path is missing', () => {
    const answer = { data: { list: [{ a: 1 }, { a: 2 }] } };
    expect(itemsOf(answer, '$.data.list[*]')).toHaveLength(2);
    expect(itemsOf(answer, '$.data.list')).toHaveLength(2);
    expect(itemsOf(answer, '$.data.missing[*]')).toEqual([]);
    expect(itemsOf(null, '$.data.list')).toEqual([]);
  });

  it('counts: whole numbers, as numbers or digits; anything else is none', () => {
    expect([42, '42', '4.2', -1, 1e300, 'NaN', null].map((total) => countAt({ total }, '$.total'))).toEqual([42, 42, null, null, null, null, null]);
  });

  it('expands placeholders: URL-encoded in the address and a form body, typed in a JSON body', () => {
    const api = parserDefinitionSchema.parse({
      strategy: 'json',
      api: {
        request: { url: 'https://shop.example/api?page={page}', method: 'POST', headers: { 'X-Key': 'k' }, body: { page: '{page}', q: 'p{page}' } },
        fields: { items: '$[*]', price: '$.p' },
      },
    }).api!;
    const r = expandRequest(api, { page: 3 });
    expect(r).toMatchObject({
      url: 'https://shop.example/api?page=3',
      method: 'POST',
      headers: { accept: 'application/json', 'X-Key': 'k', 'content-type': 'application/json' },
      page: 3,
    });
    expect(JSON.parse(r.body!)).toEqual({ page: 3, q: 'p3' });
    const byId = parserDefinitionSchema.parse({
      strategy: 'json',
      api: { request: { url: 'https://shop.example/p/{id}?ean={ean}' }, fields: { items: '$', price: '$.p' } },
    }).api!;
    expect(expandRequest(byId, { id: 'a/b c', ean: '8594001021499' }).url).toBe('https://shop.example/p/a%2Fb%20c?ean=8594001021499');
  });

  it('pages until an empty page, or as many as the total says, never past maxPages', () => {
    const def = (paging: object) =>
      parserDefinitionSchema.parse({
        strategy: 'json',
        api: { request: { url: 'https://shop.example/api?p={page}' }, paging, fields: { items: '$.items', price: '$.p' } },
      }).api!;
    const untilEmpty = planApi(def({ first: 0, maxPages: 3 }), []);
    expect(untilEmpty.requests.map((r) => r.url)).toEqual(['https://shop.example/api?p=0']);
    const page = (n: number) => ({ ...untilEmpty.requests[0]!, page: n });
    expect(untilEmpty.read(page(0), { items: [{ p: 1 }] }, BASE).next.map((r) => r.page)).toEqual([1]);
    expect(untilEmpty.read(page(1), { items: [] }, BASE).next).toEqual([]);
    expect(untilEmpty.read(page(2), { items: [{ p: 1 }] }, BASE).next).toEqual([]);
    const total = planApi(def({ totalItems: '$.total' }), []);
    const first = total.read(total.requests[0]!, { total: 25, items: Array.from({ length: 10 }, () => ({ p: 1 })) }, BASE);
    expect(first.next.map((r) => r.page)).toEqual([2, 3]);
    expect(first.items).toHaveLength(10);
    // The run's size is known from the first answer (the screen's progress).
    expect(first.expected).toBe(25);
    expect(total.read(total.requests[0]!, { items: [{ p: 1 }] }, BASE).problem?.kind).toBe('layout_changed');
  });

  it('one request per catalogue product that has what the template needs', () => {
    const api = parserDefinitionSchema.parse({
      strategy: 'json',
      api: { request: { url: 'https://shop.example/ean/{ean}' }, fields: { items: '$', price: '$.p' } },
    }).api!;
    const plan = planApi(api, [
      { ean: '8594001021499', article: null },
      { ean: null, article: 'x' },
      { ean: '8594001021499', article: 'y' },
    ]);
    expect(plan.requests.map((r) => r.url)).toEqual(['https://shop.example/ean/8594001021499']);
  });
});

describe('the definition schema', () => {
  const base = { strategy: 'json', api: { request: { url: 'https://shop.example/api?page={page}' }, fields: { items: '$.items[*]', price: '$.price' } } };
  const issue = (def: unknown) => {
    const r = parserDefinitionSchema.safeParse(def);
    return r.success ? null : { path: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };
  };
  const withApi = (api: object) => ({ ...base, api: { ...base.api, ...api } });

  it('accepts a JSON API definition without product URLs', () => {
    expect(issue(base)).toBeNull();
  });

  it.each([
    ['a JSONPath that does not parse', withApi({ fields: { items: '$.items[', price: '$.price' } }), 'api.fields.items'],
    ['a path without $', withApi({ fields: { items: '$.items', price: 'price' } }), 'api.fields.price'],
    ['a script expression', withApi({ fields: { items: '$.items[?(@.constructor.constructor("return process")())]', price: '$.p' } }), 'api.fields.items'],
    ['a regular expression function', withApi({ fields: { items: '$.items[?match(@.name, "(a+)+$")]', price: '$.p' } }), 'api.fields.items'],
    ['no price path', withApi({ fields: { items: '$.items' } }), 'api.fields.price'],
    ['an unknown placeholder', withApi({ request: { url: 'https://shop.example/api?page={pgae}' } }), 'api.request.url'],
    ['a placeholder in the host', withApi({ request: { url: 'https://{id}.shop.example/api' } }), 'api.request.url'],
    ['a non-http address', withApi({ request: { url: 'file:///etc/passwd?{page}' } }), 'api.request.url'],
    ['{page} with {ean}', withApi({ request: { url: 'https://shop.example/api?page={page}&ean={ean}' } }), 'api.request.url'],
    ['a GET body', withApi({ request: { url: 'https://shop.example/api?page={page}', body: 'x' } }), 'api.request.body'],
    [
      'a header with a line break',
      withApi({ request: { url: 'https://shop.example/api?page={page}', headers: { 'X-A': 'a\r\nHost: evil' } } }),
      'api.request.headers.X-A',
    ],
    ['a Host header', withApi({ request: { url: 'https://shop.example/api?page={page}', headers: { Host: 'evil' } } }), 'api.request.headers.Host'],
    ['an unknown method', withApi({ request: { url: 'https://shop.example/api?page={page}', method: 'DELETE' } }), 'api.request.method'],
    ['paging without {page}', withApi({ request: { url: 'https://shop.example/api' }, paging: { first: 1 } }), 'api.paging'],
    ['a bad total path', withApi({ paging: { totalItems: '$$' } }), 'api.paging.totalItems'],
    ['strategy json without api', { strategy: 'json' }, 'api'],
    ['api under another strategy', { ...base, strategy: 'auto', productUrls: ['https://shop.example/p/1'] }, 'strategy'],
  ])('refuses %s, naming the field', (_, def, path) => {
    expect(issue(def)?.path).toBe(path);
  });

  it('where definitions are validated it is a 400 naming the field', () => {
    const service = createParsersService({} as never, {} as never, {} as never, () => undefined);
    let err: unknown;
    try {
      service.parseDefinition(withApi({ fields: { items: '$.items[', price: '$.price' } }));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(400);
    expect((err as AppError).fields?.[0]?.path).toBe('definition.api.fields.items');
  });
});
