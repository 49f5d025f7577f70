import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, typeDate } from '@pricewatch/shared/testing';
import { Toaster } from '@pricewatch/shared/ui';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import PromoAnalysisScreen from '../src/screens/promo-analysis-screen';
import { resources, operator, guest } from './helpers/resources';

// The promo-analysis screen against a real HTTP server answering the contract's shapes (HTTP mocked
// at the fetch level), with this remote's real English texts, in the Polish deployment.
jest.setTimeout(30_000);

const NETWORKS = [
  { _id: '1', code: 'albert', name: 'Albert', country: 'cz', currency: 'CZK', isProduct: false, leaflet: true, shops: 3 },
  { _id: '2', code: 'lidl', name: 'Lidl', country: 'cz', currency: 'CZK', isProduct: false, leaflet: false, shops: 2 },
];
const row = (key: string, label: string, over: Record<string, unknown> = {}) => ({
  key,
  label,
  products: 120,
  promoProducts: 30,
  promoSharePct: 25,
  avgDepthPct: 18.5,
  maxDepthPct: 40,
  avgDurationDays: 6.5,
  promoCount: 45,
  promosPerProduct: 1.5,
  ...over,
});
const summary = (groupBy: string, rows: unknown[]) => ({
  start: '2026-10-25',
  end: '2026-11-21',
  groupBy,
  rows,
  mechanics: [
    { mechanics: 'discount', count: 12, avgDiscountPct: 22.5 },
    { mechanics: 'multi_buy', count: 3, avgDiscountPct: null },
  ],
  weekly: [
    { week: '2026-10-19', network: 'albert', promoSharePct: 20 },
    { week: '2026-10-19', network: 'lidl', promoSharePct: 10 },
    { week: '2026-10-26', network: 'albert', promoSharePct: 30 },
    { week: '2026-10-26', network: 'lidl', promoSharePct: 12.5 },
  ],
});
const BY_NETWORK = summary('network', [row('albert', 'Albert', { promoSharePct: 31.7 }), row('lidl', 'Lidl', { promoSharePct: 12.4, avgDepthPct: 9.1 })]);
const BY_BRAND = summary('brand', [row('7', 'Ariel', { promoSharePct: 55 }), row('none', '—', { promoSharePct: 3 })]);
const ok = (data: unknown) => ({ json: { success: true, data } });

let server: LocalApiServer;
const createObjectURL = jest.fn((_blob: Blob) => 'blob:http://localhost/file-1');
beforeAll(async () => {
  server = await startLocalApiServer();
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  createObjectURL.mockClear();
  server.on('GET /shops/networks', ok(NETWORKS));
  server.on('GET /promo-analysis/summary', (req) => ok(req.query.get('groupBy') === 'brand' ? BY_BRAND : BY_NETWORK));
});

const render = (user = operator, country: 'pl' | 'cz' = 'pl') =>
  renderWithProviders(
    <>
      <PromoAnalysisScreen />
      <Toaster />
    </>,
    { user, resources: resources(), route: '/promo-analysis', language: 'en', deployment: { country, apiServers: [server.url] } },
  );
const calls = (method: string, path: string) => server.received.filter((r) => r.method === method && r.path === path);
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const daysAgo = (n: number) => new Date(Date.parse(new Date().toISOString().slice(0, 10)) - n * 86_400_000).toISOString().slice(0, 10);

