import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import { startLocalApiServer, type LocalApiServer, type ReceivedRequest } from '@pricewatch/shared/testing/local-api-server';
import LeafletScreen from '../src/screens/leaflet-screen';
import { resources, operator } from './helpers/resources';

// The /leaflet?id= screen as the host renders it, against a real HTTP server answering the contract's
// shapes, with this remote's and the shell's real English texts.

const page = (n: number, extra: Record<string, unknown> = {}) => ({
  _id: String(10 + n),
  leafletId: '5',
  pageNo: n,
  name: `5-${n}.png`,
  url: `/leaflets/images/5-${n}.png`,
  thumbUrl: `/leaflets/images/5-${n}.png?size=thumb`,
  type: 'png',
  width: 1000,
  height: 1400,
  bytes: 12345,
  recognition: 'none',
  priceCount: 0,
  ...extra,
});
const LEAFLET = {
  _id: '5',
  name: 'Albert week 47',
  network: 'albert',
  networkName: 'Albert',
  currency: 'CZK',
  start: '2026-11-16',
  end: '2026-11-22',
  description: null,
  pageCount: 2,
  priceCount: 13,
  coverThumbUrl: '/leaflets/images/5-1.png?size=thumb',
  createdAt: '2026-11-15T10:00:00.000Z',
  updatedAt: '2026-11-15T10:00:00.000Z',
  pages: [page(1, { priceCount: 13 }), page(2)],
};
const price = (i: number) => ({
  _id: String(100 + i),
  leafletId: '5',
  pageId: '11',
  pageNo: 1,
  productId: null,
  product: null,
  productName: `Product ${i}`,
  price: 10 + i,
  oldPrice: 20 + i,
  discountPct: 30,
  mechanics: i === 1 ? 'multi_buy' : 'discount',
  mechanicsText: i === 1 ? '2+1' : null,
  box: { x: 10 * i, y: 10, w: 50, h: 40 },
  source: 'manual',
  createdAt: '2026-11-15T10:00:00.000Z',
});
const PRICES = Array.from({ length: 13 }, (_, i) => price(i + 1));
const ok = (data: unknown) => ({ json: { success: true, data } });
const invalid = (path: string, message: string) => ({
  status: 400,
  json: { success: false, error: { code: 'validation_failed', message: 'validation_failed', fields: [{ path, message }] } },
});
const EMPTY_STATS = {
  priceCount: 0,
  matchedCount: 0,
  withOldPriceCount: 0,
  minPrice: null,
  maxPrice: null,
  avgPrice: null,
  avgDiscountPct: null,
  maxDiscountPct: null,
  byMechanics: [],
  byPage: [],
  bySection: [],
  discountBands: [],
};

/** The leafletPicture field of a multipart body. */
function formField(req: ReceivedRequest, name: string): string | null {
  const text = req.body.toString('utf8');
  const m = text.match(new RegExp(`name="${name}"\\r\\n\\r\\n([\\s\\S]*?)\\r\\n--`));
  return m ? m[1]! : null;
}

// jsdom has no PointerEvent: a MouseEvent with a pointerId stands in (clientX/Y, button as a browser's).
if (typeof globalThis.PointerEvent === 'undefined') {
  class TestPointerEvent extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  (globalThis as { PointerEvent?: unknown }).PointerEvent = TestPointerEvent;
}

