import { useEffect } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { clearSessionData } from '@pricewatch/shared/query';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import { Toaster } from '@pricewatch/shared/ui';
import ProductListScreen from '../src/screens/product-list-screen';
import { captureDownloads, refuse, setUpApiServer, type ApiRoutes } from './helpers/api-server';
import { listItem, NETWORKS, page, SHOPS } from './helpers/fixtures';
import { resources } from './helpers/resources';

// Whole screens with charts and tables: seconds each on a busy two-core machine.
jest.setTimeout(30_000);

const user = makeUser({ isAdmin: true, name: 'Admin' });
const milk = listItem();
const butter = listItem({ _id: '44', name: 'Olma Butter 82% 250 g', ean: '8590001000442', brand: 'Olma', weight: 250, unit: 'g', onPromo: 0 });

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const api = setUpApiServer();
const saved = captureDownloads();
const getCalls = (path: string) => api.calls('GET', path);
const deployment = () => ({ apiServers: [api.url] });

function renderList(route: string) {
  return renderWithProviders(
    <>
      <ProductListScreen />
      <Location />
      <Toaster />
    </>,
    { user, resources: resources(), route, path: '/product', deployment: deployment() },
  );
}

const table = () => screen.findByRole('table', { name: 'Products' });

const EXPORTED = { file: 'exports/products-7f3a.xlsx', extension: '.xlsx', rows: 95 };
const ROUTES: ApiRoutes = {
  'GET /products/list': (params) => page([milk, butter], 95, Number(params.limit ?? 30), Number(params.skip ?? 0)),
  'GET /products/search': () => [milk],
  'GET /shops/networks': () => NETWORKS,
  'GET /shops': () => SHOPS,
  'GET /sections': () => [{ _id: '1', name: 'Dairy' }],
  'GET /products/export': () => EXPORTED,
  'POST /brands/get-by-filters': () => [
    { _id: '7', name: 'Madeta', products: 40 },
    { _id: '8', name: 'Olma', products: 31 },
  ],
};
beforeEach(() => {
  clearSessionData();
  api.serve(ROUTES);
  api.onRaw('GET /data/exports/products-7f3a.xlsx', { bytes: Buffer.from('PK\x03\x04'), contentType: 'application/octet-stream' });
});
/** The file's download: what the server was asked for, under which name. */
const fileAsked = () => api.received.filter((r) => r.path === '/data/exports/products-7f3a.xlsx');

