import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import { clearSessionData } from '@pricewatch/shared/query';
import ParsersScreen from '../src/screens/parsers-screen';

// The parser editor (issue 16 item 4) inside the exposed screen, against a real HTTP server answering
// the contract's shapes, with this remote's real English texts.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 6000 });

const en = JSON.parse(readFileSync(join(__dirname, '..', 'public', 'i18n', 'en.json'), 'utf8'));
const resources = () => ({
  en: {
    translation: { errors: { forbidden: 'Not allowed', service_unavailable: 'Unavailable', validation_failed: 'Check the data' } },
    parsers: structuredClone(en),
  },
});

// A chain's user with parser rights: edits its own chain's parsers (Albert), only sees the others'.
const analyst = makeUser({
  username: 'analyst',
  roles: ['network'],
  network: { _id: '2', name: 'Albert', code: 'albert', product: false, leaflet: true, exportDetails: { access: ['parser', 'manual'] } } as never,
});

const listItem = (over: Record<string, unknown>) => ({
  country: 'cz',
  shopId: '9',
  strategy: 'selectors',
  schedule: '0 6 * * *',
  enabled: true,
  failingStreak: 0,
  flagged: false,
  lastRun: null,
  activeRun: null,
  problems: 0,
  unmatched: 0,
  ...over,
});
const albertParser = listItem({ _id: '3', code: 'albert-andel', name: 'Albert Anděl', network: 'albert', shopId: '21' });
const kaufland = listItem({ _id: '1', code: 'kaufland-barrandov', name: 'Kaufland Barrandov', network: 'kaufland' });
const shop = (id: string, name: string, network = 'albert', networkName = 'Albert') => ({
  _id: id,
  code: `${network}-${id}`,
  name,
  networkId: network === 'albert' ? '2' : '5',
  network,
  networkName,
  city: 'prg',
  cityName: 'Praha',
  address: null,
  country: 'cz',
  currency: 'CZK',
});
const detail = {
  _id: '3',
  code: 'albert-andel',
  name: 'Albert Anděl',
  country: 'cz',
  network: 'albert',
  shopId: '21',
  schedule: '0 6 * * *',
  enabled: true,
  definition: { strategy: 'selectors', productUrls: ['https://albert.example/p/1'], selectors: { price: '.price' } },
  updatedAt: '2026-11-21T06:00:00.000Z',
};
const ok = (data: unknown) => ({ json: { success: true, data } });
const bodyOf = (method: string, path: string) => {
  const r = server.received.find((x) => x.method === method && x.path === path);
  return r ? JSON.parse(r.body.toString()) : undefined;
};

let server: LocalApiServer;
let parsers: unknown[];
beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  clearSessionData();
  parsers = [kaufland, albertParser];
  server.on('GET /parsers/networks', ok([]));
  server.on('GET /parsers/list', () => ok({ items: parsers, total: parsers.length, limit: 30, skip: 0 }));
  server.on('GET /parsers/suspicious', ok({ items: [], total: 0, limit: 1, skip: 0 }));
  server.on('GET /shops/networks', ok([]));
  // The session's shops: a chain's user adds parsers of its own chain's shops only.
  server.on('GET /shops', ok([shop('21', 'Anděl'), shop('22', 'Smíchov'), shop('31', 'Smíchov Plzeňská', 'kaufland', 'Kaufland')]));
  server.on('GET /parsers/3', ok(detail));
});

const render = (route = '/parsers', user = analyst) =>
  renderWithProviders(<ParsersScreen />, { user, route, resources: resources(), deployment: { apiServers: [server.url] } });

const openNew = async () => {
  render();
  fireEvent.click(await screen.findByRole('link', { name: 'New parser' }));
  return screen.findByRole('form', { name: 'New parser' });
};

const pickShop = async (name: RegExp) => {
  const input = screen.getByRole('combobox', { name: /Shop/ });
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: 'Smí' } });
  const option = await screen.findByRole('option', { name });
  // Another chain's shop of the same name is not offered.
  expect(screen.queryByRole('option', { name: /Kaufland/ })).not.toBeInTheDocument();
  fireEvent.click(option);
  // The choice lands a moment later: the box then says the shop.
  await waitFor(() => expect(input).toHaveValue('Albert · Smíchov, Praha'));
};

