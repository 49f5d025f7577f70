/**
 * "Try on a URL" (POST /parsers/try, issue 16 item 4, docs/parsers.md "Try on a URL") against the
 * loopback demo shops: what a definition reads on one page, a picture of the page with where each value
 * was found, and the elements a click may pick. Every limit of a real run holds (allowlist, redirects,
 * sub-requests); nothing is written; rights are those of adding a parser; bursts are refused with 429.
 *
 * @one-database: a try writes nothing: what it reads does not depend on the database (scripts/lib/db-test-files.cjs).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/db/client';
import { browserActivity } from '../../../src/scraping/browser-crawl';
import { body, build, loginAs, type Session } from '../../helpers/build';
import { callerFor, type Caller } from '../../helpers/catalogue';

jest.setTimeout(240_000);

let app: FastifyInstance;
let operator: Session;
let analyst: Session;

type Box = { x: number; y: number; width: number; height: number };
type TryResult = {
  url: string;
  fetch: string;
  offer: { price: number | null; oldPrice: number | null; name: string | null; strategy: string | null; problem: { kind: string } | null };
  screenshot: { dataUrl: string; width: number; height: number } | null;
  found: { field: string; selector: string | null; box: Box }[];
  elements: { selector: string; text: string; box: Box }[];
};

/** Calls as this session's user (the shared helper: token, anti-forgery pair). */
const call = (s: Session, ...args: Parameters<Caller>) => callerFor(app, s)(...args);

async function shopId(code: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = ${code}`);
  return Number(row!.id);
}

async function demoDefinition(code: string): Promise<Record<string, unknown> & { productUrls: string[] }> {
  const list = body(await call(operator, 'GET', `/parsers/list?filters=${code}`)).data.items;
  const id = list.find((p: { code: string }) => p.code === code)._id;
  return body(await call(operator, 'GET', `/parsers/${id}`)).data.definition;
}

async function tryOn(s: Session, code: string, url: string, definition: Record<string, unknown>) {
  return call(s, 'POST', '/parsers/try', { url, shopId: await shopId(code), definition });
}

async function tried(code: string, url: string, definition: Record<string, unknown>): Promise<TryResult> {
  const res = await tryOn(operator, code, url, definition);
  expect([res.statusCode, res.statusCode === 200 ? null : res.body]).toEqual([200, null]);
  return body(res).data;
}

const within = (b: Box, shot: { width: number; height: number }) =>
  b.width > 0 && b.height > 0 && b.x >= 0 && b.y >= 0 && b.x + b.width <= shot.width + 0.5 && b.y + b.height <= shot.height + 0.5;

/** The PNG's own size, from its IHDR chunk. */
function pngSize(dataUrl: string): { width: number; height: number } {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  const png = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** What a click at (x, y) on the picture picks: the smallest element box containing the point. */
const clickAt = (r: TryResult, x: number, y: number) =>
  r.elements
    .filter((e) => x >= e.box.x && x <= e.box.x + e.box.width && y >= e.box.y && y <= e.box.y + e.box.height)
    .sort((a, b) => a.box.width * a.box.height - b.box.width * b.box.height)[0];

// A loopback server NOT on the allowlist: it must never be reached.
let forbiddenHits = 0;
let forbiddenBase = '';
const forbidden = http.createServer((req, res) => {
  forbiddenHits++;
  res.end('secret');
});
// A loopback "shop" put on the allowlist by the test: redirects and sub-requests to refused addresses.
const shop = http.createServer((req, res) => {
  if (req.url === '/to-metadata') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  if (req.url === '/to-loopback') return void res.writeHead(302, { location: `${forbiddenBase}/admin` }).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><title>Mléko</title>
    <link rel="stylesheet" href="${forbiddenBase}/style.css"><link rel="stylesheet" href="http://169.254.169.254/s.css"></head>
    <body><h1 class="title">Mléko 1 l</h1><img src="${forbiddenBase}/pixel.png" alt="">
    <iframe src="${forbiddenBase}/frame"></iframe>
    <div class="price-box"><span class="current">24,90 Kč</span></div>
    <script>fetch('${forbiddenBase}/xhr').catch(() => {}); new Image().src = 'http://169.254.169.254/i.png';</script></body></html>`);
});
let shopBase = '';

