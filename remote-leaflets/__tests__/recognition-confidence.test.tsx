import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@pricewatch/shared/testing';
import { CANDIDATE_ACCEPT_CONFIDENCE } from '@pricewatch/shared/contract';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import LeafletScreen from '../src/screens/leaflet-screen';
import { resources, operator } from './helpers/resources';

// Issue 14 item 4: every candidate shows its confidence and the box it was read from; one under the
// contract's threshold can be fixed but not accepted in one click.

const LEAFLET = {
  _id: '5',
  name: 'Auchan — Big savings',
  network: 'albert',
  networkName: 'Albert',
  currency: 'CZK',
  start: '2026-11-16',
  end: '2026-11-22',
  description: null,
  pageCount: 1,
  priceCount: 0,
  coverThumbUrl: null,
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
      bytes: 1,
      recognition: 'done',
      priceCount: 0,
    },
  ],
};
const ok = (data: unknown) => ({ json: { success: true, data } });
const candidate = (key: string, price: number, confidence: number, box: { x: number; y: number; w: number; h: number }) => ({
  key,
  price,
  oldPrice: null,
  discountPct: null,
  mechanics: 'discount',
  mechanicsText: null,
  text: `Item ${key}`,
  box,
  confidence,
  suggestedProduct: null,
  confirmedPriceId: null,
});

let server: LocalApiServer;
beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());

it('offers Accept only at or above the threshold, shows the confidence, and highlights the box', async () => {
  const sure = candidate('a', 22.9, 0.96, { x: 60, y: 340, w: 230, h: 80 });
  const unsure = candidate('b', 1.51, CANDIDATE_ACCEPT_CONFIDENCE - 0.01, { x: 320, y: 160, w: 200, h: 40 });
  server.on('GET /leaflets/5', ok(LEAFLET));
  server.on('GET /leaflets/5/prices/pageable', ok({ items: [], page: 0, size: 10, total: 0, totalPages: 0 }));
  server.on(
    'GET /leaflets/5/prices/statistics',
    ok({
      priceCount: 0,
      matchedCount: 0,
      withOldPriceCount: 0,
      minPrice: null,
      maxPrice: null,
      avgPrice: null,
      avgDiscountPct: null,
      maxDiscountPct: null,
      byMechanics: [],
      byPage: [],
      bySection: [],
      discountBands: [],
    }),
  );
  server.on(
    'GET /leaflets/5/neural-data',
    ok({
      pageId: '11',
      status: 'done',
      progress: 100,
      candidates: [sure, unsure],
      text: '',
      seconds: 1,
      error: null,
      recognisedAt: '2026-11-16T10:00:00.000Z',
    }),
  );
  renderWithProviders(<LeafletScreen />, { route: '/leaflet?id=5', user: operator, resources: resources(), deployment: { apiServers: [server.url] } });

  const list = await screen.findByRole('list', { name: 'Recognised prices' }, { timeout: 4000 });
  const [first, second] = within(list).getAllByTestId('candidate');
  expect(first).toHaveTextContent('Confidence 96 %');
  expect(within(first!).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  expect(second).toHaveTextContent('Confidence 79 %');
  expect(second).toHaveTextContent('Unsure reading: check it with Fix before saving');
  expect(within(second!).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  expect(within(second!).getByRole('button', { name: 'Fix' })).toBeInTheDocument();

  // the box it was read from stands out on the page
  fireEvent.click(within(second!).getByRole('button', { name: 'Show where it was read' }));
  const picture = screen.getByTestId('page-picture');
  const highlighted = within(picture)
    .getAllByTestId('price-box')
    .find((b) => b.getAttribute('data-highlighted') === 'true');
  expect(highlighted).toBeDefined();
  expect(server.received.some((r) => r.path === '/leaflets/add-price')).toBe(false);
});
