import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { makeUser, renderWithProviders, TEST_TOKEN, typeDate } from '@pricewatch/shared/testing';
import { Toaster } from '@pricewatch/shared/ui';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import LeafletList from '../src/features/leaflets/components/leaflet-list';
import { en, resources, operator, guest } from './helpers/resources';

/** Albert's user with leaflets: sees Billa's leaflets too (allowedNetworks), changes only Albert's. */
const albertUser = makeUser({
  username: 'albert.user',
  roles: ['network'],
  network: { _id: '1', code: 'albert', name: 'Albert', product: false, leaflet: true, exportDetails: { allowedNetworks: ['billa'] } },
});

// The leaflet list as the shell-less /leaflet screen shows it, against a real HTTP server answering the
// contract's shapes (HTTP mocked at the fetch level), with this remote's real English texts.
jest.setTimeout(30_000);

const NETWORKS = [
  { _id: '1', code: 'albert', name: 'Albert', country: 'cz', currency: 'CZK', isProduct: false, leaflet: true, shops: 3 },
  { _id: '2', code: 'billa', name: 'Billa', country: 'cz', currency: 'CZK', isProduct: false, leaflet: true, shops: 2 },
];
const leaflet = (over: Record<string, unknown> = {}) => ({
  _id: '11',
  name: 'Albert week 45',
  network: 'albert',
  networkName: 'Albert',
  currency: 'CZK',
  start: '2026-11-02',
  end: '2026-11-08',
  description: 'Autumn deals',
  pageCount: 4,
  priceCount: 37,
  coverThumbUrl: '/leaflets/images/11-p1-abc.png',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});
const ALBERT = leaflet();
const BILLA = leaflet({
  _id: '12',
  name: 'Billa Christmas',
  network: 'billa',
  networkName: 'Billa',
  start: '2026-12-01',
  end: '2026-12-24',
  description: null,
  pageCount: 0,
  priceCount: 0,
  coverThumbUrl: null,
});
const ok = (data: unknown) => ({ json: { success: true, data } });
const fieldError = (path: string, message: string) => ({
  status: 400,
  json: { success: false, error: { code: 'validation_failed', message: 'validation_failed', fields: [{ path, message }] } },
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

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
  server.on('GET /leaflets/search/by-name', ok([ALBERT, BILLA]));
  server.on('GET /leaflets/search/by-period', ok([ALBERT]));
});

const render = (user = operator) =>
  renderWithProviders(
    <>
      <LeafletList />
      <Location />
      <Toaster />
    </>,
    { user, resources: resources(), route: '/leaflet', deployment: { apiServers: [server.url] } },
  );
const calls = (method: string, path: string) => server.received.filter((r) => r.method === method && r.path === path);
const table = () => screen.findByRole('table', { name: 'Leaflets' });

