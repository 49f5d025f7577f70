import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import { Toaster } from '@pricewatch/shared/ui';
import { startLocalApiServer, type LocalApiServer } from '@pricewatch/shared/testing/local-api-server';
import ParsersScreen from '../src/screens/parsers-screen';

// "To match" (server/docs/parsers.md "Matching pages to products") in the Parsers screen as the host
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

const ok = (data: unknown) => ({ json: { success: true, data } });
const parser = (id: string, name: string, unmatched: number) => ({
  _id: id,
  code: name.toLowerCase().replace(/ /g, '-'),
  name,
  country: 'cz',
  network: 'lidl',
  shopId: '9',
  strategy: 'selectors',
  schedule: '0 */6 * * *',
  enabled: true,
  failingStreak: 0,
  flagged: false,
  lastRun: null,
  activeRun: null,
  problems: 0,
  unmatched,
});
const suggestion = (productId: string, name: string, score: number, via = 'name', pack = 'same') => ({
  productId,
  name,
  ean: null,
  brand: null,
  score,
  via,
  pack,
});
const page = (over: Record<string, unknown> = {}) => ({
  _id: '31',
  parserId: '1',
  country: 'cz',
  url: 'http://lidl.example/p/milk',
  name: 'MLEKO TRVANLIVE 1,5% 1L',
  ean: null,
  article: null,
  price: 24.9,
  oldPrice: null,
  promo: false,
  currency: 'CZK',
  inStock: true,
  day: '2026-11-25',
  firstSeenAt: '2026-11-25T06:00:00.000Z',
  lastSeenAt: '2026-11-25T06:00:00.000Z',
  decision: null,
  productId: null,
  suggestions: [suggestion('12', 'Madeta Mléko trvanlivé 1.5% 1 l', 0.91), suggestion('13', 'Madeta Mléko 3.5% 1 l', 0.62)],
  ...over,
});

let server: LocalApiServer;
let waiting: ReturnType<typeof page>[];
beforeAll(async () => {
  server = await startLocalApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  waiting = [page(), page({ _id: '32', url: 'http://lidl.example/p/odd', name: 'Seasonal special', suggestions: [] })];
  server.on('GET /parsers/list', () => ok({ items: [parser('1', 'Lidl Smíchov', waiting.length), parser('2', 'Kaufland Barrandov', 0)], total: 2 }));
  server.on('GET /parsers/suspicious', ok({ items: [], total: 0, limit: 1, skip: 0 }));
  server.on('GET /parsers/1/unmatched', (r) => ok({ items: waiting, total: waiting.length, limit: Number(r.query.get('limit')), skip: 0 }));
  server.on('GET /parsers/2/unmatched', ok({ items: [], total: 0, limit: 20, skip: 0 }));
});

const render = (user = analyst) =>
  renderWithProviders(
    <>
      <ParsersScreen />
      <Toaster />
    </>,
    { user, resources: resources(), deployment: { apiServers: [server.url] } },
  );

describe('To match', () => {
  it('counts the pages on the tab and per parser in the list; the count opens that parser’s pages with what was read and the suggestions', async () => {
    render();
    expect(await screen.findByLabelText('To match: 2')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Pages of Lidl Smíchov to match: 2' }));
    const table = await screen.findByRole('table', { name: 'Pages to match' });
    const row = (await within(table).findByText('MLEKO TRVANLIVE 1,5% 1L')).closest('tr')!;
    expect(row).toHaveTextContent('24.90');
    expect(row).toHaveTextContent('Madeta Mléko trvanlivé 1.5% 1 l');
    expect(row).toHaveTextContent('91%');
    expect(row).toHaveTextContent('name · same pack');
    expect(within(row).getByRole('link', { name: "Open the shop's page of MLEKO TRVANLIVE 1,5% 1L" })).toHaveAttribute('href', 'http://lidl.example/p/milk');
    const odd = within(table).getByText('Seasonal special').closest('tr')!;
    expect(odd).toHaveTextContent('No catalogue product of this country looks like it.');
    expect((screen.getByLabelText('Parser') as HTMLSelectElement).value).toBe('1');
  });

  it('accept sends the chosen product; the row and the counts go', async () => {
    server.on('POST /parsers/1/unmatched/31/accept', () => {
      waiting = waiting.filter((i) => i._id !== '31');
      return ok({ item: { ...page(), decision: 'accepted', productId: '13', suggestions: [] }, written: 1, held: 0 });
    });
    render();
    fireEvent.click(await screen.findByRole('tab', { name: /To match/ }));
    const table = await screen.findByRole('table', { name: 'Pages to match' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Accept Madeta Mléko 3.5% 1 l for MLEKO TRVANLIVE 1,5% 1L' }));
    expect(await screen.findByText('Matched to Madeta Mléko 3.5% 1 l')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('MLEKO TRVANLIVE 1,5% 1L')).not.toBeInTheDocument());
    expect(await screen.findByLabelText('To match: 1')).toBeInTheDocument();
    const post = server.received.find((r) => r.method === 'POST')!;
    expect(post.path).toBe('/parsers/1/unmatched/31/accept');
    expect(JSON.parse(post.body.toString())).toEqual({ productId: '13' });
  });

  it('reject, a page someone else decided first, and accepting every top suggestion above the chosen score', async () => {
    server.on('POST /parsers/1/unmatched/32/reject', () => ({
      status: 409,
      json: { success: false, error: { code: 'conflict', message: 'already_decided' } },
    }));
    server.on('POST /parsers/1/unmatched/accept-top', () => {
      waiting = [];
      return ok({ accepted: 1, written: 1, held: 0 });
    });
    render();
    fireEvent.click(await screen.findByRole('tab', { name: /To match/ }));
    const table = await screen.findByRole('table', { name: 'Pages to match' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Reject Seasonal special' }));
    expect(await screen.findByText('Someone else has decided on this page already.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Score at least'), { target: { value: '0.9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept top suggestions' }));
    expect(await screen.findByText('Pages matched: 1')).toBeInTheDocument();
    const bulk = server.received.find((r) => r.path === '/parsers/1/unmatched/accept-top')!;
    expect(JSON.parse(bulk.body.toString())).toEqual({ minScore: 0.9 });
    expect(await within(table).findByText('No page is waiting to be matched.')).toBeInTheDocument();
  });

  it('guests see the pages but cannot decide, as they cannot start a parser', async () => {
    render(guest);
    fireEvent.click(await screen.findByRole('tab', { name: /To match/ }));
    const table = await screen.findByRole('table', { name: 'Pages to match' });
    await within(table).findByText('MLEKO TRVANLIVE 1,5% 1L');
    expect(within(table).queryByRole('button', { name: /^(Accept|Reject) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept top suggestions' })).not.toBeInTheDocument();
  });
});