describe('Parser editor', () => {
  it('creates a parser: its shop picked by typing, CSS selectors, then back in the list', async () => {
    server.on('POST /parsers', () => {
      parsers = [...parsers, listItem({ _id: '4', code: 'albert-smichov', name: 'Albert Smíchov', network: 'albert', shopId: '22' })];
      return ok({ ...detail, _id: '4', code: 'albert-smichov', name: 'Albert Smíchov', shopId: '22' });
    });
    const form = await openNew();
    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'albert-smichov' } });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Albert Smíchov' } });
    await pickShop(/Smíchov/);
    // The schedule in words beside the cron (hours in UTC, read in Prague's time).
    expect(within(form).getByText(/At 0[78]:00/)).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Strategy'), { target: { value: 'selectors' } });
    fireEvent.change(within(form).getByLabelText('Product page addresses'), { target: { value: 'https://albert.example/p/1\n\nhttps://albert.example/p/2' } });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '.price' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create parser' }));
    await waitFor(() => expect(server.received.some((r) => r.method === 'POST')).toBe(true));
    // Saved: the list again, with the new parser; its network may be new to the networks with parsers.
    expect(await screen.findByText('Albert Smíchov')).toBeInTheDocument();
    await waitFor(() => expect(server.received.filter((r) => r.path === '/parsers/networks')).toHaveLength(2));
    expect(bodyOf('POST', '/parsers')).toEqual({
      code: 'albert-smichov',
      name: 'Albert Smíchov',
      shopId: '22',
      schedule: '0 6 * * *',
      enabled: true,
      definition: {
        fetch: 'http',
        strategy: 'selectors',
        productUrls: ['https://albert.example/p/1', 'https://albert.example/p/2'],
        selectors: { price: '.price' },
      },
    });
  });

  it('checks the form with the contract before sending: the CSS selectors strategy needs a price selector', async () => {
    const form = await openNew();
    fireEvent.change(within(form).getByLabelText('Strategy'), { target: { value: 'selectors' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create parser' }));
    expect(await within(form).findByText('The CSS selectors strategy needs at least the price selector')).toBeInTheDocument();
    expect(within(form).getByText('Give product addresses or a listing page')).toBeInTheDocument();
    expect(server.received.some((r) => r.method === 'POST')).toBe(false);
  });

  it('edits a parser of its own chain; other chains’ parsers offer no Edit or Delete', async () => {
    server.on('PUT /parsers/3', ok({ ...detail, name: 'Albert Anděl 2' }));
    render();
    expect(await screen.findByRole('link', { name: 'Edit Albert Anděl' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Kaufland Barrandov' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Kaufland Barrandov' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Edit Albert Anděl' }));
    const form = await screen.findByRole('form', { name: 'Edit parser Albert Anděl' });
    expect(within(form).getByLabelText('Price')).toHaveValue('.price');
    expect(within(form).getByLabelText('Shop')).toHaveValue('Albert · Anděl');
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Albert Anděl 2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodyOf('PUT', '/parsers/3')).toBeDefined());
    expect(bodyOf('PUT', '/parsers/3')).toEqual({
      code: 'albert-andel',
      name: 'Albert Anděl 2',
      schedule: '0 6 * * *',
      enabled: true,
      definition: detail.definition,
    });
  });

  it('a 400 is shown on the field it names, translated', async () => {
    server.on('POST /parsers', {
      status: 400,
      json: {
        success: false,
        error: {
          code: 'validation_failed',
          message: 'invalid',
          fields: [
            { path: 'definition.productUrls.1', message: 'host 10.0.0.1 is not a public address (private)' },
            { path: 'code', message: 'code already used by another parser' },
          ],
        },
      },
    });
    const form = await openNew();
    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'albert-andel' } });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Albert' } });
    await pickShop(/Smíchov/);
    fireEvent.change(within(form).getByLabelText('Product page addresses'), { target: { value: 'https://albert.example/p/1\nhttp://10.0.0.1/p' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create parser' }));
    expect(await within(form).findByText('Address 2: This address may not be fetched')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Code/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getAllByText(/Another parser has this code/).length).toBeGreaterThan(0);
    expect(within(form).getByRole('alert', { name: '' })).toBeTruthy();
  });

  it('delete asks first, says the history stays, then the parser leaves the list', async () => {
    server.on('DELETE /parsers/3', () => {
      parsers = [kaufland];
      return ok({ _id: '3', deleted: true });
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Albert Anděl' }));
    // Role queries over the whole list are slow on busy cores: find the text, then its dialog.
    const dialog = (await screen.findByText(/^Delete the parser Albert Anděl\?/)).closest('[role="alertdialog"]') as HTMLElement;
    expect(dialog).toHaveAccessibleName('Delete parser?');
    expect(dialog).toHaveTextContent('Delete the parser Albert Anděl? It leaves the list and its schedule.');
    expect(dialog).toHaveTextContent('Its run history, results and the prices it collected stay.');
    expect(server.received.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete parser' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Parsers' })).queryByText('Albert Anděl')).not.toBeInTheDocument());
    expect(server.received.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/parsers/3']);
    // Its network may have had no other parser: the networks with parsers are asked again.
    await waitFor(() => expect(server.received.filter((r) => r.path === '/parsers/networks')).toHaveLength(2));
  });

  it('the JSON view follows the fields and sets them; invalid JSON says where', async () => {
    const form = await openNew();
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '.p' } });
    fireEvent.click(within(form).getByRole('tab', { name: 'JSON' }));
    const json = (await within(form).findByLabelText('The definition as JSON')) as HTMLTextAreaElement;
    expect(JSON.parse(json.value)).toEqual({ fetch: 'http', strategy: 'auto', selectors: { price: '.p' } });
    fireEvent.change(json, { target: { value: '{\n  "strategy": "selectors",\n  "selectors": { "price": ".p", }\n}' } });
    expect(await within(form).findByText(/Not valid JSON at line 3, column \d+/)).toBeInTheDocument();
    fireEvent.change(json, { target: { value: '{ "fetch": "browser", "waitFor": "#price", "strategy": "selectors", "selectors": { "price": ".now" } }' } });
    fireEvent.click(within(form).getByRole('tab', { name: 'Fields' }));
    expect(await within(form).findByLabelText('Strategy')).toHaveValue('selectors');
    expect(within(form).getByLabelText('Fetch mode')).toHaveValue('browser');
    expect(within(form).getByLabelText('Wait for (CSS selector)')).toHaveValue('#price');
    expect(within(form).getByLabelText('Price')).toHaveValue('.now');
  });

  it('tries the unsaved definition on a page; a click on the screenshot sets the selector', async () => {
    server.on(
      'POST /parsers/try',
      ok({
        url: 'https://albert.example/p/1',
        fetch: 'http',
        offer: {
          url: 'https://albert.example/p/1',
          name: 'Milk 1 l',
          ean: '8594001021499',
          price: 24.9,
          oldPrice: null,
          promo: false,
          currency: 'CZK',
          inStock: true,
          strategy: 'jsonld',
          problem: null,
        },
        screenshot: { dataUrl: 'data:image/png;base64,iVBORw0KGgo=', width: 800, height: 600 },
        found: [{ field: 'price', selector: null, box: { x: 100, y: 200, width: 120, height: 40 } }],
        elements: [
          { selector: 'main', text: 'Milk 1 l 24,90 Kč', box: { x: 0, y: 0, width: 800, height: 600 } },
          { selector: 'span.now', text: '24,90 Kč', box: { x: 100, y: 200, width: 120, height: 40 } },
        ],
      }),
    );
    const form = await openNew();
    await pickShop(/Smíchov/);
    fireEvent.change(screen.getByLabelText('Page address'), { target: { value: 'https://albert.example/p/1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try' }));
    const read = await screen.findByRole('region', { name: 'What was read' });
    expect(read).toHaveTextContent('Milk 1 l');
    expect(read).toHaveTextContent('24.9 CZK');
    expect(read).toHaveTextContent('JSON-LD');
    expect(bodyOf('POST', '/parsers/try')).toEqual({ url: 'https://albert.example/p/1', shopId: '22', definition: { fetch: 'http', strategy: 'auto' } });
    // The price's box outlined and labelled.
    const shot = screen.getByTestId('try-screenshot');
    expect(shot.querySelector('[data-field="price"]')).toHaveTextContent('Price');
    // Shown at half its width: a click at (80, 110) is (160, 220) on the page — inside both, the smaller wins.
    shot.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(shot, { clientX: 80, clientY: 110 });
    const picked = screen.getByRole('group', { name: 'Picked element' });
    expect(picked).toHaveTextContent('span.now');
    fireEvent.click(within(picked).getByRole('button', { name: 'Price' }));
    expect(within(form).getByLabelText('Price')).toHaveValue('span.now');
    fireEvent.click(within(picked).getByRole('button', { name: 'Switch to CSS selectors' }));
    expect(within(form).getByLabelText('Strategy')).toHaveValue('selectors');
  });
});
