/**
 * For the address allowlist's tests (docs/parsers.md "Addresses"): a loopback service that a parser must
 * never reach, a "shop" on another loopback port (the allowed origin in these tests) that redirects and
 * lists links wherever it is told, and the spellings of private addresses that used to get through.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Every private address in the spellings that slipped past the old check, on the service's port. */
export function privateSpellings(port: number): string[] {
  return [
    `http://[::ffff:127.0.0.1]:${port}/p`, // IPv4-mapped loopback
    `http://[::ffff:169.254.169.254]:${port}/p`, // cloud metadata, mapped
    `http://[::ffff:a00:1]:${port}/p`, // 10.0.0.1, mapped in hex
    `http://[::ffff:c0a8:101]:${port}/p`, // 192.168.1.1, mapped in hex
    `http://[::7f00:1]:${port}/p`, // IPv4-compatible loopback
    `http://[64:ff9b::7f00:1]:${port}/p`, // NAT64 of loopback
    `http://2130706433:${port}/p`, // decimal 127.0.0.1
    `http://0x7f.1:${port}/p`, // hex/short 127.0.0.1
    `http://127.0.0.1:${port}/p`, // the service itself: loopback, but not an allowed origin
  ];
}

const PRODUCT = `<!doctype html><script type="application/ld+json">{"@type":"Product","name":"Secret","offers":{"@type":"Offer","price":"1.00","priceCurrency":"CZK"}}</script>`;

export type Loopback = { service: string; shop: string; servicePort: number; hits: string[]; shopHits: string[]; close(): Promise<void> };

export async function startLoopback(): Promise<Loopback> {
  const hits: string[] = [];
  const shopHits: string[] = [];
  const service = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end(PRODUCT);
  });
  const shop = http.createServer((req, res) => {
    shopHits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://shop');
    if (url.pathname === '/go') return void res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    if (url.pathname === '/scripted') {
      // Renders its product only by script, after asking every `to` address for more (browser fetch).
      const tos = JSON.stringify(url.searchParams.getAll('to'));
      const ld = JSON.stringify({ '@type': 'Product', name: 'Scripted', offers: { '@type': 'Offer', price: '2.00', priceCurrency: 'CZK' } });
      const script = `Promise.allSettled(${tos}.map((u) => fetch(u, { mode: 'no-cors' }))).then(() => {
        const s = document.createElement('script'); s.type = 'application/ld+json'; s.textContent = ${JSON.stringify(ld)}; document.head.appendChild(s);
        document.body.insertAdjacentHTML('beforeend', '<h1>Scripted</h1><p class="done">2,00 Kč</p>');
      });`;
      const imgs = url.searchParams
        .getAll('to')
        .map((to) => `<img src="${to}"><iframe src="${to}"></iframe>`)
        .join('');
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><html><head></head><body>${imgs}<script>${script}</script></body></html>`);
    }
    if (url.pathname === '/listing') {
      const links = url.searchParams.getAll('to').map((to) => `<a class="p" href="${to}">x</a>`);
      return void res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html>${links.join('')}`);
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html>none');
  });
  const listen = (s: http.Server) => new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));
  const [servicePort, shopPort] = [await listen(service), await listen(shop)];
  return {
    service: `http://127.0.0.1:${servicePort}`,
    shop: `http://127.0.0.1:${shopPort}`,
    servicePort,
    hits,
    shopHits,
    close: async () => {
      for (const s of [service, shop]) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    },
  };
}
