import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@pricewatch/shared/testing';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import LeafletScreen from '../src/screens/leaflet-screen';
import { resources, operator, guest } from './helpers/resources';

// Editing and deleting one leaflet price on the /leaflet?id= screen, against a real HTTP server that
// keeps the prices (as leaflet-view.test.tsx does, with this remote's and the shell's English texts).

const LEAFLET = {
  _id: '5',
  name: 'Albert week 47',
  network: 'albert',
  networkName: 'Albert',
  currency: 'CZK',
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
type Price = Record<string, unknown> & { _id: string; price: number; oldPrice: number | null };
const price = (i: number): Price => ({
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
  mechanics: 'discount',
  mechanicsText: null,
  box: { x: 10 * i, y: 10, w: 50, h: 40 },
  source: 'manual',
  createdAt: '2026-11-15T10:00:00.000Z',
});
const ok = (data: unknown) => ({ json: { success: true, data } });
const EMPTY_STATS = {
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
};

let server: LocalApiServer;
let prices: Price[];
beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  prices = [price(1), price(2), price(3)];
  server.received.length = 0;
  server.routes.clear();
  server.on('GET /leaflets/5', () => ok({ ...LEAFLET, priceCount: prices.length }));
  server.on('GET /leaflets/5/prices/pageable', (req) => {
    const p = Number(req.query.get('page'));
    const size = Number(req.query.get('size'));
    return ok({ items: prices.slice(p * size, p * size + size), page: p, size, total: prices.length, totalPages: Math.ceil(prices.length / size) });
  });
  server.on('GET /leaflets/5/prices/statistics', () => ok({ ...EMPTY_STATS, priceCount: prices.length }));
  server.on('GET /products/search', ok([]));
  for (const id of ['101', '102', '103']) {
    server.on(`PUT /leaflets/prices/${id}`, (req) => {
      const changes = JSON.parse(req.body.toString('utf8')) as Partial<Price>;
      const at = prices.findIndex((p) => p._id === id);
      prices[at] = { ...prices[at]!, ...changes };
      return ok(prices[at]);
    });
    server.on(`DELETE /leaflets/prices/${id}`, () => {
      prices = prices.filter((p) => p._id !== id);
      return ok({ deleted: true });
    });
  }
});

const render = (user = operator) =>
  renderWithProviders(<LeafletScreen />, { route: '/leaflet?id=5', user, resources: resources(), deployment: { apiServers: [server.url] } });
const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr')!;
const requests = (method: string, path: string) => server.received.filter((r) => r.method === method && r.path === path);

