import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSessionData } from '@pricewatch/shared/query';
import { makeUser, renderWithProviders, typeDate } from '@pricewatch/shared/testing';
import AnalyticsScreen from '../src/screens/analytics-screen';
import { lastDays, toUsDate } from '../src/lib/period';
import { blobText, captureDownloads, setUpApiServer } from './helpers/api-server';
import { discountAnalysis, NETWORKS, pricesAnalytics, productsAnalytics, SHOPS } from './helpers/fixtures';
import { readNamespace, resources } from './helpers/resources';

// Whole screens with charts and tables: seconds each on a busy two-core machine.
jest.setTimeout(30_000);

const admin = makeUser({ isAdmin: true, name: 'Admin' });

const api = setUpApiServer();
const saved = captureDownloads();
const postCalls = (path: string) => api.calls('POST', path);

function renderAnalytics() {
  return renderWithProviders(<AnalyticsScreen />, { user: admin, resources: resources(), route: '/analytics', deployment: { apiServers: [api.url] } });
}

beforeEach(() => {
  clearSessionData();
  api.serve({
    'GET /shops/networks': () => NETWORKS,
    'GET /shops': () => SHOPS,
    'GET /sections': () => [{ _id: '1', name: 'Dairy' }],
    'POST /prices/history/prices/analytics': () => pricesAnalytics(),
    'POST /prices/history/discount-analysis': () => discountAnalysis(),
    'POST /prices/history/products/analytics': () => productsAnalytics(),
    'POST /brands/get-by-filters': () => [{ _id: '7', name: 'Madeta', products: 40 }],
  });
});

