import { File as NodeFile } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatMoney } from '@pricewatch/shared/format';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import { Toaster } from '@pricewatch/shared/ui';
import AlarmsScreen from '../src/screens/alarms-screen';

// The exposed screen as the host renders it, against a real HTTP server answering the contract's
// shapes, with this remote's real English texts.
const en = JSON.parse(readFileSync(join(__dirname, '..', 'public', 'i18n', 'en.json'), 'utf8'));
const resources = () => ({ en: { translation: { errors: { validation_failed: 'Check the form' } }, alarms: structuredClone(en) } });

const ashan = makeUser({ username: 'ashan', isAshan: true, roles: ['network'] });
const SHOPS = [
  {
    _id: '11',
    code: 'atb-1',
    name: 'ATB Obolon',
    networkId: '2',
    network: 'atb',
    networkName: 'ATB',
    city: null,
    cityName: null,
    address: null,
    country: 'ua',
    currency: 'UAH',
  },
  {
    _id: '12',
    code: 'silpo-1',
    name: 'Silpo Pechersk',
    networkId: '3',
    network: 'silpo',
    networkName: 'Silpo',
    city: null,
    cityName: null,
    address: null,
    country: 'ua',
    currency: 'UAH',
  },
];
const ALARM = {
  _id: '7',
  productId: '5',
  productName: 'Buckwheat 1 kg',
  ean: '4820000000017',
  article: '1001',
  shops: [{ _id: '11', name: 'ATB Obolon', network: 'atb' }],
  rule: 'below',
  value: 44,
  originalShopId: null,
  originalShopName: null,
  start: null,
  end: null,
  isPromoAdded: true,
  enabled: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastFiredAt: null,
  firings: 0,
  metNow: 0,
  currency: 'UAH',
};
const EVENT = {
  _id: '90',
  alarmId: '7',
  alarmKind: 'price',
  alarmName: null,
  productId: '5',
  productName: 'Buckwheat 1 kg',
  shopId: '11',
  shopName: 'ATB Obolon',
  network: 'atb',
  rule: 'below',
  value: 44,
  oldPrice: 45,
  newPrice: 43,
  ownPrice: null,
  currency: 'UAH',
  firedAt: '2026-11-21T08:00:00.000Z',
  read: false,
};
const ok = (data: unknown) => ({ json: { success: true, data } });