describe('Editing and deleting one leaflet price', () => {
  it('Edit opens the price form prefilled, PUTs only the changed fields and the row shows the new price', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Prices of the page' });
    await within(table).findByText('Product 2');
    fireEvent.click(within(table).getByRole('button', { name: 'Edit price of Product 2' }));
    const form = await screen.findByRole('form', { name: 'Edit price' });
    expect(within(form).getByLabelText('Product')).toHaveValue('Product 2');
    expect(within(form).getByLabelText('Price')).toHaveValue('12');
    expect(within(form).getByLabelText('Old price')).toHaveValue('22');
    expect(screen.queryByRole('form', { name: 'Add price' })).not.toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '15,50' } });
    fireEvent.change(within(form).getByLabelText('Mechanics'), { target: { value: 'card' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit price' })).not.toBeInTheDocument());

    const put = requests('PUT', '/leaflets/prices/102');
    expect(put).toHaveLength(1);
    expect(put[0]!.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(put[0]!.body.toString('utf8'))).toEqual({ price: 15.5, mechanics: 'card' });
    expect(requests('POST', '/leaflets/add-price')).toHaveLength(0);
    // The table (and statistics) are asked again and show the new price.
    await waitFor(() => expect(rowOf(table, 'Product 2')).toHaveTextContent(/15\.50/));
    expect(rowOf(table, 'Product 2')).toHaveTextContent('Loyalty card price');
  });

  it('keeps the form open with the error when the old price is not above the new price', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Prices of the page' });
    await within(table).findByText('Product 1');
    fireEvent.click(within(table).getByRole('button', { name: 'Edit price of Product 1' }));
    const form = await screen.findByRole('form', { name: 'Edit price' });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await within(form).findByTestId('price-old-error')).toHaveTextContent('The old price must be higher than the price');
    expect(requests('PUT', '/leaflets/prices/101')).toHaveLength(0);
  });

  it('a 400 of the server naming a field shows on that field, the form stays open with what was typed', async () => {
    // The server checks the old price against the stored one merged with the change (another user may
    // have changed it meanwhile): the form cannot know, the field says so.
    server.on('PUT /leaflets/prices/102', {
      status: 400,
      json: {
        success: false,
        error: { code: 'validation_failed', message: 'validation_failed', fields: [{ path: 'oldPrice', message: 'old_price_not_above_price' }] },
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Prices of the page' });
    await within(table).findByText('Product 2');
    fireEvent.click(within(table).getByRole('button', { name: 'Edit price of Product 2' }));
    const form = await screen.findByRole('form', { name: 'Edit price' });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '13' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await within(form).findByTestId('price-old-error')).toHaveTextContent('The old price must be higher than the price');
    expect(JSON.parse(requests('PUT', '/leaflets/prices/102')[0]!.body.toString('utf8'))).toEqual({ price: 13 });
    expect(within(form).getByLabelText('Price')).toHaveValue('13');
    expect(within(form).queryByTestId('price-form-problem')).not.toBeInTheDocument();
    expect(rowOf(table, 'Product 2')).toHaveTextContent(/12\.00/);
  });

  it('a refusal naming no field is said in the form', async () => {
    server.on('PUT /leaflets/prices/103', { status: 404, json: { success: false, error: { code: 'not_found', message: 'not_found' } } });
    render();
    const table = await screen.findByRole('table', { name: 'Prices of the page' });
    await within(table).findByText('Product 3');
    fireEvent.click(within(table).getByRole('button', { name: 'Edit price of Product 3' }));
    const form = await screen.findByRole('form', { name: 'Edit price' });
    fireEvent.change(within(form).getByLabelText('Mechanics'), { target: { value: 'card' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await within(form).findByTestId('price-form-problem')).toHaveTextContent('Not found: it may have been deleted');
    expect(requests('PUT', '/leaflets/prices/103')).toHaveLength(1);
  });

  it('Delete asks first, then sends DELETE; the row disappears and the counts are asked again', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Prices of the page' });
    await within(table).findByText('Product 3');
    // Cancel: nothing is sent.
    fireEvent.click(within(table).getByRole('button', { name: 'Delete price of Product 3' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete price?' });
    expect(dialog).toHaveTextContent('Product 3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests('DELETE', '/leaflets/prices/103')).toHaveLength(0);

    fireEvent.click(within(table).getByRole('button', { name: 'Delete price of Product 3' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete price?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(table).queryByText('Product 3')).not.toBeInTheDocument());
    expect(requests('DELETE', '/leaflets/prices/103')).toHaveLength(1);
    expect(within(table).getByText('Product 1')).toBeInTheDocument();
    // The leaflet's counts and its statistics are asked again.
    await waitFor(() => expect(screen.getByTestId('leaflet-counts')).toHaveTextContent('prices: 2'));
    fireEvent.click(screen.getByRole('tab', { name: 'Statistics' }));
    await waitFor(() => expect(screen.getByTestId('stat-prices')).toHaveTextContent('2'));
  });

  it('guests see neither Edit nor Delete', async () => {
    render(guest);
    const table = await screen.findByRole('table', { name: 'Prices of the page' });
    await within(table).findByText('Product 1');
    expect(within(table).queryByRole('button', { name: /^Edit price of/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Delete price of/ })).not.toBeInTheDocument();
    expect(within(table).queryByText('Actions')).not.toBeInTheDocument();
  });
});
