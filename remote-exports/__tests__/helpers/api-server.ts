// The API behind this remote's screen tests: a real HTTP server on 127.0.0.1 (docs/conventions.md,
// "API answers come from a real local HTTP server"), given to the screens as the deployment's
// apiServers, so every call goes through the product's own client. Routes answer the contract's
// envelope; tests read what the server received.
import { startLocalApiServer, type Answer, type LocalApiServer, type ReceivedRequest } from '@pricewatch/shared/testing/local-api-server';

/**
 * What a call carried: its JSON body, or else its query without the token. A query value repeated
 * (shops=1&shops=2) is a list; one value of a list parameter arrives as a plain value, as the server
 * receives it (the contract reads it as a list of one).
 */
export type Sent = Record<string, unknown>;
/** Answers with the data of a `{ success: true, data }` envelope, or a refusal. */
export type Handler = (sent: Sent) => unknown;
/** Handlers by 'METHOD /path'. */
export type ApiRoutes = Record<string, Handler>;

/** A refusal as the server words it: `{ success: false, error: { code, message, fields } }` with its status. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly error: { code: string | number; message?: string; fields?: { path: string; message: string }[] },
  ) {}
}
export const refuse = (status: number, code: string | number, extra: Omit<Refusal['error'], 'code'> = {}) =>
  new Refusal(status, { code, message: extra.message ?? String(code), ...extra });
export const notFound = () => refuse(404, 'not_found', { message: 'Product 999 does not exist' });

export function queryOf(request: ReceivedRequest): Sent {
  const out: Sent = {};
  for (const key of new Set(request.query.keys())) {
    if (key === 'token') continue;
    const values = request.query.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

export function sentOf(request: ReceivedRequest): Sent {
  const type = String(request.headers['content-type'] ?? '');
  return request.body.length && type.startsWith('application/json') ? (JSON.parse(request.body.toString('utf8')) as Sent) : queryOf(request);
}

async function answer(handler: Handler, request: ReceivedRequest): Promise<Answer> {
  try {
    return { json: { success: true, data: await handler(sentOf(request)) } };
  } catch (error) {
    if (error instanceof Refusal) return { status: error.status, json: { success: false, error: error.error } };
    return { status: 500, json: { success: false, error: { code: 'internal_error', message: String(error) } } };
  }
}

export type Api = {
  /** The server's address, for `deployment: { apiServers: [api.url] }`. */
  readonly url: string;
  readonly received: ReceivedRequest[];
  /** Replaces every route. */
  serve(routes: ApiRoutes): void;
  /** Adds or replaces one route. */
  on(route: string, handler: Handler): void;
  /** A route answering as it is, not in the envelope (a file's bytes). */
  onRaw(route: string, answer: Answer): void;
  /** What each call to `METHOD /path` carried, in order. */
  calls(method: string, path: string): Sent[];
};

/** A fresh server for each test: a call of the last test's screen still on its way cannot count in the next. */
export function setUpApiServer(): Api {
  let server: LocalApiServer;
  beforeEach(async () => {
    server = await startLocalApiServer();
  });
  afterEach(() => server.close());
  const on = (route: string, handler: Handler) => server.on(route, (request) => answer(handler, request));
  return {
    get url() {
      return server.url;
    },
    get received() {
      return server.received;
    },
    serve(routes) {
      server.routes.clear();
      for (const [route, handler] of Object.entries(routes)) on(route, handler);
    },
    on,
    onRaw: (route, raw) => server.on(route, raw),
    calls: (method, path) => server.received.filter((r) => r.method === method && r.path === path).map(sentOf),
  };
}

/** Files the screen saves, as the browser would be handed them (a blob URL and the link's download name). */
export function captureDownloads(): { name: string; blob: Blob }[] {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  let click: jest.SpyInstance;
  beforeAll(() => {
    // jsdom has no object URLs, and following a download link is a navigation it does not do.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:http://localhost/${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    });
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob && this.download) saved.push({ name: this.download, blob });
    });
  });
  afterAll(() => {
    Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke });
    click.mockRestore();
  });
  beforeEach(() => {
    saved.length = 0;
  });
  return saved;
}

/** A saved blob's text (jsdom's Blob has no text()): read as a browser would. */
export const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
