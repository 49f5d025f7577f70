/**
 * Browser fetch (`"fetch": "browser"`, docs/parsers.md "Browser fetch"): pages loaded by Crawlee's
 * PlaywrightCrawler in Debian's Chromium (/usr/bin/chromium, nothing downloaded), then handed to the
 * same page handler as the HTTP fetch (crawl.ts) as the rendered HTML.
 *
 * The browser never reaches the network itself. Every request a page makes — the page, its scripts,
 * XHR/fetch, frames, styles — is intercepted (page.route) and made by the crawl's GuardedHttpClient,
 * so it meets exactly the HTTP fetch's rules: the address allowlist with the checked address being the
 * one connected to, at most 5 redirects each checked, the timeout, and the size limit (each answer, and
 * the page's answers together). A refused sub-request is aborted and the page goes on without it; the
 * page's own refusal, timeout, redirect loop or size is the page's problem. Images, media and fonts are
 * never fetched (no price is read from them). As a second wall the browser is started with a proxy no
 * one serves and a resolver that knows no name, so anything interception missed (preconnects, DNS
 * prefetch, WebRTC) goes nowhere; service workers and WebSockets are refused.
 *
 * Bounded for a small machine: one browser crawl at a time in this process (others wait their turn),
 * one browser with at most BROWSER_PAGES pages, closed when the crawl ends; closeBrowsers() (app
 * onClose) stops a running one. A page's requests, heap and each Chromium process's memory are capped.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
// Types only at the top: @crawlee/playwright, playwright and got-scraping load at the first browser crawl or
// picture (below), not at every app start (~2 s of each server test file's import, measured).
import type { PlaywrightCrawler, PlaywrightCrawlerOptions, PlaywrightCrawlingContext, Configuration } from '@crawlee/playwright';
import type { Browser, Page, Route } from 'playwright';
import type { RobotsTxtFile } from '@crawlee/utils';
import { assertAllowedUrl, type AddressPolicy } from './address';
import type { GuardedHttpClient } from './http-client';
import { THREAD_WAIT_MS } from './page-pool';
import { DEFAULT_CHROMIUM_PATH } from '../config';
import { loadOnce } from '../core/load-once';

/** The Chromium every browser of this process starts: config.chromiumPath, handed over by the parsers plugin at start. */
let chromiumPath = DEFAULT_CHROMIUM_PATH;
export function useChromium(path: string): void {
  chromiumPath = path;
}
/** Pages open at once in the one browser (2 cores: each page runs the shop's scripts). */
export const BROWSER_PAGES = 2;
/** A page's answers together may be this many times maxPageBytes (scripts and data besides the HTML). */
export const PAGE_BUDGET_FACTOR = 4;
/**
 * A page's requests made at once, and in all: interception takes them out of Chromium's own limit of 6
 * connections per host, and a page's script could otherwise have the server fire hundreds at any host.
 */
export const PAGE_REQUESTS_AT_ONCE = 6;
export const PAGE_REQUESTS = 300;
/** A page's JavaScript heap (MB): shops' pages need a fraction of it. */
export const BROWSER_HEAP_MB = 512;
/** Private memory of each Chromium process (MB): the heap flag leaves ArrayBuffers and the rest uncapped. */
export const BROWSER_PROCESS_MB = 1024;

/** How every Chromium of this process is started (crawls and pictures alike). */
function launchOptions() {
  return {
    executablePath: limitedChromium(),
    env: { ...process.env, PRICEWATCH_CHROMIUM: chromiumPath },
    serviceWorkers: 'block' as const,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-features=DnsOverHttps',
      // A page's script may not grow its heap past this (the renderer crashes, the page is a
      // problem): without it one page reached 5 GB before Chromium's own limit stopped it.
      `--js-flags=--max-old-space-size=${BROWSER_HEAP_MB}`,
      // Nothing the interception misses reaches a network: a proxy that does not exist, no name resolves.
      '--proxy-server=http://127.0.0.1:9',
      '--proxy-bypass-list=<-loopback>',
      '--host-resolver-rules=MAP * ~NOTFOUND',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
      '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    ],
  };
}