const JsdomFormData = globalThis.FormData;
let server: LocalApiServer;
beforeAll(async () => {
  server = await startLocalApiServer();
  // jsdom's FormData is not one Node's fetch can send: the screen gets Node's, as a browser's fetch gets its own.
  globalThis.FormData = (await new Response('', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData())
    .constructor as typeof FormData;
});
afterAll(async () => {
  globalThis.FormData = JsdomFormData;
  await server.close();
});
beforeEach(() => {
  server.received.length = 0;
  server.routes.clear();
  server.on('GET /leaflets/5', ok(LEAFLET));
  server.on('GET /leaflets/5/prices/pageable', (req) => {
    const p = Number(req.query.get('page'));
    const size = Number(req.query.get('size'));
    const items = req.query.get('pageId') === '11' ? PRICES : [];
    return ok({ items: items.slice(p * size, p * size + size), page: p, size, total: items.length, totalPages: Math.ceil(items.length / size) });
  });
  server.on('GET /leaflets/5/prices/statistics', ok(EMPTY_STATS));
  server.on('GET /products/search', ok([]));
});

const render = (route = '/leaflet?id=5', user = operator) =>
  renderWithProviders(<LeafletScreen />, { route, user, resources: resources(), deployment: { apiServers: [server.url] } });
const pricesRequests = (size: string) => server.received.filter((r) => r.path === '/leaflets/5/prices/pageable' && r.query.get('size') === size);

describe('Leaflet view', () => {
  it('shows the leaflet bar, the page thumbnails with the token, and the first page with its price boxes', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'Albert week 47' })).toBeInTheDocument();
    // No shell around this page: it is its own main landmark (issue 18 item 4).
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toHaveTextContent('Albert week 47');
    expect(screen.getByText('Albert')).toBeInTheDocument();
    expect(screen.getByText('CZK')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Leaflets/ })).toHaveAttribute('href', '/leaflet');
    const strip = screen.getByRole('navigation', { name: 'Leaflet pages' });
    const thumbs = within(strip).getAllByRole('img');
    expect(thumbs).toHaveLength(2);
    expect(thumbs[0]).toHaveAttribute('src', `${server.url}/leaflets/images/5-1.png?token=test-token&size=thumb`);
    expect(thumbs[0]).toHaveAttribute('loading', 'lazy');
    expect(within(strip).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const picture = screen.getByTestId('page-picture');
    expect(within(picture).getByRole('img')).toHaveAttribute('src', `${server.url}/leaflets/images/5-1.png?token=test-token&size=full`);
    await waitFor(() => expect(within(picture).getAllByTestId('price-box')).toHaveLength(13));
  });

  it('pages through the prices 10 at a time, sending the shown page − 1', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Prices of the page' });
    expect(await within(table).findByText('Product 1')).toBeInTheDocument();
    expect(within(table).getByText(/Multi-buy/)).toHaveTextContent('2+1');
    expect(within(table).queryByText('Product 11')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    const first = pricesRequests('10')[0]!;
    expect(first.query.get('page')).toBe('0');
    expect(first.query.get('pageId')).toBe('11');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await within(table).findByText('Product 11')).toBeInTheDocument();
    expect(within(table).getByText('Product 13')).toBeInTheDocument();
    expect(within(table).queryByText('Product 1')).not.toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(pricesRequests('10').map((r) => r.query.get('page'))).toEqual(['0', '1']);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('hovering a price row highlights its box on the picture', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Prices of the page' });
    await waitFor(() => expect(screen.getAllByTestId('price-box')).toHaveLength(13));
    fireEvent.mouseOver(await within(table).findByText('Product 3'));
    await waitFor(() => expect(screen.getAllByTestId('price-box').filter((b) => b.getAttribute('data-highlighted'))).toHaveLength(1));
    expect(screen.getAllByTestId('price-box').find((b) => b.getAttribute('data-highlighted'))).toHaveAttribute('title', 'Product 3 — 13');
  });

  it('adds a price as multipart with the leafletPicture JSON', async () => {
    server.on('POST /leaflets/add-price', ok({ ...price(20), productName: 'Butter 250 g', price: 39.9 }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add price' }));
    const form = await screen.findByRole('form', { name: 'Add price' });
    fireEvent.change(within(form).getByLabelText('Product'), { target: { value: 'Butter 250 g' } });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '39,90' } });
    fireEvent.change(within(form).getByLabelText('Old price'), { target: { value: '49.90' } });
    fireEvent.change(within(form).getByLabelText('Mechanics'), { target: { value: 'multi_buy' } });
    fireEvent.change(within(form).getByLabelText('Mechanics text'), { target: { value: '2+1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add price' })).not.toBeInTheDocument());
    const post = server.received.find((r) => r.path === '/leaflets/add-price')!;
    expect(post.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(JSON.parse(formField(post, 'leafletPicture')!)).toEqual({
      leafletId: '5',
      pageId: '11',
      productId: null,
      productName: 'Butter 250 g',
      price: 39.9,
      oldPrice: 49.9,
      discountPct: null,
      mechanics: 'multi_buy',
      mechanicsText: '2+1',
      box: null,
      source: 'manual',
    });
    // The table, boxes and leaflet are asked again.
    await waitFor(() => expect(pricesRequests('10').length).toBeGreaterThan(1));
  });

  it('dragging over the picture draws the box of a new price, kept while typing', async () => {
    server.on('POST /leaflets/add-price', ok(price(22)));
    render();
    const frame = await screen.findByTestId('page-picture');
    // Shown at half size: 500 × 700 for a 1000 × 1400 picture.
    frame.getBoundingClientRect = () => ({ left: 0, top: 0, width: 500, height: 700, right: 500, bottom: 700, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add price' }));
    const form = await screen.findByRole('form', { name: 'Add price' });
    fireEvent.change(within(form).getByLabelText('Product'), { target: { value: 'Yoghurt' } });
    fireEvent.pointerDown(frame, { clientX: 50, clientY: 70, button: 0, pointerId: 1 });
    fireEvent.pointerMove(frame, { clientX: 250, clientY: 120, pointerId: 1 });
    fireEvent.pointerUp(frame, { clientX: 250, clientY: 120, pointerId: 1 });
    expect(await within(form).findByText('The price has a box on the picture')).toBeInTheDocument();
    expect(within(form).getByLabelText('Product')).toHaveValue('Yoghurt');
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '12.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(server.received.some((r) => r.path === '/leaflets/add-price')).toBe(true));
    const sent = JSON.parse(
      formField(
        server.received.find((r) => r.path === '/leaflets/add-price')!,
        'leafletPicture',
      )!,
    );
    expect(sent).toMatchObject({ productName: 'Yoghurt', price: 12.5, box: { x: 100, y: 140, w: 400, h: 100 } });
  });

  it('refuses a price that is not a number without sending it, and shows the server’s field errors by their fields', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add price' }));
    const form = await screen.findByRole('form', { name: 'Add price' });
    fireEvent.change(within(form).getByLabelText('Product'), { target: { value: 'Milk' } });
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await within(form).findByTestId('price-price-error')).toHaveTextContent('Not a number (e.g. 39.90)');
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '20' } });
    fireEvent.change(within(form).getByLabelText('Old price'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await within(form).findByTestId('price-old-error')).toHaveTextContent('The old price must be higher than the price');
    expect(server.received.some((r) => r.method === 'POST')).toBe(false);

    server.on('POST /leaflets/add-price', invalid('productName', 'too_long'));
    fireEvent.change(within(form).getByLabelText('Old price'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    expect(await within(form).findByTestId('price-product-error')).toHaveTextContent('Too long');
  });

  it('picks a catalogue product from the typeahead', async () => {
    server.on('GET /products/search', (req) =>
      ok(
        req.query.get('name') === 'butt'
          ? [
              {
                _id: '77',
                ean: '8590000000001',
                article: null,
                name: 'Butter Madeta 250 g',
                brandId: null,
                brand: null,
                sectionId: null,
                section: null,
                categoryId: null,
                category: null,
                weight: null,
                unit: null,
                image: null,
                market: 'cz',
                shops: 0,
                minPrice: null,
                maxPrice: null,
                currency: null,
                onPromo: 0,
              },
            ]
          : [],
      ),
    );
    server.on('POST /leaflets/add-price', ok(price(21)));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add price' }));
    const form = await screen.findByRole('form', { name: 'Add price' });
    fireEvent.change(within(form).getByLabelText('Product'), { target: { value: 'butt' } });
    fireEvent.click(await within(form).findByRole('option', { name: /Butter Madeta 250 g/ }));
    expect(within(form).getByTestId('price-product-match')).toHaveTextContent('Catalogue product chosen');
    fireEvent.change(within(form).getByLabelText('Price'), { target: { value: '29.90' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(server.received.some((r) => r.path === '/leaflets/add-price')).toBe(true));
    const sent = JSON.parse(
      formField(
        server.received.find((r) => r.path === '/leaflets/add-price')!,
        'leafletPicture',
      )!,
    );
    expect(sent).toMatchObject({ productId: '77', productName: 'Butter Madeta 250 g', price: 29.9 });
  });

  it('uploads pages one by one with "N of M" progress; a refused file shows why and the others go on', async () => {
    let n = 0;
    server.on('POST /leaflets/save-image', (req) => {
      n += 1;
      if (req.body.toString('latin1').includes('filename="notes.png"')) return invalid('image', 'not_an_image');
      return ok(page(2 + n));
    });
    render();
    await screen.findByRole('heading', { name: 'Albert week 47' });
    const seen = new Set<string>();
    const observer = new MutationObserver(() => {
      const p = document.querySelector('[data-testid="upload-progress"]');
      if (p?.textContent) seen.add(p.textContent);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const files = [
      new NodeFile([new Uint8Array([0x89, 0x50])], 'p1.png'),
      new NodeFile(['hello'], 'notes.png'),
      new NodeFile([new Uint8Array([0xff, 0xd8])], 'p3.jpg'),
    ];
    fireEvent.change(screen.getByLabelText('Add pages'), { target: { files } });
    const refused = await screen.findByTestId('upload-refused');
    await waitFor(() => expect(screen.queryByTestId('upload-progress')).not.toBeInTheDocument());
    observer.disconnect();
    expect(refused).toHaveTextContent('notes.png: This is not a picture (PNG, JPEG or WebP)');
    expect(within(refused).getAllByText(/:/)).toHaveLength(1);
    expect([...seen]).toEqual(expect.arrayContaining(['Uploading 1 of 3', 'Uploading 2 of 3', 'Uploading 3 of 3']));
    const uploads = server.received.filter((r) => r.path === '/leaflets/save-image');
    expect(uploads).toHaveLength(3);
    expect(formField(uploads[0]!, 'folder')).toBe('5');
    expect(uploads[0]!.body.toString('latin1')).toContain('name="image"; filename="p1.png"');
    // The leaflet is read again to show the new pages (the read may still be on its way when the progress goes).
    await waitFor(() => expect(server.received.filter((r) => r.path === '/leaflets/5').length).toBeGreaterThan(1));
  });

  it('a too large file is refused with its own reason', async () => {
    server.on('POST /leaflets/save-image', { status: 413, json: { success: false, error: { code: 'payload_too_large', message: 'payload_too_large' } } });
    render();
    await screen.findByRole('heading', { name: 'Albert week 47' });
    fireEvent.change(screen.getByLabelText('Add pages'), { target: { files: [new NodeFile(['x'], 'huge.png')] } });
    expect(await screen.findByTestId('upload-refused')).toHaveTextContent('huge.png: The file is too large (at most 15 MB)');
  });

  it('a failed poll during recognition is retried and the recognition still ends', async () => {
    const answers: unknown[] = [{ status: 'running', progress: 10 }, 'fail', { status: 'done', progress: 100 }];
    server.on('GET /leaflets/5/neural-data', () => {
      const next = answers.length ? answers.shift() : 'fail';
      if (next === 'fail') return { status: 503, json: { success: false, error: { code: 'internal_error', message: 'internal_error' } } };
      return ok({ pageId: '11', candidates: [], text: '', seconds: null, error: null, recognisedAt: null, ...(next as object) });
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Recognise prices' }));
    expect(await screen.findByText('Recognising… 10 %')).toBeInTheDocument();
    // One failure in between: polling goes on and reaches the end.
    await waitFor(() => expect(server.received.filter((r) => r.path === '/leaflets/5/neural-data')).toHaveLength(3), { timeout: 6000 });
    expect(await screen.findByRole('button', { name: 'Recognise again' })).toBeEnabled();
  }, 15000);

  it('recognises prices: polls while queued and running, then Accept saves a candidate as a recognised price', async () => {
    const answers = [
      { status: 'queued', progress: 0 },
      { status: 'running', progress: 40 },
    ];
    const candidate = {
      key: 'c1',
      price: 24.9,
      oldPrice: 34.9,
      discountPct: 28.65,
      mechanics: 'discount',
      mechanicsText: null,
      text: 'Madeta butter 250 g',
      box: { x: 100, y: 200, w: 300, h: 120 },
      confidence: 91,
      suggestedProduct: {
        _id: '77',
        ean: '8590000000001',
        article: null,
        name: 'Butter Madeta 250 g',
        brandId: null,
        brand: null,
        sectionId: null,
        section: null,
        categoryId: null,
        category: null,
        weight: null,
        unit: null,
        image: null,
        market: 'cz',
      },
      confirmedPriceId: null,
    };
    const other = {
      ...candidate,
      key: 'c2',
      price: 9.9,
      oldPrice: null,
      discountPct: null,
      text: 'Rohlik',
      suggestedProduct: null,
      box: { x: 500, y: 200, w: 100, h: 80 },
    };
    server.on('GET /leaflets/5/neural-data', () => {
      const next = answers.shift() ?? { status: 'done', progress: 100 };
      return ok({
        pageId: '11',
        candidates: next.status === 'done' ? [candidate, other] : [],
        text: '',
        seconds: next.status === 'done' ? 1.2 : null,
        error: null,
        recognisedAt: null,
        ...next,
      });
    });
    server.on('POST /leaflets/add-price', ok({ ...price(30), source: 'recognised' }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Recognise prices' }));
    expect(await screen.findByText('Waiting in the queue…')).toBeInTheDocument();
    expect(await screen.findByText('Recognising… 40 %', {}, { timeout: 3000 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Recognised prices' }, { timeout: 4000 });
    const calls = server.received.filter((r) => r.path === '/leaflets/5/neural-data');
    expect(calls).toHaveLength(3);
    expect(calls.every((r) => r.query.get('neuralId') === '11')).toBe(true);
    const items = within(list).getAllByTestId('candidate');
    expect(items[0]).toHaveTextContent('Madeta butter 250 g');
    expect(items[0]).toHaveTextContent('Butter Madeta 250 g');

    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Accept' }));
    expect(await within(items[0]!).findByText('Added')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    const sent = JSON.parse(
      formField(
        server.received.find((r) => r.path === '/leaflets/add-price')!,
        'leafletPicture',
      )!,
    );
    expect(sent).toMatchObject({
      leafletId: '5',
      pageId: '11',
      productId: '77',
      productName: 'Butter Madeta 250 g',
      price: 24.9,
      oldPrice: 34.9,
      box: candidate.box,
      source: 'recognised',
    });

    // Fix opens the form with the candidate's reading.
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Fix' }));
    const form = await screen.findByRole('form', { name: 'Add price' });
    expect(within(form).getByLabelText('Product')).toHaveValue('Rohlik');
    expect(within(form).getByLabelText('Price')).toHaveValue('9.9');

    // Recognise again asks with refresh=true.
    fireEvent.click(screen.getByRole('button', { name: 'Recognise again' }));
    await waitFor(() =>
      expect(
        server.received
          .filter((r) => r.path === '/leaflets/5/neural-data')
          .at(-1)!
          .query.get('refresh'),
      ).toBe('true'),
    );
  }, 15000);

  it('statistics: figures, and each chart with its table', async () => {
    server.on(
      'GET /leaflets/5/prices/statistics',
      ok({
        priceCount: 13,
        matchedCount: 4,
        withOldPriceCount: 13,
        minPrice: 11,
        maxPrice: 23,
        avgPrice: 17,
        avgDiscountPct: 30,
        maxDiscountPct: 45.5,
        byMechanics: [
          { mechanics: 'discount', count: 12, avgDiscountPct: 30 },
          { mechanics: 'multi_buy', count: 1, avgDiscountPct: null },
        ],
        byPage: [{ pageId: '11', pageNo: 1, count: 13 }],
        bySection: [],
        discountBands: [
          { band: '20-30', count: 10 },
          { band: '40-50', count: 3 },
        ],
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByTestId('stat-prices')).toHaveTextContent('13');
    expect(screen.getByTestId('stat-matched')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-max-discount')).toHaveTextContent('45.5 %');
    expect(screen.getByTestId('stat-avg-price')).toHaveTextContent('17');
    expect(screen.getByRole('figure', { name: 'Prices by mechanics' })).toBeInTheDocument();
    const byMechanics = screen.getByRole('table', { name: 'Prices by mechanics' });
    expect(within(byMechanics).getByText('Multi-buy (2+1, 3 for 2)').closest('tr')).toHaveTextContent('1');
    expect(
      within(screen.getByRole('table', { name: 'Prices by discount, %' }))
        .getByText('40-50 %')
        .closest('tr'),
    ).toHaveTextContent('3');
    expect(
      within(screen.getByRole('table', { name: 'Prices by page' }))
        .getByText('Page 1')
        .closest('tr'),
    ).toHaveTextContent('13');
  });

  it('a leaflet that does not exist, or a non-numeric id, is "not found" with a link to the list', async () => {
    server.on('GET /leaflets/6', { status: 404, json: { success: false, error: { code: 'not_found', message: 'not_found' } } });
    const { unmount } = render('/leaflet?id=6');
    expect(await screen.findByText('Leaflet not found')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Leaflet not found');
    expect(screen.getByRole('link', { name: 'Leaflets' })).toHaveAttribute('href', '/leaflet');
    unmount();
    render('/leaflet?id=abc');
    expect(screen.getByText('Leaflet not found')).toBeInTheDocument();
    expect(server.received.some((r) => r.path.includes('abc'))).toBe(false);
  });

  it("another network's user sees the leaflet but is offered no change (the server refuses them): issue 13", async () => {
    const billaUser = makeUser({
      roles: ['network'],
      network: { _id: '2', code: 'billa', name: 'Billa', product: false, leaflet: true, exportDetails: { allowedNetworks: ['albert'] } },
    });
    render('/leaflet?id=5', billaUser);
    await screen.findByRole('table', { name: 'Prices of the page' });
    expect(screen.queryByRole('button', { name: 'Add price' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add pages')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recognise prices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('guests see the leaflet but cannot add anything', async () => {
    render('/leaflet?id=5', makeUser({ isGuest: true, roles: ['guest'] }));
    await screen.findByRole('table', { name: 'Prices of the page' });
    expect(screen.queryByRole('button', { name: 'Add price' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add pages')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recognise prices' })).not.toBeInTheDocument();
  });
});