describe('promo analysis screen', () => {
  it('asks for the last 4 weeks by network (US dates) and shows the groups in tables and charts', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Promo share by group, table' });
    const q = calls('GET', '/promo-analysis/summary')[0]!.query;
    expect(q.get('start')).toBe(us(daysAgo(27)));
    expect(q.get('end')).toBe(us(daysAgo(0)));
    expect(q.get('groupBy')).toBe('network');
    expect(q.get('networks')).toBeNull();

    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(lines).toEqual([
      ['Albert', '120', '30', '31.7 %'],
      ['Lidl', '120', '30', '12.4 %'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Promo depth by group, table' })).getByRole('row', { name: /Lidl/ })).toHaveTextContent('9.1 %');
    expect(within(screen.getByRole('table', { name: 'Duration and frequency by group, table' })).getByRole('row', { name: /Albert/ })).toHaveTextContent('6.5');
    // Every chart is on the page with the table beside it.
    for (const name of [
      'Promo share by group',
      'Average and max promo depth by group',
      'Promo duration and promos per product by group',
      'Leaflet prices by mechanics',
      'Weekly promo share per network',
    ]) {
      expect(screen.getByRole('figure', { name })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('figure', { name: 'Promo share by group' })).getAllByText('Albert').length).toBeGreaterThan(0);
    const mechanics = screen.getByRole('table', { name: 'Leaflet prices by mechanics, table' });
    expect(within(mechanics).getByRole('row', { name: /Discount/ })).toHaveTextContent('22.5 %');
    expect(within(mechanics).getByRole('row', { name: /Multi-buy/ })).toHaveTextContent('—');
    const weekly = screen.getByRole('table', { name: 'Weekly promo share per network, table' });
    expect(
      within(weekly)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Week', 'Albert', 'Lidl']);
    expect(within(weekly).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Leaflets' })).toHaveAttribute('href', '/leaflet');
  });

  it('switching the grouping to brand asks again and shows brands (none = "(none)")', async () => {
    render();
    await screen.findByRole('table', { name: 'Promo share by group, table' });
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'brand' } });
    await within(screen.getByRole('table', { name: 'Promo share by group, table' })).findByRole('columnheader', { name: /Brand/ });
    const last = calls('GET', '/promo-analysis/summary').at(-1)!.query;
    expect(last.get('groupBy')).toBe('brand');
    const table = screen.getByRole('table', { name: 'Promo share by group, table' });
    expect(within(table).getByRole('row', { name: /Ariel/ })).toHaveTextContent('55 %');
    expect(within(table).getByRole('row', { name: /\(none\)/ })).toBeInTheDocument();
  });

  it('chosen networks go as a comma list; a bad period is explained and not sent', async () => {
    render();
    await screen.findByRole('table', { name: 'Promo share by group, table' });
    const picker = screen.getByRole('group', { name: 'Networks' });
    fireEvent.click(within(picker).getByRole('button', { name: 'Albert' }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Lidl' }));
    await waitFor(() => expect(calls('GET', '/promo-analysis/summary').at(-1)!.query.get('networks')).toBe('albert,lidl'));
    const sent = calls('GET', '/promo-analysis/summary').length;
    await typeDate(screen.getByLabelText('End'), '01/01/2020');
    expect(await screen.findByText('The end is before the start')).toBeInTheDocument();
    expect(screen.getByText('Fix the period to see the analysis.')).toBeInTheDocument();
    await typeDate(screen.getByLabelText('Start'), '01/01/2018');
    expect(await screen.findByText('At most 366 days')).toBeInTheDocument();
    expect(calls('GET', '/promo-analysis/summary')).toHaveLength(sent);
  });

  it('exports to Excel: posts the filter as the body, then downloads the file', async () => {
    server.on('POST /promo-analysis/export', ok({ file: 'promo-analysis-20261121-ab12.xlsx', extension: 'xlsx' }));
    server.on('GET /data/promo-analysis-20261121-ab12.xlsx', {
      bytes: Buffer.from('PK\u0003\u0004 fake xlsx'),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    render();
    await screen.findByRole('table', { name: 'Promo share by group, table' });
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: 'brand' } });
    await within(screen.getByRole('table', { name: 'Promo share by group, table' })).findByRole('columnheader', { name: /Brand/ });
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(calls('GET', '/data/promo-analysis-20261121-ab12.xlsx')).toHaveLength(1));
    const post = calls('POST', '/promo-analysis/export')[0]!;
    expect(JSON.parse(post.body.toString('utf8'))).toEqual({ start: us(daysAgo(27)), end: us(daysAgo(0)), groupBy: 'brand' });
    expect(calls('GET', '/data/promo-analysis-20261121-ab12.xlsx')[0]!.query.get('filename')).toBe(`promo-analysis-${daysAgo(27)}-${daysAgo(0)}.xlsx`);
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('The Excel file is downloaded')).toBeInTheDocument();
  });

  it('says what went wrong when the server refuses, and offers a retry', async () => {
    server.on('GET /promo-analysis/summary', {
      status: 403,
      json: { success: false, error: { code: 'forbidden', message: 'promo_analysis_not_in_deployment' } },
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The promo analysis could not be loaded');
    expect(alert).toHaveTextContent('Promo analysis is not part of this deployment');
  });

  it('shows the empty state when the period has no prices', async () => {
    server.on('GET /promo-analysis/summary', ok({ ...summary('network', []), mechanics: [], weekly: [] }));
    render();
    expect(await screen.findByText('No prices in this period')).toBeInTheDocument();
    expect(screen.getByText('No leaflet prices in this period')).toBeInTheDocument();
  });

  it('guests read but do not export; the Czech deployment has no promo analysis', async () => {
    const { unmount } = render(guest);
    await screen.findByRole('table', { name: 'Promo share by group, table' });
    expect(screen.queryByRole('button', { name: 'Export to Excel' })).toBeNull();
    unmount();
    render(operator, 'cz');
    expect(await screen.findByText('Promo analysis is not available')).toBeInTheDocument();
    expect(calls('GET', '/promo-analysis/summary')).toHaveLength(1);
  });
});