describe('leaflet list: finding leaflets', () => {
  it('lists the newest leaflets first, then searches by name (debounced) and network', async () => {
    render();
    const rows = await table();
    expect(within(rows).getByRole('link', { name: 'Albert week 45' })).toHaveAttribute('href', '/leaflet?id=11');
    const albertRow = within(rows).getByText('Albert week 45').closest('tr')!;
    expect(albertRow).toHaveTextContent('Albert');
    expect(albertRow).toHaveTextContent('Nov 2, 2026 – Nov 8, 2026');
    expect(albertRow).toHaveTextContent('37');
    expect(calls('GET', '/leaflets/search/by-name')[0]!.query.get('name')).toBe('');

    fireEvent.change(screen.getByLabelText('Leaflet name'), { target: { value: 'Al' } });
    fireEvent.change(screen.getByLabelText('Leaflet name'), { target: { value: 'Albert' } });
    await waitFor(() => expect(calls('GET', '/leaflets/search/by-name').at(-1)!.query.get('name')).toBe('Albert'));
    // the half-typed "Al" never went out: the search waits for typing to pause
    expect(calls('GET', '/leaflets/search/by-name').map((r) => r.query.get('name'))).toEqual(['', 'Albert']);

    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'albert' } });
    await waitFor(() => expect(calls('GET', '/leaflets/search/by-name').at(-1)!.query.get('network')).toBe('albert'));
    expect(calls('GET', '/leaflets/search/by-name').at(-1)!.query.get('name')).toBe('Albert');
  });

  it('shows the cover thumbnail with the token, lazily, at a fixed size', async () => {
    render();
    const img = await screen.findByRole('img', { name: 'Cover of Albert week 45' });
    const src = new URL(img.getAttribute('src')!);
    expect(src.origin + src.pathname).toBe(`${server.url}/leaflets/images/11-p1-abc.png`);
    expect(src.searchParams.get('size')).toBe('thumb');
    expect(src.searchParams.get('token')).toBe(TEST_TOKEN);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '48');
    expect(screen.getByText('No pages')).toBeInTheDocument();
  });

  it('searches by period in US dates and refuses an end before the start', async () => {
    render();
    await table();
    fireEvent.click(screen.getByRole('radio', { name: 'Period' }));
    expect(await screen.findByText('Choose a period')).toBeInTheDocument();
    await typeDate(screen.getByLabelText('From'), '11/10/2026');
    await typeDate(screen.getByLabelText('To'), '11/01/2026');
    expect(await screen.findByText(en.errors.end_before_start)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls('GET', '/leaflets/search/by-period')).toHaveLength(0);

    await typeDate(screen.getByLabelText('To'), '11/20/2026');
    await waitFor(() => expect(calls('GET', '/leaflets/search/by-period')).toHaveLength(1));
    const q = calls('GET', '/leaflets/search/by-period')[0]!.query;
    expect([q.get('start'), q.get('end'), q.get('network')]).toEqual(['11/10/2026', '11/20/2026', null]);
    const rows = await table();
    await waitFor(() => expect(within(rows).queryByText('Billa Christmas')).not.toBeInTheDocument());
    expect(screen.queryByText(en.errors.end_before_start)).not.toBeInTheDocument();
  });

  it("shows the server's field error next to the period", async () => {
    server.on('GET /leaflets/search/by-period', fieldError('end', 'end_before_start'));
    render();
    await table();
    fireEvent.click(screen.getByRole('radio', { name: 'Period' }));
    await typeDate(await screen.findByLabelText('From'), '11/01/2026');
    await typeDate(screen.getByLabelText('To'), '11/02/2026');
    expect(await screen.findByText(en.errors.end_before_start)).toBeInTheDocument();
  });

  it('says when the answer is cut at the search limit', async () => {
    const { LEAFLET_LIMITS } = await import('@pricewatch/shared/contract');
    server.on('GET /leaflets/search/by-name', ok(Array.from({ length: LEAFLET_LIMITS.searchMax }, (_, i) => ({ ...ALBERT, _id: String(1000 + i) }))));
    render();
    expect(await screen.findByText(`The first ${LEAFLET_LIMITS.searchMax} leaflets — narrow the search to see the rest`)).toBeInTheDocument();
  });

  it('says so when nothing matches, and when the server refuses (403) in its words', async () => {
    server.on('GET /leaflets/search/by-name', (req) => (req.query.get('name') ? ok([]) : ok([ALBERT])));
    render();
    await table();
    fireEvent.change(screen.getByLabelText('Leaflet name'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No leaflets match')).toBeInTheDocument();

    server.on('GET /leaflets/search/by-name', { status: 403, json: { success: false, error: { code: 'forbidden', message: 'forbidden' } } });
    fireEvent.change(screen.getByLabelText('Leaflet name'), { target: { value: 'zzzz' } });
    expect(await screen.findByText(en.errors.forbidden)).toBeInTheDocument();
  });
});

describe('leaflet list: changing leaflets', () => {
  it('creates a leaflet with the right body and opens it', async () => {
    server.on('POST /leaflets/create', ok({ ...leaflet({ _id: '77', name: 'Billa week 46', network: 'billa', networkName: 'Billa' }), pages: [] }));
    render();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'New leaflet' }));
    const dialog = await screen.findByRole('dialog', { name: 'New leaflet' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText(en.errors.required)).toHaveLength(4);
    expect(calls('POST', '/leaflets/create')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Billa week 46 ' } });
    fireEvent.change(within(dialog).getByLabelText('Network'), { target: { value: 'billa' } });
    await typeDate(within(dialog).getByLabelText('First day'), '11/09/2026');
    await typeDate(within(dialog).getByLabelText('Last day'), '11/15/2026');
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Week 46 offers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/leaflet?id=77'));
    expect(JSON.parse(calls('POST', '/leaflets/create')[0]!.body.toString())).toEqual({
      name: 'Billa week 46',
      network: 'billa',
      start: '11/09/2026',
      end: '11/15/2026',
      description: 'Week 46 offers',
    });
  });

  it("shows the server's field errors next to the fields of the dialog", async () => {
    server.on('POST /leaflets/create', fieldError('name', 'too_long'));
    render();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'New leaflet' }));
    const dialog = await screen.findByRole('dialog', { name: 'New leaflet' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Long' } });
    fireEvent.change(within(dialog).getByLabelText('Network'), { target: { value: 'albert' } });
    await typeDate(within(dialog).getByLabelText('First day'), '11/09/2026');
    await typeDate(within(dialog).getByLabelText('Last day'), '11/01/2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(en.errors.end_before_start)).toBeInTheDocument();
    expect(calls('POST', '/leaflets/create')).toHaveLength(0);

    await typeDate(within(dialog).getByLabelText('Last day'), '11/15/2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(en.errors.too_long)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/leaflet$/);
  });

  it('edits a leaflet with PUT and shows the new name', async () => {
    server.on('PUT /leaflets/11', ok({ ...ALBERT, name: 'Albert week 45 (fixed)', pages: [] }));
    render();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Albert week 45' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit leaflet' });
    expect(within(dialog).getByLabelText('First day')).toHaveValue('11/02/2026');
    server.on('GET /leaflets/search/by-name', ok([{ ...ALBERT, name: 'Albert week 45 (fixed)' }, BILLA]));
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Albert week 45 (fixed)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Albert week 45 (fixed)' })).toBeInTheDocument();
    expect(JSON.parse(calls('PUT', '/leaflets/11')[0]!.body.toString())).toEqual({
      name: 'Albert week 45 (fixed)',
      network: 'albert',
      start: '11/02/2026',
      end: '11/08/2026',
      description: 'Autumn deals',
    });
  });

  it('asks before deleting, then the row disappears', async () => {
    server.on('DELETE /leaflets/12', ok({ deleted: true }));
    render();
    const rows = await table();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Billa Christmas' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete the leaflet?' });
    expect(ask).toHaveTextContent('“Billa Christmas” will be deleted with its 0 pages and 0 prices.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls('DELETE', '/leaflets/12')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Billa Christmas' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(rows).queryByText('Billa Christmas')).not.toBeInTheDocument());
    expect(calls('DELETE', '/leaflets/12')).toHaveLength(1);
    expect(within(rows).getByText('Albert week 45')).toBeInTheDocument();
  });

  it('exports the chosen leaflets: ids in the body, count in the query, then downloads the file', async () => {
    server.on('POST /leaflets/export', ok({ file: 'leaflets/leaflets-5d1.xlsx', extension: 'xlsx' }));
    server.on('GET /data/leaflets/leaflets-5d1.xlsx', {
      bytes: Buffer.from('PK\u0003\u0004 fake xlsx'),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    render();
    await table();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Albert week 45' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Billa Christmas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export to Excel (2)' }));
    expect(await screen.findByText(/Exporting the prices of the chosen leaflets \(2\)/)).toBeInTheDocument();
    await waitFor(() => expect(calls('GET', '/data/leaflets/leaflets-5d1.xlsx')).toHaveLength(1));
    const post = calls('POST', '/leaflets/export')[0]!;
    expect(post.query.get('count')).toBe('100000');
    expect(JSON.parse(post.body.toString())).toEqual({ ids: ['11', '12'] });
    expect(calls('GET', '/data/leaflets/leaflets-5d1.xlsx')[0]!.query.get('filename')).toBe('leaflets.xlsx');
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Excel file with the chosen leaflets (2) downloaded')).toBeInTheDocument();
  });

  it('select all picks every shown leaflet', async () => {
    render();
    await table();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all leaflets' }));
    expect(screen.getByRole('button', { name: 'Export to Excel (2)' })).toBeEnabled();
  });
});

