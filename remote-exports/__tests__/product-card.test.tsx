import { screen, waitFor, within } from '@testing-library/react';
import { clearSessionData } from '@pricewatch/shared/query';
import { makeUser, renderWithProviders, typeDate } from '@pricewatch/shared/testing';
import ProductCardScreen from '../src/screens/product-card-screen';
import { lastDays, toUsDate } from '../src/lib/period';
import { notFound, refuse, setUpApiServer, type ApiRoutes } from './helpers/api-server';
import { priceHistory, product, productPrices, similar } from './helpers/fixtures';
import { resources } from './helpers/resources';

// Whole screens with charts and tables: seconds each on a busy two-core machine.
jest.setTimeout(30_000);

const user = makeUser({ isAdmin: true, name: 'Admin' });
const US_DATE = /^\d{2}\/\d{2}\/\d{4}$/;
/** MM/DD/YYYY → YYYY-MM-DD, as the server answers days. */
const isoOf = (us: string) => `${us.slice(6)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;

const api = setUpApiServer();
const getCalls = (path: string) => api.calls('GET', path);
function renderCard(id = '42') {
  return renderWithProviders(<ProductCardScreen />, {
    user,
    resources: resources(),
    route: `/product/${id}`,
    path: '/product/:id',
    deployment: { apiServers: [api.url] },
  });
}

const ROUTES: ApiRoutes = {
  'GET /products/42': () => product(),
  'GET /prices/product/42': () => productPrices(),
  'GET /prices/history': (q) => priceHistory(isoOf(String(q.start)), isoOf(String(q.end))),
  'GET /products/find-similar-products': () => [similar(), similar({ _id: '42', name: 'Madeta Milk 1.5% 1 l' })],
};
beforeEach(() => {
  clearSessionData();
  api.serve(ROUTES);
});

describe('product card', () => {
  it('shows the attributes of the product', async () => {
    renderCard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Madeta Milk 1.5% 1 l' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('8594001234567')).toBeInTheDocument();
    expect(within(details).getByText('100042')).toBeInTheDocument();
    expect(within(details).getByText('Dairy › Milk')).toBeInTheDocument();
    expect(within(details).getByText('1 l')).toBeInTheDocument();
    expect(within(details).getByText('Semi-skimmed milk, UHT.')).toBeInTheDocument();
  });

  it('lists current prices in every shop, the cheapest marked and promos shown with their depth', async () => {
    renderCard();
    const table = await screen.findByRole('table', { name: 'Current prices by shop' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const lidl = rows.find((r) => within(r).queryByText('Lidl Smíchov'))!;
    expect(lidl).toHaveAttribute('data-highlighted', 'true');
    expect(within(lidl).getByText('Cheapest')).toBeInTheDocument();
    expect(within(lidl).getByText('−20.1 %')).toBeInTheDocument();
    // Money per currency and UI language (CZK in English).
    expect(within(lidl).getAllByText('CZK 19.90').length).toBeGreaterThan(0);
    const billa = rows.find((r) => within(r).queryByText('Billa Vinohrady'))!;
    expect(billa).not.toHaveAttribute('data-highlighted');
    expect(within(billa).queryByText('Cheapest')).not.toBeInTheDocument();
    expect(within(billa).getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Price summary in CZK' })).toHaveTextContent('Lowest');
  });

  it('asks the history of the last 90 days in US short dates and draws it with promo days marked, with its table', async () => {
    renderCard();
    await waitFor(() => expect(getCalls('/prices/history')).toHaveLength(1));
    const query = getCalls('/prices/history')[0]!;
    const period = lastDays(90);
    expect(query).toEqual({ product: '42', start: toUsDate(period.start), end: toUsDate(period.end) });
    expect(query.start).toMatch(US_DATE);

    const chart = await screen.findByRole('figure', { name: 'Price history chart by shop' });
    expect(chart.querySelector('svg.recharts-surface')).not.toBeNull();
    expect(chart.querySelectorAll('.recharts-line')).toHaveLength(2);
    // The promo day of Lidl is a marked point, and the legend says what the marks mean.
    expect(chart.querySelectorAll('circle[data-mark="true"]')).toHaveLength(1);
    expect(within(chart).getByText('Promo price')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Price history table' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(table).getAllByText('Promo')).toHaveLength(2); // the column header and the promo span
  });

  it('prevents a start after the end in the form and asks nothing until it is fixed', async () => {
    renderCard();
    await screen.findByRole('figure', { name: 'Price history chart by shop' });
    expect(getCalls('/prices/history')).toHaveLength(1);
    const history = screen.getByRole('region', { name: 'Price history' });
    // The end moves before the (default) start: nothing is sent.
    await typeDate(within(history).getByLabelText('To'), '03/01/2020');
    expect(await within(history).findByText('The end is before the start')).toBeInTheDocument();
    expect(within(history).getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    await typeDate(within(history).getByLabelText('From'), '03/10/2020');
    expect(within(history).getByText('The end is before the start')).toBeInTheDocument();
    expect(within(history).getByText('Correct the period to see the data.')).toBeInTheDocument();
    expect(getCalls('/prices/history')).toHaveLength(1);

    await typeDate(within(history).getByLabelText('To'), '03/20/2020');
    await waitFor(() => expect(getCalls('/prices/history')).toHaveLength(2));
    expect(getCalls('/prices/history')[1]).toEqual({ product: '42', start: '03/10/2020', end: '03/20/2020' });
    expect(within(history).queryByText('The end is before the start')).not.toBeInTheDocument();
  });

  it("shows the server's answer when it still refuses the period", async () => {
    api.serve({
      ...ROUTES,
      'GET /products/find-similar-products': () => [],
      'GET /prices/history': () => {
        throw refuse(400, 'validation_failed', { fields: [{ path: 'end', message: 'end_before_start' }] });
      },
    });
    renderCard();
    const history = await screen.findByRole('region', { name: 'Price history' });
    expect(await within(history).findByText('The end of the period is before its start.')).toBeInTheDocument();
  });

  it('links similar products to their cards, without the product itself', async () => {
    renderCard();
    const table = await screen.findByRole('table', { name: 'Similar products' });
    const link = await within(table).findByRole('link', { name: 'Madeta Milk 3.5% 1 l' });
    expect(link).toHaveAttribute('href', '/product/43');
    expect(within(table).queryByRole('link', { name: 'Madeta Milk 1.5% 1 l' })).not.toBeInTheDocument();
    expect(getCalls('/products/find-similar-products')[0]).toMatchObject({ name: 'Madeta Milk 1.5% 1 l', brand: 'Madeta', sectionId: '1', weight: '1000' });
  });

  it('an unknown id shows the translated "not found" with a way back to the list', async () => {
    api.serve({
      'GET /products/999999999': () => {
        throw notFound();
      },
    });
    renderCard('999999999');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Product not found')).toBeInTheDocument();
    expect(within(alert).getByText('The requested record was not found.')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Back to the product list' })).toHaveAttribute('href', '/product');
  });
});