describe('analytics', () => {
  it('compares the networks of the deployment market over the last 90 days, in US short dates', async () => {
    renderAnalytics();
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    await waitFor(() => expect(postCalls('/prices/history/prices/analytics')).toHaveLength(1));
    const period = lastDays(90);
    const body = { start: toUsDate(period.start), end: toUsDate(period.end), networks: ['albert', 'billa', 'lidl'], baseNetwork: 'albert' };
    expect(postCalls('/prices/history/prices/analytics')[0]).toEqual(body);
    expect(postCalls('/prices/history/discount-analysis')[0]).toEqual(body);
    // A page of every product of the selection (no sample), from the first.
    expect(postCalls('/prices/history/products/analytics')[0]).toEqual({ ...body, limit: 50, skip: 0 });
  });

  it('shows the period in Russian day order and still sends US short dates', async () => {
    renderWithProviders(<AnalyticsScreen />, {
      user: admin,
      resources: { ...resources(), ru: { translation: {}, exports: readNamespace('ru') } },
      language: 'ru',
      route: '/analytics',
      deployment: { apiServers: [api.url] },
    });
    const ru = (iso: string) => iso.split('-').reverse().join('.');
    const start = await screen.findByLabelText('С');
    expect(start).toHaveValue(ru(lastDays(90).start));
    await waitFor(() => expect(postCalls('/prices/history/prices/analytics')).toHaveLength(1));
    const month = lastDays(30);
    await typeDate(start, ru(month.start));
    await waitFor(() => expect(postCalls('/prices/history/prices/analytics')).toHaveLength(2));
    expect(postCalls('/prices/history/prices/analytics')[1]).toMatchObject({ start: toUsDate(month.start), end: toUsDate(month.end) });
  });

  it('draws the price index per network with its table', async () => {
    renderAnalytics();
    const chart = await screen.findByRole('figure', { name: 'Daily price index by network' });
    expect(chart.querySelector('svg.recharts-surface')).not.toBeNull();
    expect(chart.querySelectorAll('.recharts-line')).toHaveLength(2);
    const table = screen.getByRole('table', { name: 'Price index by network' });
    const lidl = within(table)
      .getAllByRole('row')
      .find((r) => within(r).queryByText('Lidl'))!;
    expect(lidl).toHaveTextContent('94.2');
    expect(lidl).toHaveTextContent('−5.8 %');
    // How many products the index compares per network (the most on one day): Lidl 37, the base all 40.
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const compared = header.indexOf('Compared products');
    expect(compared).toBeGreaterThan(0);
    const cell = (row: HTMLElement) => within(row).getAllByRole('cell')[compared]!.textContent;
    expect(cell(lidl)).toBe('37');
    const rowOf = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByText(name))!;
    expect(cell(rowOf('Albert'))).toBe('40');
    // Billa shares no priced day with the base: no index, 0 compared, and said in words — the others get no note.
    expect(rowOf('Billa')).toHaveTextContent('—');
    expect(cell(rowOf('Billa'))).toBe('0');
    expect(screen.getByText('Billa has no day with a product priced by both it and Albert: no index.')).toBeInTheDocument();
    expect(screen.queryByText(/Lidl has no day/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Part of the selection only/)).not.toBeInTheDocument();
  });

  it('draws promo share and depth per network with its table', async () => {
    renderAnalytics();
    const chart = await screen.findByRole('figure', { name: 'Promo share and depth by network' });
    expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(4);
    const table = screen.getByRole('table', { name: 'Promotions by network' });
    const rows = within(table).getAllByRole('row').slice(1);
    // Sorted by promo share, highest first.
    expect(rows[0]).toHaveTextContent('Albert');
    expect(rows[0]).toHaveTextContent('15.0 %');
    expect(rows[0]).toHaveTextContent('21.4 %');
  });

  it('shows the price spread per product with min, average and max, linking to the cards', async () => {
    renderAnalytics();
    const table = await screen.findByRole('table', { name: 'Price spread by product' });
    const milk = within(table).getByRole('link', { name: 'Madeta Milk 1.5% 1 l' });
    expect(milk).toHaveAttribute('href', '/product/42');
    const row = milk.closest('tr')!;
    expect(row).toHaveTextContent('CZK 20.00');
    expect(row).toHaveTextContent('CZK 22.50');
    expect(row).toHaveTextContent('CZK 25.00');
    expect(row).toHaveTextContent('25.0 %');
    expect(screen.getByRole('figure', { name: 'Products of this page with the widest price spread' })).toBeInTheDocument();
  });

  it('pages through every product of the selection, without a sample footnote', async () => {
    api.on('POST /prices/history/products/analytics', (sent) => {
      const skip = Number(sent.skip);
      return productsAnalytics(undefined, undefined, { total: 120, limit: 50, skip });
    });
    renderAnalytics();
    const pages = await screen.findByRole('navigation', { name: 'Pages of the price spread' });
    expect(within(pages).getByText('1–50 of 120')).toBeInTheDocument();
    expect(screen.queryByText(/Only the first/)).not.toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(postCalls('/prices/history/products/analytics').at(-1)).toMatchObject({ limit: 50, skip: 50 }));
    expect(await within(pages).findByText('51–100 of 120')).toBeInTheDocument();
    // Other filters: a new selection, from its first page.
    await userEvent.selectOptions(screen.getByLabelText('Brand'), '7');
    await waitFor(() => expect(postCalls('/prices/history/products/analytics').at(-1)).toMatchObject({ brands: ['7'], skip: 0 }));
  });

  it('changing the base network and the networks asks again', async () => {
    renderAnalytics();
    await screen.findByRole('table', { name: 'Price index by network' });
    await userEvent.selectOptions(screen.getByLabelText('Base network (index 100)'), 'lidl');
    await waitFor(() => expect(postCalls('/prices/history/prices/analytics').at(-1)).toMatchObject({ baseNetwork: 'lidl' }));
    await userEvent.click(screen.getByRole('button', { name: 'Billa' }));
    await waitFor(() => expect(postCalls('/prices/history/discount-analysis').at(-1)).toMatchObject({ networks: ['albert', 'lidl'] }));
    await userEvent.selectOptions(screen.getByLabelText('Brand'), '7');
    await waitFor(() => expect(postCalls('/prices/history/products/analytics').at(-1)).toMatchObject({ brands: ['7'] }));
  });

  it('exports a table as CSV', async () => {
    renderAnalytics();
    await screen.findByRole('table', { name: 'Promotions by network' });
    await userEvent.click(screen.getByRole('button', { name: 'Export “Promotions by network” as CSV' }));
    expect(saved).toHaveLength(1);
    const { blob, name } = saved[0]!;
    expect(name).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-promotions\.csv$/);
    const text = await blobText(blob);
    expect(text).toContain('Network,Products,Ever on promo,Promo share');
    expect(text).toContain('Albert,180,41,15,21.4,35,88,6.8');
  });
});
