import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import { clearSessionData } from '@pricewatch/shared/query';
import ParsersScreen from '../src/screens/parsers-screen';

// The exposed screen as the host renders it, against a real HTTP server answering the contract's
// shapes, with this remote's real English texts.
jest.setTimeout(30_000);
// Two busy cores: the screen's round trips can take seconds.
configure({ asyncUtilTimeout: 6000 });

const en = JSON.parse(readFileSync(join(__dirname, '..', 'public', 'i18n', 'en.json'), 'utf8'));
const resources = () => ({ en: { translation: { errors: { forbidden: 'Not allowed', service_unavailable: 'Unavailable' } }, parsers: structuredClone(en) } });

const analyst = makeUser({
  username: 'analyst',
  roles: ['network'],
  network: { _id: '2', name: 'Albert', code: 'albert', product: false, leaflet: true, exportDetails: { access: ['parser', 'manual'] } } as never,
});

const run = (over: Record<string, unknown> = {}) => ({
  _id: '40',
  parserId: '1',
  status: 'done',
  trigger: 'schedule',
  queuedAt: '2026-11-21T06:00:00.000Z',
  startedAt: '2026-11-21T06:00:01.000Z',
  finishedAt: '2026-11-21T06:00:09.000Z',
  pagesTotal: 16,
  pagesDone: 16,
  pricesFound: 6,
  notFound: 1,
  errors: { timeout: 1, blocked: 1 },
  ...over,
});
const parser = (over: Record<string, unknown> = {}) => ({
  _id: '1',
  code: 'kaufland-prg-barrandov',
  name: 'Kaufland Barrandov',
  country: 'cz',
  network: 'kaufland',
  shopId: '9',
  strategy: 'selectors',
  schedule: '0 */6 * * *',
  enabled: true,
  failingStreak: 0,
  flagged: false,
  lastRun: run(),
  activeRun: null,
  problems: 2,
  ...over,
});
const ok = (data: unknown) => ({ json: { success: true, data } });

let server: LocalApiServer;
beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  // Each test is a new session: the session's entries (networks, shops) are asked again.
  clearSessionData();
  server.on(
    'GET /parsers/list',
    ok({
      items: [
        parser(),
        parser({
          _id: '2',
          code: 'lidl-prg-smichov',
          name: 'Lidl Smíchov',
          network: 'lidl',
          lastRun: run({ _id: '41', errors: {}, notFound: 0, pricesFound: 12 }),
          problems: 0,
        }),
      ],
      total: 2,
    }),
  );
  server.on('GET /scrapers/list', ok({ items: [], total: 0 }));
  // Tesco's parsers are not on the first page of the list: the networks come from their own call.
  server.on(
    'GET /parsers/networks',
    ok([
      { code: 'kaufland', name: 'Kaufland', country: 'cz', parsers: 1 },
      { code: 'lidl', name: 'Lidl Česká republika', country: 'cz', parsers: 1 },
      { code: 'tesco', name: 'Tesco', country: 'cz', parsers: 3 },
    ]),
  );
  server.on(
    'GET /shops/networks',
    ok([
      { _id: '5', code: 'kaufland', name: 'Kaufland', country: 'cz', currency: 'CZK', isProduct: false, leaflet: false, shops: 1 },
      { _id: '6', code: 'lidl', name: 'Lidl Česká republika', country: 'cz', currency: 'CZK', isProduct: false, leaflet: false, shops: 2 },
    ]),
  );
});

const render = (user = analyst) => renderWithProviders(<ParsersScreen />, { user, resources: resources(), deployment: { apiServers: [server.url] } });