let launcher: string | null = null;
/**
 * Chromium started through a shell that sets RLIMIT_DATA first (Node cannot set a child's limits): a
 * page filling ArrayBuffers got the browser to 4 GB; with the limit an allocation fails in the page.
 * Written once per process into a directory of its own.
 */
function limitedChromium(): string {
  if (!launcher) {
    const file = join(mkdtempSync(join(tmpdir(), 'pricewatch-chromium-')), 'chromium.sh');
    writeFileSync(file, `#!/bin/sh\nulimit -d ${BROWSER_PROCESS_MB * 1024} || exit 1\nexec "$PRICEWATCH_CHROMIUM" "$@"\n`);
    chmodSync(file, 0o700);
    launcher = file;
  }
  return launcher;
}

const SKIPPED_TYPES = new Set(['image', 'media', 'font']);
// Hop-by-hop and framing headers: got decodes the body and the browser is handed it whole.
const DROPPED_RESPONSE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);
const DROPPED_REQUEST_HEADERS = new Set(['host', 'connection', 'content-length', 'accept-encoding']);

export type BrowserLimits = {
  timeoutSeconds: number;
  maxPageBytes: number;
  waitFor?: string;
  /** A picture of the page is taken (POST /parsers/try): images and fonts load too, through the same guard. */
  forPicture?: boolean;
  /** The longest wait for the browser's turn (default: as long as it takes). */
  maxQueueMs?: number;
};

/** The page handler of crawl.ts, given what the browser rendered. */
export type RenderedPageHandler = (ctx: PlaywrightCrawlingContext, page: { status: number | null; html: string }) => Promise<void>;

/** What the browser crawl takes over from crawl.ts's options: the HTTP crawler's handlers suit it too (they read `request` only). */
export type SharedCrawlOptions = Pick<
  PlaywrightCrawlerOptions,
  'requestQueue' | 'respectRobotsTxtFile' | 'minConcurrency' | 'maxConcurrency' | 'maxRequestsPerMinute' | 'maxRequestRetries'
> & { errorHandler?: unknown; failedRequestHandler?: unknown; onSkippedRequest?: PlaywrightCrawlerOptions['onSkippedRequest']; preNavigationHooks?: unknown[] };

class Gate {
  private tail: Promise<void> = Promise.resolve();
  readonly running = new Set<PlaywrightCrawler>();
  /** Turns running now and the most ever at once: the pool's cap, checked by the tests. */
  active = 0;
  peak = 0;
  /**
   * Runs `fn` when the turns before it have ended. `maxWaitMs`: a turn that has not started by then
   * fails with a timeout instead (a try of the editor must not wait behind a whole parser run).
   */
  async turn<T>(fn: () => Promise<T>, maxWaitMs = Number.POSITIVE_INFINITY): Promise<T> {
    const before = this.tail;
    let done!: () => void;
    this.tail = new Promise((r) => (done = r));
    try {
      if (Number.isFinite(maxWaitMs)) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), maxWaitMs)));
        const first = await Promise.race([before.then(() => 'ready' as const), late]);
        clearTimeout(timer);
        if (first === 'late') {
          // Those queued behind this turn still wait for the ones before it.
          const release = done;
          done = () => undefined;
          void before.then(release);
          throw new Error(`[timeout] the browser was busy for ${Math.round(maxWaitMs / 1000)} s`);
        }
      } else await before;
      this.active++;
      this.peak = Math.max(this.peak, this.active);
      try {
        return await fn();
      } finally {
        this.active--;
      }
    } finally {
      done();
    }
  }
}
const gate = new Gate();

/** Browser turns (each one browser) running now and the most at once since the process started. */
export const browserActivity = () => ({ active: gate.active, peak: gate.peak });

/**
 * Stops the running browser crawl and closes its browser: app shutdown, after the parser worker has
 * finished or given up its runs (a run given up is taken over elsewhere; what this crawl read is dropped).
 */