describe('leaflet list: who sees what', () => {
  it('guests look but have no write buttons', async () => {
    render(guest);
    const rows = await table();
    expect(within(rows).getByText('Albert week 45')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New leaflet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export to Excel/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(within(rows).getByRole('button', { name: 'Open Albert week 45' })).toBeInTheDocument();
  });

  it("a network user changes only its own network's leaflets (the server refuses the others): issue 13", async () => {
    render(albertUser);
    const rows = await table();
    expect(within(rows).getByRole('button', { name: 'Edit Albert week 45' })).toBeInTheDocument();
    expect(within(rows).getByRole('button', { name: 'Delete Albert week 45' })).toBeInTheDocument();
    expect(within(rows).queryByRole('button', { name: 'Edit Billa Christmas' })).not.toBeInTheDocument();
    expect(within(rows).queryByRole('button', { name: 'Delete Billa Christmas' })).not.toBeInTheDocument();
    // Reading is allowed: open and export any seen leaflet.
    expect(within(rows).getByRole('button', { name: 'Open Billa Christmas' })).toBeInTheDocument();
    expect(within(rows).getByRole('checkbox', { name: 'Select Billa Christmas' })).toBeInTheDocument();
    // A new leaflet only in the own network.
    fireEvent.click(screen.getByRole('button', { name: 'New leaflet' }));
    const dialog = await screen.findByRole('dialog', { name: 'New leaflet' });
    const options = within(within(dialog).getByLabelText('Network'))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(options.filter(Boolean)).toEqual(['albert']);
  });

  it('a user without leaflet access is told so and nothing is loaded', async () => {
    render(makeUser({ username: 'hunter', isAdmin: true, roles: ['admin', 'hunter-limit'] }));
    expect(screen.getByText('Leaflets are not available to you')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 30));
    expect(server.received.filter((r) => r.path.startsWith('/leaflets'))).toHaveLength(0);
  });

  it('the top bar leads back to the start page: not promo analysis in the Czech deployment', async () => {
    render();
    expect(screen.getByRole('heading', { name: 'Leaflets' })).toBeInTheDocument();
    const back = screen.getByRole('link', { name: /Back to the app/ });
    expect(back.getAttribute('href')).not.toBe('/promo-analysis');
  });

  it('the top bar leads back to promo analysis where the deployment shows it', async () => {
    renderWithProviders(<LeafletList />, {
      user: operator,
      resources: resources(),
      route: '/leaflet',
      deployment: { country: 'pl', apiServers: [server.url] },
    });
    expect(screen.getByRole('link', { name: /Back to the app/ })).toHaveAttribute('href', '/promo-analysis');
    await table();
  });
});
