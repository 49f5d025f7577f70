/**
 * A JSON API template's placeholders are filled from catalogue data (a shop article, an EAN): a value
 * must stay inside its place. encodeURIComponent keeps '.' as it is, and the URL parser resolves a path
 * segment '..' (or '%2E%2E'), so an article '..' would send the request to another path of the shop's API.
 */
import type { ParserJsonApi } from '@pricewatch/shared/contract';
import { planApi } from '../../src/scraping/json-api';

const api = {
  request: { url: 'https://api.shop.example/v1/products/{id}/price', method: 'GET', headers: {} },
  fields: { items: '$', price: '$.price' },
} as unknown as ParserJsonApi;

describe('JSON API template values', () => {
  it('an article that is a dot segment never changes the path of the request', () => {
    const plan = planApi(
      api,
      ['..', '.', '%2e%2e', 'a/../../admin', '42'].map((article) => ({ ean: null, article })),
    );
    for (const r of plan.requests) expect(new URL(r.url).pathname).toMatch(/^\/v1\/products\/[^/]+\/price$/);
    expect(plan.requests.map((r) => new URL(r.url).pathname)).toContain('/v1/products/42/price');
  });

  it('a host, @ or CRLF in a value stays inside the path', () => {
    const plan = planApi(
      api,
      ['@evil.example', 'x#frag', 'x?y=1', 'a\r\nHost: evil'].map((article) => ({ ean: null, article })),
    );
    for (const r of plan.requests) {
      const u = new URL(r.url);
      expect([u.host, u.search, u.hash]).toEqual(['api.shop.example', '', '']);
    }
  });
});