export async function closeBrowsers(): Promise<void> {
  await closePictureBrowser();
  await Promise.all(
    [...gate.running].map(async (c) => {
      c.autoscaledPool?.abort().catch(() => undefined);
      await c.browserPool.destroy().catch(() => undefined);
    }),
  );
}

type PageState = { bytes: number; documentError: Error | null; requests: number; active: number; waiting: (() => void)[] };

const newPageState = (): PageState => ({ bytes: 0, documentError: null, requests: 0, active: 0, waiting: [] });

/** The crawler class, made at the first browser crawl (its library loads then). */
async function defineGuardedCrawler() {
  const { PlaywrightCrawler } = await import('@crawlee/playwright');
  return class GuardedPlaywrightCrawler extends PlaywrightCrawler {
    readonly pages = new WeakMap<Page, PageState>();

    constructor(
      options: PlaywrightCrawlerOptions,
      config: Configuration,
      private readonly client: GuardedHttpClient,
      private readonly robotsTimeoutMs: number,
    ) {
      super(options, config);
    }

    // robots.txt through the guarded client, as the HTTP fetch does (http-client.ts robotsFor).
    protected override async getRobotsTxtFileForUrl(url: string): Promise<RobotsTxtFile | undefined> {
      return this.respectRobotsTxtFile ? this.client.robotsFor(url, this.robotsTimeoutMs) : undefined;
    }

    // The page's own failure (refused, timed out, redirect loop, too large) as the HTTP fetch reports it,
    // not the browser's "net::ERR_FAILED".
    protected override async _navigationHandler(ctx: PlaywrightCrawlingContext, gotoOptions: Parameters<PlaywrightCrawler['_navigationHandler']>[1]) {
      try {
        return await super._navigationHandler(ctx, gotoOptions);
      } catch (err) {
        throw this.pages.get(ctx.page)?.documentError ?? err;
      }
    }
  };
}
type GuardedPlaywrightCrawler = InstanceType<Awaited<ReturnType<typeof defineGuardedCrawler>>>;
const guardedCrawler = loadOnce(defineGuardedCrawler);