describe('Parsers screen', () => {
  it('lists every parser with its last run, counts and problems by kind, and the same figures as a chart', async () => {
    render();
    expect(screen.getByRole('heading', { name: 'Parsers' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Parsers' });
    // The network by its name once the names have come (the cells are drawn again then).
    await within(table).findByText(/^Kaufland · CZ/);
    const row = within(table).getByText('Kaufland Barrandov').closest('tr')!;
    expect(row).toHaveTextContent('Done');
    expect(row).toHaveTextContent('Timeout: 1');
    expect(row).toHaveTextContent('Blocked: 1');
    // '0 */6 * * *' in UTC, read in words in Prague's time (one or two hours ahead, by season).
    expect(row).toHaveTextContent(/At 0[12]:00, 0[78]:00, 1[34]:00 and (19|20):00/);
    expect(screen.getByRole('figure', { name: /Last run per parser/ })).toBeInTheDocument();
  });

  it('sends the problem and not-found filters and the search to the server', async () => {
    render();
    await within(await screen.findByRole('table', { name: 'Parsers' })).findByText(/^Kaufland · CZ/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only with problems' }));
    await waitFor(() => expect(server.received.some((r) => r.path === '/parsers/list' && r.query.get('onlyWithProblems') === 'true')).toBe(true));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Only with products not found' }));
    await waitFor(() => expect(server.received.some((r) => r.path === '/parsers/list' && r.query.get('onlyWithNotFound') === 'true')).toBe(true));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by shop or code' }), { target: { value: 'lidl' } });
    await waitFor(() => expect(server.received.some((r) => r.path === '/parsers/list' && r.query.get('filters') === 'lidl')).toBe(true));
  });

  it('starts a parser and follows its run live until it is done', async () => {
    let polls = 0;
    server.on(
      'POST /parsers/force-start',
      ok([run({ _id: '50', status: 'queued', trigger: 'force', pagesDone: 0, pagesTotal: 0, finishedAt: null, errors: {} })]),
    );
    server.on('GET /parsers/runs/50', () => {
      polls++;
      return ok(polls < 2 ? run({ _id: '50', status: 'running', pagesDone: 5, pagesTotal: 16, finishedAt: null }) : run({ _id: '50', status: 'done' }));
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Start Kaufland Barrandov' }));
    expect(await screen.findByText('5 / 16 pages', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Progress of Kaufland Barrandov')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('5 / 16 pages')).not.toBeInTheDocument(), { timeout: 4000 });
    const post = server.received.find((r) => r.method === 'POST');
    expect(JSON.parse(post!.body.toString())).toEqual({ parsers: ['1'] });
  });

  it('downloads the results of the last run', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    server.on('GET /parsers/runs/40/results', ok({ file: 'parser-run-20261121-abc.xlsx', extension: '.xlsx' }));
    server.on('GET /data/parser-run-20261121-abc.xlsx', { bytes: Buffer.from('PK'), contentType: 'application/octet-stream' });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Download results of Kaufland Barrandov' }));
    await waitFor(() => expect(saved).toEqual(['kaufland-prg-barrandov-run-40.xlsx']), { timeout: 8000 });
    expect(server.received.find((r) => r.path === '/data/parser-run-20261121-abc.xlsx')?.query.get('filename')).toBe('kaufland-prg-barrandov-run-40.xlsx');
    click.mockRestore();
  });

  it('guests see the list and its results but no start button', async () => {
    render(makeUser({ username: 'guest', isGuest: true, roles: ['guest'] }));
    await within(await screen.findByRole('table', { name: 'Parsers' })).findByText(/^Kaufland · CZ/);
    expect(screen.getByRole('button', { name: 'Download results of Kaufland Barrandov' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Start / })).not.toBeInTheDocument();
  });

  it('a network user without parser access is told so', () => {
    render(
      makeUser({
        username: 'x',
        roles: ['network'],
        network: { _id: '3', name: 'Billa', code: 'billa', product: false, leaflet: false, exportDetails: { access: ['manual'] } } as never,
      }),
    );
    expect(screen.getByText('No access to parsers')).toBeInTheDocument();
  });
});

describe('Networks with parsers', () => {
  it('come from GET /parsers/networks, asked once for the session, whatever the tabs', async () => {
    server.on('GET /parsers/suspicious', ok({ items: [], total: 0, limit: 30, skip: 0 }));
    const { unmount } = render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Scraper requests' }));
    await waitFor(() => expect(screen.getByLabelText('Network')).toHaveValue('kaufland'));
    fireEvent.click(screen.getByRole('tab', { name: /Suspicious prices/ }));
    // The tab shown: its network filter (the only one not hidden) offers every network that has parsers.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Network' })).toHaveAttribute('id', 'suspicious-network'));
    const filter = screen.getByRole('combobox', { name: 'Network' }) as HTMLSelectElement;
    expect(Array.from(filter.options).map((o) => o.textContent)).toEqual(['All', 'Kaufland', 'Lidl Česká republika', 'Tesco']);
    // Leaving the screen and coming back answers from the session's entry.
    unmount();
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Scraper requests' }));
    await waitFor(() => expect(screen.getByLabelText('Network')).toHaveValue('kaufland'));
    expect(server.received.filter((r) => r.path === '/parsers/networks')).toHaveLength(1);
  });

  it('are not asked for by a user without parser access', () => {
    render(
      makeUser({
        username: 'x',
        roles: ['network'],
        network: { _id: '3', name: 'Billa', code: 'billa', product: false, leaflet: false, exportDetails: { access: ['manual'] } } as never,
      }),
    );
    expect(screen.getByText('No access to parsers')).toBeInTheDocument();
    expect(server.received.some((r) => r.path === '/parsers/networks')).toBe(false);
  });
});

describe('Scraper requests', () => {
  it('creates a request for a product in a network and lists it', async () => {
    server.on(
      'POST /scrapers/product',
      ok({
        _id: '7',
        type: 'product',
        productId: '12',
        productName: 'Milk 1 l',
        network: 'albert',
        country: 'cz',
        user: 'analyst',
        status: 'queued',
        createdAt: '2026-11-21T08:00:00.000Z',
        finishedAt: null,
        results: [],
        failures: [],
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Scraper requests' }));
    await screen.findByText('No scraper requests yet.');
    fireEvent.change(screen.getByLabelText('Product id'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Scrape now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Enter the product's numeric id");
    fireEvent.change(screen.getByLabelText('Product id'), { target: { value: '12' } });
    await waitFor(() => expect(screen.getByLabelText('Network')).toHaveValue('kaufland'));
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'lidl' } });
    server.on(
      'GET /scrapers/list',
      ok({
        items: [
          {
            _id: '7',
            type: 'product',
            productId: '12',
            productName: 'Milk 1 l',
            network: 'lidl',
            country: 'cz',
            user: 'analyst',
            status: 'done',
            createdAt: '2026-11-21T08:00:00.000Z',
            finishedAt: '2026-11-21T08:00:03.000Z',
            results: [
              {
                url: 'http://shop/p/1',
                name: 'Milk',
                ean: null,
                price: 24.9,
                oldPrice: null,
                promo: false,
                currency: 'CZK',
                inStock: true,
                strategy: 'selectors',
                problem: null,
              },
            ],
            failures: [],
          },
        ],
        total: 1,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Scrape now' }));
    const table = await screen.findByRole('table', { name: 'Scraper requests' });
    expect(await within(table).findByText('Milk 1 l')).toBeInTheDocument();
    expect(within(table).getByText('24.9 CZK')).toBeInTheDocument();
    const post = server.received.find((r) => r.method === 'POST');
    expect(JSON.parse(post!.body.toString())).toEqual({ productId: '12', network: 'lidl' });
    // Networks are shown by their names, never their codes.
    expect(await within(table).findByText('Lidl Česká republika')).toBeInTheDocument();
    expect(within(table).queryByText('lidl')).not.toBeInTheDocument();
    expect(Array.from((screen.getByLabelText('Network') as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'Kaufland',
      'Lidl Česká republika',
      'Tesco',
    ]);
  });

  it('a failed request shows Failed with its translated reason, not Done', async () => {
    const request = (over: Record<string, unknown>) => ({
      type: 'product',
      productId: '12',
      network: 'albert',
      country: 'cz',
      user: 'analyst',
      createdAt: '2026-11-21T08:00:00.000Z',
      finishedAt: '2026-11-21T08:00:03.000Z',
      ...over,
    });
    server.on(
      'GET /scrapers/list',
      ok({
        items: [
          request({
            _id: '8',
            productName: 'Milk 1 l',
            status: 'failed',
            results: [
              {
                url: 'http://shop/p/1',
                name: null,
                ean: null,
                price: null,
                oldPrice: null,
                promo: false,
                currency: null,
                inStock: null,
                strategy: null,
                problem: { kind: 'network', message: 'connect ECONNREFUSED' },
              },
            ],
            failures: [{ kind: 'network', message: 'connect ECONNREFUSED' }],
          }),
          request({ _id: '9', productName: 'Bread', status: 'failed', results: [], failures: [{ kind: 'run_failed', message: 'abandoned after 3 attempts' }] }),
        ],
        total: 2,
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Scraper requests' }));
    const table = await screen.findByRole('table', { name: 'Scraper requests' });
    const milk = (await within(table).findByText('Milk 1 l')).closest('tr')!;
    expect(within(milk).getByText('Failed')).toBeInTheDocument();
    expect(within(milk).queryByText('Done')).not.toBeInTheDocument();
    expect(within(milk).getByText('Reason: Network error')).toBeInTheDocument();
    const bread = within(table).getByText('Bread').closest('tr')!;
    expect(within(bread).getByText('Failed')).toBeInTheDocument();
    expect(within(bread).getByText('Reason: The run stopped')).toHaveAttribute('title', 'abandoned after 3 attempts');
  });
});