// jsdom's FormData is not one Node's fetch can send: the screen gets Node's, as a browser's fetch gets
// the browser's own (see shared/src/api/__tests__/upload.test.ts).
const JsdomFormData = globalThis.FormData;
let server: LocalApiServer;
beforeAll(async () => {
  server = await startLocalApiServer();
  globalThis.FormData = (await new Response('', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData())
    .constructor as typeof FormData;
});
afterAll(() => {
  globalThis.FormData = JsdomFormData;
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  server.on('GET /shops', ok(SHOPS));
  server.on('GET /price-alarms/get/all', ok({ items: [ALARM], total: 1 }));
  server.on('GET /price-products-alarms/get/all', ok({ items: [], total: 0 }));
  server.on('GET /price-alarms/settings', ok({ email: null, notify: 'off' }));
  server.on('GET /price-alarms/events', ok({ items: [EVENT], total: 1, unread: 1, perDay: [{ day: '2026-11-21', count: 1 }] }));
});

const render = (user = ashan) => renderWithProviders(<AlarmsScreen />, { user, resources: resources(), deployment: { apiServers: [server.url] } });

describe('Alarms screen', () => {
  it('lists the price alarms with their rule and shops', async () => {
    render();
    expect(screen.getByRole('heading', { name: 'Alarms' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Price alarms' });
    expect(await within(table).findByText('Buckwheat 1 kg')).toBeInTheDocument();
    // The amount in the alarm's currency, as the UI language writes it.
    expect(within(table).getByText(`Price below ${formatMoney(44, 'ua', 'en')}`.replace(/\s/g, ' '))).toBeInTheDocument();
    expect(within(table).getByText('ATB Obolon')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New price alarm' })).toBeEnabled();
  });

  it('sends the filters to the server', async () => {
    render();
    await screen.findByText('Buckwheat 1 kg');
    fireEvent.change(screen.getByLabelText('Rule'), { target: { value: 'promo_start' } });
    await waitFor(() => expect(server.received.some((r) => r.path === '/price-alarms/get/all' && r.query.get('rule') === 'promo_start')).toBe(true));
  });

  it('shows what fired, with old and new price, the unread count and a chart', async () => {
    render();
    fireEvent.click(await screen.findByRole('tab', { name: /Fired/ }));
    const table = await screen.findByRole('table', { name: 'Fired' });
    const row = (await within(table).findByText('Buckwheat 1 kg')).closest('tr')!;
    expect(row).toHaveTextContent('ATB Obolon');
    expect(row).toHaveTextContent('Price below UAH 44.00');
    expect(row).toHaveTextContent('45');
    expect(row).toHaveTextContent('43');
    expect(screen.getByTestId('events-unread')).toHaveTextContent('Unread: 1');
    expect(screen.getByRole('figure', { name: 'Firings per day, last 30 days' })).toBeInTheDocument();

    server.on('PUT /price-alarms/events/read', ok({ count: 1 }));
    server.on('GET /price-alarms/events', ok({ items: [{ ...EVENT, read: true }], total: 1, unread: 0, perDay: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByTestId('events-unread')).toHaveTextContent('Unread: 0'));
    const put = server.received.find((r) => r.method === 'PUT');
    expect(JSON.parse(put!.body.toString())).toEqual({ all: true });
  });

  it('import: previews accepted and rejected rows before saving', async () => {
    server.on('POST /price-alarms/import', (req) => ({
      json: {
        success: true,
        data: {
          preview: req.query.get('preview') === 'true',
          accepted: [{ row: 2, ean: '4820000000017', productId: '5', productName: 'Buckwheat 1 kg', name: null, rule: 'below', value: 44, reasons: [] }],
          rejected: [{ row: 3, ean: '4000000000000', productId: null, productName: null, name: null, rule: 'below', value: 10, reasons: ['unknown_product'] }],
          created: req.query.get('preview') === 'true' ? 0 : 1,
        },
      },
    }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Import from Excel' }));
    const dialog = await screen.findByRole('dialog');
    const file = new NodeFile([new Uint8Array([80, 75, 3, 4])], 'alarms.xlsx');
    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'ATB — ATB Obolon' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    const preview = await within(dialog).findByTestId('import-preview');
    expect(within(preview).getByText('Accepted rows: 1')).toBeInTheDocument();
    expect(within(preview).getByText('Rejected rows: 1')).toBeInTheDocument();
    expect(within(within(preview).getByRole('table', { name: 'Rejected rows' })).getByText('Unknown product')).toBeInTheDocument();
    const sent = server.received.find((r) => r.path === '/price-alarms/import')!;
    expect(sent.query.get('preview')).toBe('true');
    expect(sent.body.toString('latin1')).toContain('name="shops"\r\n\r\n11\r\n');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save accepted rows (1)' }));
    await waitFor(() => expect(server.received.filter((r) => r.path === '/price-alarms/import').map((r) => r.query.get('preview'))).toEqual(['true', 'false']));
  });

  it('import: a broken file is refused with the reason in words', async () => {
    server.on('POST /price-alarms/import', {
      status: 400,
      json: { success: false, error: { code: 'validation_failed', message: 'validation_failed', fields: [{ path: 'file', message: 'not_xlsx' }] } },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Import from Excel' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [new NodeFile(['a,b'], 'prices.xlsx')] } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Silpo — Silpo Pechersk' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByTestId('import-problem')).toHaveTextContent('This is not an Excel (.xlsx) file');
  });

  it('create dialog checks the value before sending', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'New price alarm' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Rule'), { target: { value: 'diff_pct' } });
    fireEvent.change(within(dialog).getByLabelText('Difference, %'), { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must not be negative')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose your shop to compare with')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a product')).toBeInTheDocument();
    expect(server.received.some((r) => r.method === 'POST')).toBe(false);
  });

  it('create dialog: the amount names its currency, and an alarm already met says so at once', async () => {
    const MILK = { _id: '5', name: 'Milk 1 l', ean: '4820000000017', article: '1001' };
    server.on('GET /products/search', ok([MILK]));
    server.on('POST /price-alarms', ok({ ...ALARM, value: 50, metNow: 1 }));
    renderWithProviders(
      <>
        <AlarmsScreen />
        <Toaster />
      </>,
      { user: ashan, resources: resources(), deployment: { apiServers: [server.url] } },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'New price alarm' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText('Search by name, EAN or article'), 'milk');
    await user.click(await within(dialog).findByRole('option', { name: /Milk/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /ATB Obolon/ }));
    await user.type(within(dialog).getByLabelText('Amount, UAH'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Already met now')).toBeInTheDocument();
    expect(screen.getByText('Watched prices that meet the rule already: 1. The alarm fires when a price newly meets it.')).toBeInTheDocument();
    // Many steps through a real HTTP server: a busy machine needs more than the default 5 s.
  }, 30_000);

  it('guests look but cannot change anything', async () => {
    render(makeUser({ isGuest: true, roles: ['guest'] }));
    await screen.findByText('Buckwheat 1 kg');
    expect(screen.queryByRole('button', { name: 'New price alarm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('users without alarms (hunter-limit) are told so and nothing is loaded', async () => {
    render(makeUser({ isAdmin: true, roles: ['admin', 'hunter-limit'] }));
    expect(screen.getByText('Alarms are not available')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 30));
    expect(server.received.filter((r) => r.path.startsWith('/price'))).toHaveLength(0);
  });
});
