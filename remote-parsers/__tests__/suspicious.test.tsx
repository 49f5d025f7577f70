import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import { Toaster } from '@pricewatch/shared/ui';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import { clearSessionData } from '@pricewatch/shared/query';
import ParsersScreen from '../src/screens/parsers-screen';

// The queue of suspicious prices (server/docs/parsers.md "Sanity guard") in the Parsers screen as the host
// renders it, against a real HTTP server answering the contract's shapes, with the real English texts.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 6000 });

const en = JSON.parse(readFileSync(join(__dirname, '..', 'public', 'i18n', 'en.json'), 'utf8'));
const resources = () => ({ en: { translation: { errors: { forbidden: 'Not allowed', service_unavailable: 'Unavailable' } }, parsers: structuredClone(en) } });

const analyst = makeUser({
  username: 'analyst',
  roles: ['network'],
  network: { _id: '2', name: 'Albert', code: 'albert', product: false, leaflet: true, exportDetails: { access: ['parser', 'manual'] } } as never,
});
const guest = makeUser({ username: 'guest', isGuest: true, roles: ['guest'] });

const held = (over: Record<string, unknown> = {}) => ({
  _id: '7',
  runId: '40',
  parserId: '1',
  parserName: 'Albert Anděl',
  network: 'albert',
  country: 'cz',
  productId: '12',
  productName: 'Milk 1.5% 1 l',
  shopId: '3',
  shopName: 'Albert Anděl',
  day: '2026-11-21',
  oldPrice: 24.9,
  reference: 'shop',
  newPrice: 2490,
  regular: 2490,
  promo: null,
  inStock: true,
  currency: 'CZK',
  changePct: 9900,
  text: '2490.00',
  url: 'http://shop.example/p/milk',
  createdAt: '2026-11-21T06:00:09.000Z',
  decision: null,
  decidedAt: null,
  ...over,
});
const second = held({
  _id: '8',
  productId: '13',
  productName: 'Butter 250 g',
  shopName: 'Kaufland Barrandov',
  network: 'kaufland',
  parserId: '2',
  parserName: 'Kaufland Barrandov',
  oldPrice: 59.9,
  newPrice: 5.99,
  regular: 5.99,
  changePct: -90,
  text: '5,99 Kč',
  url: 'http://kaufland.example/p/butter',
  reference: 'network',
});
const ok = (data: unknown) => ({ json: { success: true, data } });
const parser = (id: string, name: string, network: string) => ({
  _id: id,
  code: name.toLowerCase().replace(/ /g, '-'),
  name,
  country: 'cz',
  network,
  shopId: '9',
  strategy: 'auto',
  schedule: '0 */6 * * *',
  enabled: true,
  failingStreak: 0,
  flagged: false,
  lastRun: null,
  activeRun: null,
  problems: 0,
});

let server: LocalApiServer;
let queue: ReturnType<typeof held>[];
beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  clearSessionData();
  queue = [held(), second];
  // Penny has parsers too, beyond the list's first page: the filter offers it all the same.
  server.on(
    'GET /parsers/networks',
    ok([
      { code: 'albert', name: 'Albert', country: 'cz', parsers: 1 },
      { code: 'kaufland', name: 'Kaufland', country: 'cz', parsers: 1 },
      { code: 'penny', name: 'Penny Market', country: 'cz', parsers: 2 },
    ]),
  );
  server.on('GET /parsers/list', ok({ items: [parser('1', 'Albert Anděl', 'albert'), parser('2', 'Kaufland Barrandov', 'kaufland')], total: 2 }));
  server.on('GET /parsers/suspicious', (r) => {
    const items = queue.filter(
      (i) => (!r.query.get('network') || i.network === r.query.get('network')) && (!r.query.get('parser') || i.parserId === r.query.get('parser')),
    );
    const limit = Number(r.query.get('limit') ?? 30);
    return ok({ items: items.slice(0, limit), total: items.length, limit, skip: Number(r.query.get('skip') ?? 0) });
  });
});

// The shell's toaster shows what a decision did (the host renders it once for every screen).
const render = (user = analyst) =>
  renderWithProviders(
    <>
      <ParsersScreen />
      <Toaster />
    </>,
    { user, resources: resources(), deployment: { apiServers: [server.url] } },
  );

async function openQueue() {
  fireEvent.click(await screen.findByRole('tab', { name: /Suspicious prices/ }));
  return screen.findByRole('table', { name: 'Suspicious prices' });
}