const listen = (server: http.Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

beforeAll(async () => {
  forbiddenBase = await listen(forbidden);
  shopBase = await listen(shop);
  app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  app.parsers.workerOptions.allowOrigins = [...app.parsers.workerOptions.allowOrigins, shopBase];
  operator = await loginAs(app, 'operator');
  analyst = await loginAs(app, 'analyst');
  // A demo-shops app on PGlite aligns the shops' history at start: over 240 s at load ~18 (two cores).
}, 600_000);
afterAll(async () => {
  await app?.close();
  for (const server of [forbidden, shop]) {
    server.closeAllConnections();
    server.close();
  }
});

const selectorsDefinition = (priceSelector: string) => ({
  productUrls: ['https://shop.example/p/1'],
  strategy: 'selectors',
  selectors: { name: 'h1.title', price: priceSelector },
  priceFormat: { decimal: ',', thousands: '.' },
  timeoutSeconds: 10,
});

describe('what a try reads and shows', () => {
  it('selectors strategy: the price, the picture, the price’s box within it, and a click on it gives a selector that reads the same price', async () => {
    const def = await demoDefinition('lidl-prg-smichov');
    const r = await tried('lidl-prg-smichov', def.productUrls[0]!, def);
    expect(r.offer).toMatchObject({ strategy: 'selectors', problem: null });
    expect(r.offer.price).toBeGreaterThan(0);
    expect(r.fetch).toBe('http');
    expect(r.screenshot).not.toBeNull();
    const shot = r.screenshot!;
    expect(pngSize(shot.dataUrl)).toEqual({ width: shot.width, height: shot.height });
    expect(shot.width).toBe(1280);
    expect(shot.height).toBeLessThanOrEqual(4000);
    const price = r.found.find((f) => f.field === 'price')!;
    expect(price).toMatchObject({ selector: '.price-box .current' });
    expect(within(price.box, shot)).toBe(true);
    expect(r.found.find((f) => f.field === 'name')).toMatchObject({ selector: 'h1.title' });
    // The demo page shows a name and a price (and a struck price on promo days).
    expect(r.elements.map((e) => e.text)).toEqual(expect.arrayContaining([r.offer.name]));
    expect(r.elements.length).toBeGreaterThanOrEqual(2);
    expect(r.elements.length).toBeLessThanOrEqual(1500);
    for (const e of r.elements) expect(within(e.box, shot)).toBe(true);
    expect(new Set(r.elements.map((e) => e.selector)).size).toBe(r.elements.length);

    // The visual selector: a click in the middle of the price's box, its element's selector as the price selector.
    const picked = clickAt(r, price.box.x + price.box.width / 2, price.box.y + price.box.height / 2)!;
    expect(picked).toBeDefined();
    const again = await tried('lidl-prg-smichov', def.productUrls[0]!, {
      ...def,
      selectors: { ...(def.selectors as object), price: picked.selector },
    });
    expect(again.offer.price).toBe(r.offer.price);
    expect(again.found.find((f) => f.field === 'price')).toMatchObject({ selector: picked.selector });
  });

  it('JSON-LD: the visible element carrying the price is outlined, with a selector', async () => {
    const def = await demoDefinition('biedronka-waw-mokotow');
    const r = await tried('biedronka-waw-mokotow', def.productUrls[0]!, def);
    expect(r.offer.problem).toBeNull();
    expect(r.offer.strategy).toBe('jsonld');
    const price = r.found.find((f) => f.field === 'price');
    expect(price?.selector).toEqual(expect.any(String));
    expect(within(price!.box, r.screenshot!)).toBe(true);
    expect(r.elements.some((e) => e.selector === price!.selector)).toBe(true);
  });

  it('the script-rendered shop: HTTP fetch gets layout_changed (with the picture of what it saw), the browser fetch the price', async () => {
    const def = await demoDefinition('penny-plz-borska');
    const url = def.productUrls[0]!;
    const { waitFor: _waitFor, ...rest } = def;
    const overHttp = await tried('penny-plz-borska', url, { ...rest, fetch: 'http' });
    expect(overHttp.offer.problem?.kind).toBe('layout_changed');
    expect(overHttp.offer.price).toBeNull();
    expect(overHttp.screenshot).not.toBeNull();
    expect(overHttp.found).toEqual([]);

    const inBrowser = await tried('penny-plz-borska', url, def);
    expect(inBrowser.fetch).toBe('browser');
    expect(inBrowser.offer.problem).toBeNull();
    expect(inBrowser.offer.price).toBeGreaterThan(0);
    const price = inBrowser.found.find((f) => f.field === 'price');
    expect(price && within(price.box, inBrowser.screenshot!)).toBe(true);
  });

  it('JSON API strategy: the url is the API request; the first product’s offer, no picture', async () => {
    const def = await demoDefinition('tesco-prg-eden');
    const api = def.api as { request: { url: string } };
    const r = await tried('tesco-prg-eden', api.request.url.replace('{page}', '1'), def);
    expect(r.offer).toMatchObject({ strategy: 'json', problem: null });
    expect(r.offer.price).toBeGreaterThan(0);
    expect(r).toMatchObject({ screenshot: null, found: [], elements: [] });
  });
});

describe('the limits of a real run', () => {
  it('refuses private addresses: loopback off the allowlist, cloud metadata, a redirect to either', async () => {
    const def = selectorsDefinition('.price-box .current');
    for (const url of [`${forbiddenBase}/admin`, 'http://169.254.169.254/latest/meta-data/', `${shopBase}/to-metadata`, `${shopBase}/to-loopback`]) {
      const r = await tried('lidl-prg-smichov', url, def);
      expect([url, r.offer.problem?.kind, r.screenshot]).toEqual([url, 'not_allowed', null]);
    }
    expect(forbiddenHits).toBe(0);
  });

  it('a page’s sub-requests to refused addresses are dropped, in the picture (scripts off) and in a browser fetch; the price is read', async () => {
    const overHttp = await tried('lidl-prg-smichov', `${shopBase}/page`, selectorsDefinition('.price-box .current'));
    // The problem beside the price: a failure says why no price was read (a timeout, the browser busy).
    expect([overHttp.offer.price, overHttp.offer.problem]).toEqual([24.9, null]);
    expect(overHttp.screenshot).not.toBeNull();
    const inBrowser = await tried('lidl-prg-smichov', `${shopBase}/page`, { ...selectorsDefinition('.price-box .current'), fetch: 'browser' });
    expect([inBrowser.offer.price, inBrowser.offer.problem]).toEqual([24.9, null]);
    expect(inBrowser.screenshot).not.toBeNull();
    expect(forbiddenHits).toBe(0);
  });
});

describe('bad input and rights', () => {
  it('an invalid selector, JSONPath, definition or shop is 400 naming the field', async () => {
    const fields = async (payload: unknown) => {
      const res = await call(operator, 'POST', '/parsers/try', payload);
      expect(res.statusCode).toBe(400);
      return (body(res).error.fields as { path: string }[]).map((f) => f.path);
    };
    const shop = await shopId('lidl-prg-smichov');
    const url = `${shopBase}/page`;
    expect(await fields({ url, shopId: shop, definition: selectorsDefinition('.price[') })).toEqual(['definition.selectors.price']);
    expect(await fields({ url, shopId: shop, definition: { ...selectorsDefinition('.x'), strategy: 'selectors', selectors: undefined } })).toEqual([
      'definition.selectors',
    ]);
    const api = { request: { url: `${shopBase}/api` }, fields: { items: '$.items[', price: '$.price' } };
    expect(await fields({ url, shopId: shop, definition: { strategy: 'json', api } })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^definition\.api\.fields\.items/)]),
    );
    expect(await fields({ url, shopId: 99999999, definition: selectorsDefinition('.x') })).toEqual(['shopId']);
    expect(await fields({ url: 'ftp://x/', shopId: shop, definition: selectorsDefinition('.x') })).toEqual(['url']);
  });

  it('a chain’s user may try its own chain’s shops only; a guest none', async () => {
    const def = selectorsDefinition('.price-box .current');
    expect((await tryOn(analyst, 'penny-plz-borska', `${shopBase}/page`, def)).statusCode).toBe(403);
    expect((await tryOn(await loginAs(app, 'guest'), 'albert-prg-andel', `${shopBase}/page`, def)).statusCode).toBe(403);
    const own = await tryOn(analyst, 'albert-prg-andel', `${shopBase}/page`, def);
    expect(own.statusCode).toBe(200);
    expect([body(own).data.offer.price, body(own).data.offer.problem]).toEqual([24.9, null]);
  });

  it('writes nothing: no run, item, price, unmatched page or parser', async () => {
    const tables = ['parser_runs', 'parser_run_items', 'price_spans', 'current_prices', 'unmatched_pages', 'parsers', 'suspicious_prices'];
    const count = async () => {
      const out: Record<string, number> = {};
      for (const t of tables) {
        const [row] = await queryRows<{ n: number }>(app.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(t)}`);
        out[t] = Number(row!.n);
      }
      return out;
    };
    const before = await count();
    const def = await demoDefinition('lidl-prg-smichov');
    await tried('lidl-prg-smichov', def.productUrls[0]!, def);
    await tried('lidl-prg-smichov', `${shopBase}/page`, { ...selectorsDefinition('.price-box .current'), fetch: 'browser' });
    expect(await count()).toEqual(before);
  });
});

describe('ten at once', () => {
  it('ten concurrent tries: the server keeps answering, the excess gets 429, one browser at a time', async () => {
    // HTTP fetch: each try still takes the browser for its picture.
    const def = selectorsDefinition('.price-box .current');
    // Two users (each their own queue of one running and one waiting), the analyst on its own chain's shop.
    const shops = [await shopId('lidl-prg-smichov'), await shopId('albert-prg-andel')];
    const users = [operator, analyst];
    const tries = Array.from({ length: 10 }, (_, i) =>
      call(users[i % 2]!, 'POST', '/parsers/try', { url: `${shopBase}/page`, shopId: shops[i % 2], definition: def }),
    );
    // While they run, requests needing the database are answered (a try gives its database slot back).
    const check = await call(operator, 'GET', '/auth/check');
    expect(check.statusCode).toBe(200);
    const results = await Promise.all(tries);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses).toContain(429);
    for (const r of results.filter((x) => x.statusCode === 429)) expect(body(r).error.code).toBe('too_many_requests');
    for (const r of results.filter((x) => x.statusCode === 200)) expect([body(r).data.offer.price, body(r).data.offer.problem]).toEqual([24.9, null]);
    expect(browserActivity().peak).toBe(1);
    expect(browserActivity().active).toBe(0);
    expect((await call(operator, 'GET', '/auth/check')).statusCode).toBe(200);
  });
});