async function readLimited(stream: Readable, limit: number, state: PageState, pageLimit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    state.bytes += chunk.length;
    if (size > limit || state.bytes > pageLimit) {
      stream.destroy();
      throw new Error(
        size > limit ? `[too_large] an answer over the limit of ${limit} bytes` : `[too_large] the page's answers over ${pageLimit} bytes together`,
      );
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Makes the browser's request through the guarded client and hands the browser the answer. */
async function forward(route: Route, page: Page, state: PageState, client: GuardedHttpClient, policy: AddressPolicy, limits: BrowserLimits): Promise<void> {
  const req = route.request();
  let isDocument = false;
  try {
    isDocument = req.isNavigationRequest() && req.frame() === page.mainFrame();
  } catch {
    // a request without a frame (a worker's) is a sub-request
  }
  const type = req.resourceType();
  if (!isDocument && SKIPPED_TYPES.has(type) && !(limits.forPicture && type !== 'media')) return route.abort('blockedbyclient');
  if (++state.requests > PAGE_REQUESTS && !isDocument) return route.abort('blockedbyclient');
  // A finished request hands its slot straight to the next waiting one.
  if (state.active >= PAGE_REQUESTS_AT_ONCE) await new Promise<void>((r) => state.waiting.push(r));
  else state.active++;
  try {
    // Closed while this one waited: nothing is asked for a page that is gone.
    if (page.isClosed()) return await route.abort('blockedbyclient').catch(() => undefined);
    await forwardNow(route, req, isDocument, state, client, policy, limits);
  } finally {
    const next = state.waiting.shift();
    if (next) next();
    else state.active--;
  }
}

async function forwardNow(
  route: Route,
  req: ReturnType<Route['request']>,
  isDocument: boolean,
  state: PageState,
  client: GuardedHttpClient,
  policy: AddressPolicy,
  limits: BrowserLimits,
): Promise<void> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), limits.timeoutSeconds * 1000);
  try {
    assertAllowedUrl(req.url(), policy);
    const headers = Object.fromEntries(
      Object.entries(await req.allHeaders()).filter(([k]) => !DROPPED_REQUEST_HEADERS.has(k.toLowerCase()) && !k.startsWith(':')),
    );
    const res = await client.stream({
      url: req.url(),
      method: req.method() as 'GET',
      headers,
      ...(req.postDataBuffer() ? { body: req.postDataBuffer()! } : {}),
      throwHttpErrors: false,
      followRedirect: true,
      signal: abort.signal,
      timeout: { request: limits.timeoutSeconds * 1000 },
    });
    const declared = Number(res.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limits.maxPageBytes) {
      res.stream.destroy();
      throw new Error(`[too_large] an answer of ${declared} bytes over the limit of ${limits.maxPageBytes}`);
    }
    const body = await readLimited(res.stream, limits.maxPageBytes, state, limits.maxPageBytes * PAGE_BUDGET_FACTOR);
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined || DROPPED_RESPONSE_HEADERS.has(k.toLowerCase())) continue;
      out[k] = Array.isArray(v) ? v.join(k.toLowerCase() === 'set-cookie' ? '\n' : ', ') : String(v);
    }
    await route.fulfill({ status: res.statusCode, headers: out, body });
  } catch (err) {
    const e = abort.signal.aborted ? new Error(`[timeout] no answer within ${limits.timeoutSeconds} s`) : (err as Error);
    if (isDocument) state.documentError ??= e;
    await route.abort(isDocument ? 'failed' : 'blockedbyclient').catch(() => undefined);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Crawls with the browser: `common` are crawl.ts's options (queue, concurrency, retries, handlers),
 * `handle` its page handler. Resolves when the queue is done.
 */
export async function runBrowserCrawl(
  common: SharedCrawlOptions,
  config: Configuration,
  client: GuardedHttpClient,
  policy: AddressPolicy,
  limits: BrowserLimits,
  handle: RenderedPageHandler,
): Promise<void> {
  const GuardedCrawler = await guardedCrawler();
  await gate.turn(async () => {
    await closePictureBrowser();
    let crawler!: GuardedPlaywrightCrawler;
    crawler = new GuardedCrawler(
      {
        ...(common as Omit<SharedCrawlOptions, 'preNavigationHooks'> as PlaywrightCrawlerOptions),
        maxConcurrency: Math.min(common.maxConcurrency ?? BROWSER_PAGES, BROWSER_PAGES),
        minConcurrency: Math.min(common.minConcurrency ?? 1, BROWSER_PAGES),
        useSessionPool: false,
        persistCookiesPerSession: false,
        navigationTimeoutSecs: limits.timeoutSeconds,
        // Navigation, the wait for the price, and reading the page in a thread (a wait for one included).
        requestHandlerTimeoutSecs: limits.timeoutSeconds * 3 + THREAD_WAIT_MS / 1000,
        headless: true,
        launchContext: {
          useChrome: false,
          launchOptions: launchOptions(),
        },
        browserPoolOptions: {
          useFingerprints: false,
          maxOpenPagesPerBrowser: BROWSER_PAGES,
          retireBrowserAfterPageCount: 1000,
          closeInactiveBrowserAfterSecs: 30,
        },
        preNavigationHooks: [
          ...((common.preNavigationHooks ?? []) as NonNullable<PlaywrightCrawlerOptions['preNavigationHooks']>),
          async ({ page }) => {
            const state = newPageState();
            crawler.pages.set(page, state);
            await page.routeWebSocket(/.*/, (ws) => ws.close());
            await page.route('**/*', (route) => forward(route, page, state, client, policy, limits));
          },
        ],
        requestHandler: async (ctx) => {
          const { page, response } = ctx;
          if (limits.waitFor) {
            // Not there in time: read the page anyway, the extraction says what is missing.
            try {
              await page.waitForSelector(limits.waitFor, { state: 'attached', timeout: limits.timeoutSeconds * 1000 });
            } catch (err) {
              if ((err as Error).name !== 'TimeoutError') {
                ctx.request.noRetry = true;
                throw new Error(`[invalid_definition] waitFor: ${(err as Error).message.split('\n')[0]}`);
              }
            }
          } else {
            await page.waitForLoadState('networkidle', { timeout: limits.timeoutSeconds * 1000 }).catch(() => undefined);
          }
          await handle(ctx, { status: response?.status() ?? null, html: await page.content() });
        },
      },
      config,
      client,
      limits.timeoutSeconds * 1000,
    );
    gate.running.add(crawler);
    try {
      await crawler.run();
    } finally {
      gate.running.delete(crawler);
      await crawler.browserPool.destroy().catch(() => undefined);
    }
  }, limits.maxQueueMs);
}

/**
 * The pictures' browser, kept open between tries for PICTURE_BROWSER_IDLE_MS (a launch costs seconds) and
 * closed when a crawl takes its turn: never two browsers at once.
 */
let pictureBrowser: { browser: Browser; idle: NodeJS.Timeout | null } | null = null;
export const PICTURE_BROWSER_IDLE_MS = 30_000;

async function closePictureBrowser(): Promise<void> {
  const held = pictureBrowser;
  pictureBrowser = null;
  if (!held) return;
  if (held.idle) clearTimeout(held.idle);
  await held.browser.close().catch(() => undefined);
}

/** The widest and tallest picture of a page (CSS pixels, device scale 1). */
export const PICTURE_WIDTH = 1280;
export const PICTURE_MAX_HEIGHT = 4000;
/** The shortest picture: a page shorter than this is shown on this much of its background. */
export const PICTURE_MIN_HEIGHT = 200;

/**
 * Shows `html` (a page already read, by either fetch) as the page at `url` with JavaScript off, and runs
 * `use` on it: the picture of exactly what the extraction read. The document is not fetched again;
 * its styles, images and fonts are, each through a GuardedHttpClient with `policy` (the crawl's rules,
 * as for a browser crawl's sub-requests). Takes the browser's turn like a crawl (the pool's cap).
 */
export async function withPagePicture<T>(html: string, url: string, policy: AddressPolicy, limits: BrowserLimits, use: (page: Page) => Promise<T>): Promise<T> {
  const [{ chromium }, { GuardedHttpClient }] = await Promise.all([import('playwright'), import('./http-client')]);
  return gate.turn(async () => {
    if (pictureBrowser?.idle) clearTimeout(pictureBrowser.idle);
    if (!pictureBrowser?.browser.isConnected()) {
      pictureBrowser = { browser: await chromium.launch({ ...launchOptions(), headless: true, timeout: limits.timeoutSeconds * 1000 }), idle: null };
    }
    const held = pictureBrowser;
    held.idle = null;
    // A fresh context per picture: nothing (cookies, cache) passes from one try to the next.
    const context = await held.browser.newContext({
      viewport: { width: PICTURE_WIDTH, height: 900 },
      deviceScaleFactor: 1,
      javaScriptEnabled: false,
      serviceWorkers: 'block',
      // The selector finder is evaluated into the page: a page's CSP must not refuse it.
      bypassCSP: true,
    });
    const client = new GuardedHttpClient(policy, 5);
    try {
      const page = await context.newPage();
      const state = newPageState();
      const picture = { ...limits, forPicture: true };
      // The first document is the one read; anything after it (a meta refresh) is fetched as a sub-request.
      let served = false;
      await page.routeWebSocket(/.*/, (ws) => ws.close());
      await page.route('**/*', async (route) => {
        const req = route.request();
        if (!served && req.isNavigationRequest() && req.frame() === page.mainFrame()) {
          served = true;
          return route.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: html });
        }
        return forward(route, page, state, client, policy, picture);
      });
      await page.goto(url, { waitUntil: 'load', timeout: limits.timeoutSeconds * 1000 }).catch(() => undefined);
      return await use(page);
    } finally {
      await context.close().catch(() => undefined);
      client.close();
      if (pictureBrowser === held) held.idle = setTimeout(() => void (pictureBrowser === held && closePictureBrowser()), PICTURE_BROWSER_IDLE_MS).unref();
    }
  }, limits.maxQueueMs);
}