describe('product list: the search text chooses the call (spec §5)', () => {
  it('a name goes to /products/list with the default paging and sort', async () => {
    renderList('/product?q=milk');
    const rows = await table();
    // Numbers and lists as the server receives them in the query (a list of one is one value).
    expect(getCalls('/products/list').at(-1)).toEqual({ search: 'milk', sort: 'name', order: 'asc', limit: '30', skip: '0' });
    expect(getCalls('/products/search')).toHaveLength(0);
    expect(within(rows).getByRole('link', { name: milk.name })).toHaveAttribute('href', '/product/42');
    expect(screen.getByText('Found: 95')).toBeInTheDocument();
    expect(screen.getByText('Products whose name contains “milk”')).toBeInTheDocument();
  });

  it('an EAN (digits) is looked up as article and EAN at once on /products/search', async () => {
    renderList('/product?q=4820000000012');
    await table();
    expect(getCalls('/products/search')).toEqual([{ article: '4820000000012', ean: '4820000000012', limit: '500' }]);
    expect(getCalls('/products/list').filter((p) => p.limit !== '500')).toHaveLength(0);
    expect(screen.getByText('Exact article / EAN lookup')).toBeInTheDocument();
    // Filters do not apply to an exact lookup.
    expect(screen.getByLabelText('Network')).toBeDisabled();
  });

  it('"$123" is the article/EAN 123', async () => {
    renderList('/product?q=%24123');
    await table();
    expect(getCalls('/products/search')).toEqual([{ article: '123', ean: '123', limit: '500' }]);
  });

  it('a search carried in navigation state from another screen is used, and kept when filtering', async () => {
    function SearchFromElsewhere() {
      const navigate = useNavigate();
      useEffect(() => {
        void navigate('/product', { state: { search: 'butter' } });
      }, [navigate]);
      return null;
    }
    renderWithProviders(
      <Routes>
        <Route path="/alarms" element={<SearchFromElsewhere />} />
        <Route
          path="/product"
          element={
            <>
              <ProductListScreen />
              <Location />
            </>
          }
        />
      </Routes>,
      { user, resources: resources(), route: '/alarms', deployment: deployment() },
    );
    await table();
    expect(getCalls('/products/list').at(-1)).toMatchObject({ search: 'butter' });
    await userEvent.selectOptions(await screen.findByLabelText('Network'), 'lidl');
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toMatchObject({ search: 'butter', networks: 'lidl' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/product?q=butter&network=lidl');
  });
});

describe('product list: filters, paging and sorting change the call', () => {
  it('network, shop, brand and section filters narrow the list and go back to page 1', async () => {
    renderList('/product?q=milk&page=2');
    await table();
    expect(getCalls('/products/list').at(-1)).toMatchObject({ skip: '30' });

    await userEvent.selectOptions(screen.getByLabelText('Network'), 'albert');
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toMatchObject({ networks: 'albert', skip: '0' }));
    // Shops follow the network.
    const shopSelect = screen.getByLabelText('Shop');
    expect(
      within(shopSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Albert Anděl', 'Albert Flora']);
    await userEvent.selectOptions(shopSelect, '12');
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toMatchObject({ networks: 'albert', shops: '12' }));

    await waitFor(() => expect(within(screen.getByLabelText('Brand')).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(screen.getByLabelText('Brand'), '8');
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toMatchObject({ brands: '8' }));

    // Sections come from GET /sections, loaded once for the session.
    await userEvent.selectOptions(screen.getByLabelText('Section'), '1');
    await waitFor(() =>
      expect(getCalls('/products/list').at(-1)).toEqual({
        search: 'milk',
        networks: 'albert',
        shops: '12',
        brands: '8',
        sections: '1',
        sort: 'name',
        order: 'asc',
        limit: '30',
        skip: '0',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toEqual({ search: 'milk', sort: 'name', order: 'asc', limit: '30', skip: '0' }));
  });

  it('next page and page size change skip and limit', async () => {
    renderList('/product');
    await table();
    expect(screen.getByText('1–30 of 95')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toMatchObject({ limit: '30', skip: '30' }));
    expect(await screen.findByText('31–60 of 95')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '100');
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toMatchObject({ limit: '100', skip: '0' }));
  });

  it('a header click sorts on the server, again reverses it', async () => {
    renderList('/product?q=milk');
    const rows = await table();
    const ean = within(rows).getByRole('columnheader', { name: /ean/i });
    await userEvent.click(within(ean).getByRole('button'));
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toMatchObject({ sort: 'ean', order: 'asc' }));
    await userEvent.click(within(ean).getByRole('button'));
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toMatchObject({ sort: 'ean', order: 'desc' }));
    expect(within(rows).getByRole('columnheader', { name: /ean/i })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts by price and by shop count on the server', async () => {
    renderList('/product?q=milk');
    const rows = await table();
    await userEvent.click(within(within(rows).getByRole('columnheader', { name: 'Price now' })).getByRole('button'));
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toMatchObject({ sort: 'price', order: 'asc' }));
    expect(within(await table()).getByRole('columnheader', { name: 'Price now' })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(within(await table()).getByRole('columnheader', { name: /shops/i })).getByRole('button'));
    await waitFor(() => expect(getCalls('/products/list').at(-1)).toMatchObject({ sort: 'shops', order: 'desc' }));
  });

  it('shows an empty state when nothing matches', async () => {
    api.serve({
      'GET /products/list': () => page([], 0),
      'GET /shops/networks': () => NETWORKS,
      'GET /shops': () => SHOPS,
      'POST /brands/get-by-filters': () => [],
    });
    renderList('/product?q=unicorn');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeDisabled();
  });
});

describe('product list: export to Excel', () => {
  it('shows progress while the server writes the file, then downloads it and says so', async () => {
    // The server holds its answer until the test lets it go.
    let finish: (value: unknown) => void = () => {};
    const exported = new Promise((resolve) => (finish = resolve));
    api.on('GET /products/export', () => exported.then(() => EXPORTED));
    renderList('/product?q=milk&network=albert');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const busy = await screen.findByRole('button', { name: 'Preparing the file…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(getCalls('/products/export')).toEqual([{ search: 'milk', networks: 'albert', sort: 'name', order: 'asc' }]));
    expect(fileAsked()).toHaveLength(0);

    finish(undefined);
    // The file named in the answer is fetched and saved under a dated name.
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(fileAsked()).toHaveLength(1);
    expect(fileAsked()[0]!.query.get('filename')).toBe(saved[0]!.name);
    expect(await screen.findByText('Export ready')).toBeInTheDocument();
    expect(screen.getByText('95 rows exported to Excel.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeEnabled();
  });

  it('a failed export says why in a toast', async () => {
    api.on('GET /products/export', () => {
      throw refuse(500, 'internal_error');
    });
    renderList('/product?q=milk');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(screen.getByText('The server ran into a problem. Try again later.')).toBeInTheDocument();
    expect(fileAsked()).toHaveLength(0);
    expect(saved).toHaveLength(0);
  });
});
