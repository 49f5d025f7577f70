import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@pricewatch/shared/testing';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import LeafletScreen from '../src/screens/leaflet-screen';
import { operator } from './helpers/resources';

// Issue 18 item 3: a leaflet price's kind of promotion travels as a code and is shown in the user's
// language; only mechanicsText, the leaflet's own printed words, is shown as written.

// A bound, not a timing: the first render of the screen on a busy machine takes seconds.
jest.setTimeout(30_000);

const read = (...p: string[]) => JSON.parse(readFileSync(join(__dirname, '..', ...p), 'utf8'));
const texts = (lang: string) => ({
  translation: read('..', 'host', 'public', 'assets', 'i18n', `${lang}.json`),
  leaflets: read('public', 'i18n', `${lang}.json`),
});

const LEAFLET = {
  _id: '5',
  name: 'Auchan week 47',
  network: 'auchan',
  networkName: 'Auchan',
  currency: 'UAH',
  start: '2026-11-16',
  end: '2026-11-22',
  description: null,
  pageCount: 1,
  priceCount: 3,
  coverThumbUrl: '/leaflets/images/5-1.png?size=thumb',
  createdAt: '2026-11-15T10:00:00.000Z',
  updatedAt: '2026-11-15T10:00:00.000Z',
  pages: [
    {
      _id: '11',
      leafletId: '5',
      pageNo: 1,
      name: '5-1.png',
      url: '/leaflets/images/5-1.png',
      thumbUrl: '/leaflets/images/5-1.png?size=thumb',
      type: 'png',
      width: 1000,
      height: 1400,
      bytes: 12345,
      recognition: 'none',
      priceCount: 3,
    },
  ],
};
const price = (i: number, mechanics: string, mechanicsText: string | null) => ({
  _id: String(100 + i),
  leafletId: '5',
  pageId: '11',
  pageNo: 1,
  productId: null,
  product: null,
  productName: `Product ${i}`,
  price: 10 + i,
  oldPrice: 20 + i,
  discountPct: 30,
  mechanics,
  mechanicsText,
  box: { x: 10 * i, y: 10, w: 50, h: 40 },
  source: 'manual',
  createdAt: '2026-11-15T10:00:00.000Z',
});
const PRICES = [price(1, 'card', null), price(2, 'multi_buy', '2+1'), price(3, 'second_item', '−50 %')];
const STATS = {
  priceCount: 3,
  matchedCount: 0,
  withOldPriceCount: 3,
  minPrice: 11,
  maxPrice: 13,
  avgPrice: 12,
  avgDiscountPct: 30,
  maxDiscountPct: 30,
  byMechanics: [
    { mechanics: 'card', count: 1, avgDiscountPct: 30 },
    { mechanics: 'multi_buy', count: 1, avgDiscountPct: null },
  ],
  byPage: [{ pageId: '11', pageNo: 1, count: 3 }],
  bySection: [],
  discountBands: [],
};
const ok = (data: unknown) => ({ json: { success: true, data } });

let server: LocalApiServer;
beforeAll(async () => {
  server = await startLocalApiServer();
  server.on('GET /leaflets/5', ok(LEAFLET));
  server.on('GET /leaflets/5/prices/pageable', ok({ items: PRICES, page: 0, size: 10, total: 3, totalPages: 1 }));
  server.on('GET /leaflets/5/prices/statistics', ok(STATS));
  server.on('GET /products/search', ok([]));
});
afterAll(() => server.close());

describe.each(['ru', 'ua', 'pl'])('leaflet mechanics in %s', (lang) => {
  const mechanics = read('public', 'i18n', `${lang}.json`).mechanics as Record<string, string>;
  const english = Object.values(read('public', 'i18n', 'en.json').mechanics as Record<string, string>);

  it('the prices table and the statistics name each kind in the language, the printed words as printed', async () => {
    renderWithProviders(<LeafletScreen />, {
      route: '/leaflet?id=5',
      user: operator,
      language: lang,
      resources: { [lang]: texts(lang) },
      deployment: { apiServers: [server.url], languages: ['en', 'ru', 'ua', 'pl'] },
    });
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    const row = (name: string) => screen.getByText(name).closest('tr')!;
    expect(row('Product 1')).toHaveTextContent(mechanics.card!);
    expect(row('Product 2')).toHaveTextContent(`${mechanics.multi_buy!} · 2+1`);
    expect(row('Product 3')).toHaveTextContent(`${mechanics.second_item!} · −50 %`);
    for (const word of english) expect(screen.queryByText(new RegExp(word.replace(/[()+]/g, '\\$&')))).not.toBeInTheDocument();

    const leaflet = read('public', 'i18n', `${lang}.json`).leaflet;
    fireEvent.click(screen.getByRole('tab', { name: leaflet.tabStatistics }));
    const byMechanics = await screen.findByRole('table', { name: leaflet.stats.byMechanics });
    expect(within(byMechanics).getByText(mechanics.card!)).toBeInTheDocument();
    expect(within(byMechanics).getByText(mechanics.multi_buy!)).toBeInTheDocument();
  });
});