describe('Suspicious prices', () => {
  it('counts the waiting prices on their tab and in the parsers’ filters, and lists them with the page they came from', async () => {
    render();
    expect(await screen.findByLabelText('Waiting: 2')).toBeInTheDocument();
    // In the parsers' filters: a button that opens the queue.
    fireEvent.click(await screen.findByRole('button', { name: 'Suspicious prices: 2' }));
    const table = await screen.findByRole('table', { name: 'Suspicious prices' });
    const row = (await within(table).findByText('Milk 1.5% 1 l')).closest('tr')!;
    expect(row).toHaveTextContent('Albert Anděl');
    expect(within(row).getByLabelText(/^from .*24\.90 to .*2,490\.00$/)).toBeInTheDocument();
    expect(row).toHaveTextContent('+9,900 %');
    expect(row).toHaveTextContent("vs. the shop's last price");
    expect(row).toHaveTextContent('2490.00');
    const link = within(row).getByRole('link', { name: 'Open the page of Milk 1.5% 1 l' });
    expect(link).toHaveAttribute('href', 'http://shop.example/p/milk');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const butter = within(table).getByText('Butter 250 g').closest('tr')!;
    expect(butter).toHaveTextContent('-90 %');
    expect(butter).toHaveTextContent("vs. the network's median");
    expect(screen.getByText('Waiting: 2')).toBeInTheDocument();
  });

  it('confirm: the buttons wait while the decision is on its way, then the row and the count go', async () => {
    let release!: () => void;
    server.on('POST /parsers/suspicious/7/confirm', async () => {
      await new Promise<void>((r) => (release = r));
      queue = queue.filter((i) => i._id !== '7');
      return ok({ item: { ...held(), decision: 'confirmed', decidedAt: '2026-11-21T07:00:00.000Z' }, written: 1 });
    });
    render();
    const table = await openQueue();
    const button = (name: string) => within(table).getByRole('button', { name });
    fireEvent.click(await within(table).findByRole('button', { name: 'Confirm the price of Milk 1.5% 1 l in Albert Anděl' }));
    await waitFor(() => expect(button('Confirm the price of Milk 1.5% 1 l in Albert Anděl')).toBeDisabled());
    expect(button('Confirm the price of Milk 1.5% 1 l in Albert Anděl')).toHaveAttribute('data-loading');
    expect(button('Reject the price of Milk 1.5% 1 l in Albert Anděl')).toBeDisabled();
    expect(button('Confirm the price of Butter 250 g in Kaufland Barrandov')).toBeEnabled();
    await waitFor(() => expect(release).toBeDefined());
    release();
    await waitFor(() => expect(within(table).queryByText('Milk 1.5% 1 l')).not.toBeInTheDocument());
    expect(await screen.findByLabelText('Waiting: 1')).toBeInTheDocument();
    expect(server.received.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/parsers/suspicious/7/confirm']);
  });

  it('reject, and a price someone else decided first: told so, and the queue is read again', async () => {
    server.on('POST /parsers/suspicious/8/reject', () => {
      queue = queue.filter((i) => i._id !== '8');
      return ok({ item: { ...second, decision: 'rejected', decidedAt: '2026-11-21T07:00:00.000Z' }, written: 0 });
    });
    server.on('POST /parsers/suspicious/7/confirm', () => {
      queue = queue.filter((i) => i._id !== '7');
      return { status: 409, json: { success: false, error: { code: 'conflict', message: 'already_decided' } } };
    });
    render();
    const table = await openQueue();
    // The parsers' list (its page of 30) is read again after a decision: a rejection is a problem of its run.
    const listReads = () => server.received.filter((r) => r.path === '/parsers/list' && r.query.get('limit') === '30').length;
    const before = listReads();
    fireEvent.click(await within(table).findByRole('button', { name: 'Reject the price of Butter 250 g in Kaufland Barrandov' }));
    await waitFor(() => expect(within(table).queryByText('Butter 250 g')).not.toBeInTheDocument());
    expect(await screen.findByText('Price of Butter 250 g rejected and recorded as a problem of its run')).toBeInTheDocument();
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    fireEvent.click(within(table).getByRole('button', { name: 'Confirm the price of Milk 1.5% 1 l in Albert Anděl' }));
    expect(await screen.findByText('Someone has already decided on this price.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Milk 1.5% 1 l')).not.toBeInTheDocument());
    expect(await within(table).findByText('No suspicious prices are waiting.')).toBeInTheDocument();
  });

  it('filters by network and parser on the server', async () => {
    render();
    await openQueue();
    const networks = screen.getByLabelText('Network') as HTMLSelectElement;
    await waitFor(() => expect(Array.from(networks.options).map((o) => o.textContent)).toEqual(['All', 'Albert', 'Kaufland', 'Penny Market']));
    fireEvent.change(networks, { target: { value: 'kaufland' } });
    await waitFor(() => expect(server.received.some((r) => r.path === '/parsers/suspicious' && r.query.get('network') === 'kaufland')).toBe(true));
    const table = screen.getByRole('table', { name: 'Suspicious prices' });
    await waitFor(() => expect(within(table).queryByText('Milk 1.5% 1 l')).not.toBeInTheDocument());
    // Only the chosen network's parsers are offered.
    const parserSelect = screen.getByLabelText('Parser');
    expect(
      within(parserSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Kaufland Barrandov']);
    fireEvent.change(parserSelect, { target: { value: '2' } });
    await waitFor(() => expect(server.received.some((r) => r.path === '/parsers/suspicious' && r.query.get('parser') === '2')).toBe(true));
  });

  it('guests see the queue but cannot decide, as they cannot start a parser', async () => {
    render(guest);
    const table = await openQueue();
    await within(table).findByText('Milk 1.5% 1 l');
    expect(within(table).queryByRole('button', { name: /^(Confirm|Reject) / })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
