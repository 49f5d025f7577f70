// A real HTTP server on 127.0.0.1 for tests of the API client: it records what arrived and answers
// from per-route handlers. Node only: its own subpath (@pricewatch/shared/testing/local-api-server), kept
// out of the testing subpath that jsdom tests and screens' helpers import.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
};

export type Answer = { status?: number; json?: unknown; text?: string; contentType?: string; bytes?: Buffer };
/** A promise lets a test hold the answer back (to see what the screen shows while it waits). */
export type Handler = (request: ReceivedRequest) => Answer | Promise<Answer>;

export type LocalApiServer = {
  url: string;
  received: ReceivedRequest[];
  /** Handlers by 'METHOD /path'; unmatched requests get 404 with a route_not_found envelope. */
  routes: Map<string, Handler>;
  on(route: string, handler: Handler | Answer): void;
  close(): Promise<void>;
};

export async function startLocalApiServer(): Promise<LocalApiServer> {
  const received: ReceivedRequest[] = [];
  const routes = new Map<string, Handler>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      received.push(request);
      const handler = routes.get(`${request.method} ${request.path}`);
      const answer: Answer = handler
        ? await handler(request)
        : { status: 404, json: { success: false, error: { code: 'route_not_found', message: 'No route' } } };
      const status = answer.status ?? 200;
      if (answer.json !== undefined) {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.json));
      } else if (answer.bytes) {
        res.writeHead(status, { 'content-type': answer.contentType ?? 'application/octet-stream' });
        res.end(answer.bytes);
      } else {
        res.writeHead(status, { 'content-type': answer.contentType ?? 'text/html' });
        res.end(answer.text ?? '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    routes,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** An address where nothing listens: a port just released by a closed server. */
export async function refusedUrl(): Promise<string> {
  const server = await startLocalApiServer();
  const { url } = server;
  await server.close();
  return url;
}
