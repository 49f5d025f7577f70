/**
 * Starts the demo shops: one node:http server per shop on 127.0.0.1 (port 0 = any free port, or
 * basePort + index). Pages are rendered on each request from the products given and the day's price, so
 * prices change day by day while the servers run. The failing shop's pages fail on purpose (catalog.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { todayDay } from '../lib/days';
import { DEMO_API_KEY, DEMO_SHOPS, type DemoShopSpec } from './catalog';
import { apiPage, blockPage, jsonldParts, listingPage, productPage, type DemoProduct } from './pages';
import { demoPrice, misprinted, type DemoPrice } from './prices';

export type RunningShop = { spec: DemoShopSpec; base: string; products: DemoProduct[] };
export type DemoShops = {
  shops: RunningShop[];
  /** The true price of a product a running shop renders on a day (what its page shows, misprints aside). */
  price(code: string, productId: number, day: number): DemoPrice;
  close(): Promise<void>;
};

export type StartOptions = {
  products: Map<string, DemoProduct[]>;
  host?: string;
  /** 0 = ephemeral ports. */
  basePort?: number;
  /** Day number of the prices (default today). */
  day?: () => number;
  /** How long the slow page takes (ms). */
  slowMs?: number;
  /** Size of the huge page (bytes). */
  hugeBytes?: number;
  specs?: DemoShopSpec[];
};

/** What a failing shop's i-th product page does instead of answering normally. */
export function failureOf(index: number): 'not_found' | 'server_error' | 'slow' | 'layout_changed' | 'blocked' | 'call_us' | null {
  return (['not_found', 'server_error', 'slow', 'layout_changed', 'blocked', 'call_us'] as const)[index] ?? null;
}

function handler(spec: DemoShopSpec, products: DemoProduct[], opts: Required<Pick<StartOptions, 'day' | 'slowMs' | 'hugeBytes'>>): http.RequestListener {
  const byArticle = new Map(products.map((p, i) => [p.article, { p, i }]));
  const send = (res: http.ServerResponse, status: number, body: string | Buffer, type = 'text/html; charset=utf-8') => {
    const buf = typeof body === 'string' ? Buffer.from(body) : body;
    res.writeHead(status, { 'content-type': type, 'content-length': buf.length });
    res.end(buf);
  };
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop');
    const path = url.pathname;
    if (path === '/robots.txt') return send(res, 200, 'User-agent: *\nDisallow: /private/\n', 'text/plain');
    if (path === '/' || path === '/catalog') return send(res, 200, listingPage(spec, products));
    if (spec.template === 'json-api' && path === '/api/v1/products') {
      if (req.headers['x-api-key'] !== DEMO_API_KEY) return send(res, 401, JSON.stringify({ error: 'api key required' }), 'application/json');
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 10);
      if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1 || size > 100)
        return send(res, 400, JSON.stringify({ error: 'bad paging' }), 'application/json');
      const slice = products.slice((page - 1) * size, page * size).map((p) => ({ p, price: demoPrice(p, spec.code, opts.day()) }));
      return send(res, 200, apiPage(spec, slice, page, size, products.length), 'application/json; charset=utf-8');
    }
    const one = spec.template === 'json-api' ? /^\/api\/v1\/products\/([^/]+)$/.exec(path) : null;
    if (one) {
      // One product by the shop's id (a definition with {id}), in the same shape as a catalogue page.
      if (req.headers['x-api-key'] !== DEMO_API_KEY) return send(res, 401, JSON.stringify({ error: 'api key required' }), 'application/json');
      const hit = byArticle.get(decodeURIComponent(one[1]!));
      if (!hit) return send(res, 404, JSON.stringify({ error: 'no such product' }), 'application/json');
      return send(res, 200, apiPage(spec, [{ p: hit.p, price: demoPrice(hit.p, spec.code, opts.day()) }], 1, 1, 1), 'application/json; charset=utf-8');
    }
    if (spec.failing && path === '/special/redirect-loop') {
      res.writeHead(302, { location: `/special/redirect-loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` });
      return res.end();
    }
    if (spec.failing && path === '/special/bad-utf8') {
      // Invalid UTF-8 (a lone continuation byte and a truncated sequence) around a readable price.
      const html = Buffer.concat([
        Buffer.from('<!doctype html><html><head><meta charset="utf-8"></head><body><h1>Mol'),
        Buffer.from([0xc3, 0x28, 0xa0, 0xe2, 0x82]),
        Buffer.from('ko</h1><div id="price"><span class="value">39,90 Kč</span></div></body></html>'),
      ]);
      return send(res, 200, html);
    }
    if (spec.failing && path === '/special/huge') {
      const total = opts.hugeBytes;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': total });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          const n = Math.min(chunk.length, total - sent);
          sent += n;
          if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (sent = total));
      return pump();
    }
    const data = spec.template === 'script-rendered' ? /^\/p\/([^/]+)\/data\.json$/.exec(path) : null;
    const rendered = data ? byArticle.get(decodeURIComponent(data[1]!)) : undefined;
    if (rendered) return send(res, 200, JSON.stringify(jsonldParts(spec, rendered.p, demoPrice(rendered.p, spec.code, opts.day()))), 'application/json');
    const m = /^\/p\/([^/]+)$/.exec(path);
    const hit = m ? byArticle.get(decodeURIComponent(m[1]!)) : undefined;
    if (!hit) return send(res, 404, '<!doctype html><h1>Not found</h1>');
    const price = misprinted(demoPrice(hit.p, spec.code, opts.day()), hit.p.misprint);
    const failure = spec.failing ? failureOf(hit.i) : null;
    switch (failure) {
      case 'not_found':
        return send(res, 404, '<!doctype html><h1>Product no longer available</h1>');
      case 'server_error':
        return send(res, 500, '<!doctype html><h1>Internal error</h1>');
      case 'blocked':
        return send(res, 403, blockPage());
      case 'slow': {
        const t = setTimeout(() => send(res, 200, productPage(spec, hit.p, price)), opts.slowMs);
        res.on('close', () => clearTimeout(t));
        return;
      }
      case 'layout_changed':
      case 'call_us':
        return send(res, 200, productPage(spec, hit.p, price, failure));
      default:
        return send(res, 200, productPage(spec, hit.p, price));
    }
  };
}

export async function startDemoShops(opts: StartOptions): Promise<DemoShops> {
  const host = opts.host ?? '127.0.0.1';
  const specs = opts.specs ?? DEMO_SHOPS;
  const settings = { day: opts.day ?? (() => todayDay()), slowMs: opts.slowMs ?? 5000, hugeBytes: opts.hugeBytes ?? 50 * 1024 * 1024 };
  const servers: http.Server[] = [];
  const shops: RunningShop[] = [];
  try {
    for (const [i, spec] of specs.entries()) {
      const products = opts.products.get(spec.code) ?? [];
      const server = http.createServer(handler(spec, products, settings));
      server.keepAliveTimeout = 1000;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(opts.basePort ? opts.basePort + i : 0, host, () => resolve());
      });
      servers.push(server);
      const { port } = server.address() as AddressInfo;
      shops.push({ spec, base: `http://${host}:${port}`, products });
    }
  } catch (err) {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    throw err;
  }
  return {
    shops,
    price: (code, productId, day) => {
      const product = shops.find((s) => s.spec.code === code)?.products.find((p) => p.id === productId);
      if (!product) throw new Error(`demo shop ${code} does not render product ${productId}`);
      return demoPrice(product, code, day);
    },
    close: async () => {
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
    },
  };
}
