/**
 * The fetching half of the engine: Crawlee's HttpCrawler (from @crawlee/cheerio) over a list of product pages
 * (or a listing page whose links are the product pages), with the limits a shop and this server need —
 * retries with backoff, per-host concurrency and a request rate (politeness), robots.txt, timeouts, a size
 * limit per page, at most 5 redirects, and the address allowlist (src/scraping/address.ts), which every
 * request goes through — pages, redirects, listing links and robots.txt (src/scraping/http-client.ts). Every page
 * ends as exactly one PageOutcome: an extraction, a "not found" (404/410), or a problem by kind.
 * Nothing here throws for a bad page; only a broken definition can stop a crawl before it starts.
 * The page is only fetched here: parsing it (listing links, extraction) runs in a worker thread
 * (page-pool.ts), within a time budget, so a huge page never stalls the event loop the API answers on.
 * With `fetch: 'browser'` the same options and page handler run in Chromium instead (browser-crawl.ts).
 */
import { randomUUID } from 'node:crypto';
import { Configuration, HttpCrawler, RequestQueue, log, type HttpCrawlerOptions, type HttpCrawlingContext } from '@crawlee/cheerio';
import type { RobotsTxtFile } from '@crawlee/utils';
import type { ExtractedOffer, ParserProblemKind } from '@pricewatch/shared/contract';
import { assertAllowedUrl, type AddressPolicy } from './address';
import { GuardedHttpClient } from './http-client';
import { runBrowserCrawl } from './browser-crawl';
import { looksBlocked, type ExtractOptions, type Extraction } from './extract';
import type { ApiItem, ApiPlan, ApiRequest } from './json-api';
import { PageReadError, THREAD_WAIT_MS, readInThread } from './page-pool';
import type { PageTask } from './page-work';

log.setLevel(log.LEVELS.OFF);

export type PageOutcome = {
  url: string;
  status: number | null;
  extraction: Extraction | null;
  notFound: boolean;
  problem: { kind: ParserProblemKind; message: string } | null;
  /** With `keepPage`: the HTML the extraction read (rendered, for the browser fetch) and where it was read after redirects. */
  page?: { html: string; url: string };
};

/** A page's outcome as the CLI and POST /parsers/try show it: no price when the page had a problem. */
export function offerOf(o: PageOutcome): ExtractedOffer {
  const x = o.extraction;
  return {
    url: o.url,
    name: x?.name ?? null,
    ean: x?.ean ?? null,
    price: o.problem ? null : (x?.price ?? null),
    oldPrice: o.problem ? null : (x?.oldPrice ?? null),
    promo: !o.problem && !!x?.promo,
    currency: x?.currency ?? null,
    inStock: x?.inStock ?? null,
    strategy: x?.strategy ?? null,
    problem: o.problem,
  };
}

/** With the addresses it may reach (AddressPolicy: the demo shops' origins, tests' resolver). */
export type CrawlOptions = AddressPolicy & {
  extract: ExtractOptions;
  concurrency: number;
  /** Requests per second to the host; null = politeness off (bench, tests). */
  rateLimitPerSecond: number | null;
  timeoutSeconds: number;
  maxPageBytes: number;
  respectRobotsTxt: boolean;
  maxRetries?: number;
  /** First retry waits this long, doubling after. */
  backoffMs?: number;
  /** Listing mode: the links matching this selector on the first pages are crawled as product pages. */
  listing?: { url: string; linkSelector: string };
  /** Listing mode: at most this many product pages in all (default LISTING_PRODUCTS_MAX). */
  maxListingProducts?: number;
  /** Told how many product pages are known so far (listing discovery adds to it). */
  onTotal?: (total: number) => void;
  /** `browser`: pages rendered in Chromium (browser-crawl.ts), then handled as the HTTP fetch's. */
  fetch?: 'http' | 'browser';
  /** Browser fetch: the selector to wait for before reading the page. */
  waitFor?: string;
  /**
   * JSON API mode (strategy json, json-api.ts): these requests instead of pages, through the same client
   * and limits; each answer's items are reported as pages (by their product URL), and the answer may
   * lead to more requests (the next pages). onTotal then counts items.
   */
  api?: ApiPlan;
  /** Product pages' outcomes carry the HTML read (POST /parsers/try shows it). */
  keepPage?: boolean;
  /** Browser fetch: the longest wait for the browser's turn, then the crawl fails with a timeout (default: no limit). */
  maxQueueMs?: number;
};

/** A listing's product pages in one run: as many as a definition may list by hand (contract productUrls). */
export const LISTING_PRODUCTS_MAX = 5000;
const QUEUE_CHUNK = 200;

class PageError extends Error {
  constructor(
    readonly kind: ParserProblemKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(`[${kind}] ${message}`);
  }
}

function classify(err: Error): { kind: ParserProblemKind; message: string; status: number | null } {
  const msg = err.message ?? String(err);
  const tagged = /^\[(\w+)\] (.*)$/s.exec(msg);
  if (err instanceof PageError) return { kind: err.kind, message: tagged?.[2] ?? msg, status: err.status };
  if (tagged) return { kind: tagged[1] as ParserProblemKind, message: tagged[2]!, status: null };
  if ((err as { kind?: string }).kind === 'not_allowed' || (err as { code?: string }).code === 'ERR_NOT_ALLOWED')
    return { kind: 'not_allowed', message: msg, status: null };
  if (/timed? ?out|ETIMEDOUT|TimeoutError/i.test(msg)) return { kind: 'timeout', message: msg.slice(0, 200), status: null };
  if (/redirect/i.test(msg)) return { kind: 'redirect_loop', message: msg.slice(0, 200), status: null };
  if (/Content-Type/i.test(msg)) return { kind: 'layout_changed', message: msg.slice(0, 200), status: null };
  return { kind: 'network', message: msg.slice(0, 200), status: null };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * crawlee fetches robots.txt with a got-scraping call of its own, outside the crawler's HTTP client:
 * here it goes through that client (and so through the address checks) like every page.
 */
class GuardedHttpCrawler extends HttpCrawler<HttpCrawlingContext> {
  constructor(
    options: HttpCrawlerOptions,
    config: Configuration,
    private readonly client: GuardedHttpClient,
    private readonly robotsTimeoutMs: number,
  ) {
    super(options, config);
  }

  protected override async getRobotsTxtFileForUrl(url: string): Promise<RobotsTxtFile | undefined> {
    return this.respectRobotsTxtFile ? this.client.robotsFor(url, this.robotsTimeoutMs) : undefined;
  }
}

export async function crawl(urls: string[], opts: CrawlOptions, onPage: (o: PageOutcome) => Promise<void> | void): Promise<void> {
  const config = new Configuration({ persistStorage: false, purgeOnStart: true, availableMemoryRatio: 0.5 });
  const queue = await RequestQueue.open(`q-${randomUUID()}`, { config });
  const maxRetries = opts.maxRetries ?? 2;
  const backoffMs = opts.backoffMs ?? 500;
  const seen = new Set<string>();
  let total = 0;
  const reported = new Set<string>();
  const report = async (o: PageOutcome) => {
    if (reported.has(o.url)) return;
    reported.add(o.url);
    await onPage(o);
  };

  const addApi = async (list: ApiRequest[]) => {
    const fresh = list.filter((r) => !seen.has(r.key));
    fresh.forEach((r) => seen.add(r.key));
    if (fresh.length) {
      await queue.addRequests(
        fresh.map((r) => ({
          url: r.url,
          method: r.method,
          headers: r.headers,
          payload: r.body,
          label: 'API',
          uniqueKey: r.key,
          userData: { api: r, reportAs: r.key },
        })),
      );
    }
  };

  const maxProducts = opts.maxListingProducts ?? LISTING_PRODUCTS_MAX;
  /** Queues pages; a listing's product links at most maxProducts in all (the rest: a problem of the listing). */
  const add = async (list: string[], label: 'PRODUCT' | 'LISTING', from?: string) => {
    let fresh = list.filter((u) => !seen.has(u));
    if (label === 'PRODUCT') {
      const room = Math.max(0, maxProducts - total);
      if (fresh.length > room) {
        if (from)
          await report({
            url: from,
            status: null,
            extraction: null,
            notFound: false,
            problem: { kind: 'too_large', message: `the listing links more than ${maxProducts} product pages; the first ${maxProducts} are read` },
          });
        fresh = fresh.slice(0, room);
      }
      total += fresh.length;
      opts.onTotal?.(total);
    }
    fresh.forEach((u) => seen.add(u));
    // Queued a chunk per turn of the loop: Crawlee's queue takes each request on the main thread, and
    // 30 000 links at once kept every other request of the server waiting ~25 s (attack on the page threads).
    // uniqueKey: the URL as given, so two definitions' spellings of one page stay apart in the report.
    for (let i = 0; i < fresh.length; i += QUEUE_CHUNK) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      await queue.addRequests(fresh.slice(i, i + QUEUE_CHUNK).map((url) => ({ url, label, uniqueKey: url })));
    }
  };

  const policy: AddressPolicy = { allowPrivate: opts.allowPrivate, allowOrigins: opts.allowOrigins, resolve: opts.resolve, onRefused: opts.onRefused };
  const httpClient = new GuardedHttpClient(policy, 5, opts.maxPageBytes);
  /** Parsing in a thread: the page's own timeout for the work, and a minute at most to get a thread. */
  const inThread = async (request: { noRetry: boolean }, task: PageTask) => {
    try {
      return await readInThread(task, { budgetMs: opts.timeoutSeconds * 1000, waitMs: THREAD_WAIT_MS });
    } catch (err) {
      // Reading it again would take as long (or as much memory): a problem of the page, not retried.
      if (err instanceof PageReadError) {
        request.noRetry = true;
        throw new PageError(err.kind, err.message.replace(/^\[\w+\] /, ''));
      }
      throw err;
    }
  };
  const options: HttpCrawlerOptions = {
    requestQueue: queue,
    httpClient,
    useSessionPool: false,
    persistCookiesPerSession: false,
    respectRobotsTxtFile: opts.respectRobotsTxt,
    minConcurrency: opts.concurrency,
    maxConcurrency: opts.concurrency,
    ...(opts.rateLimitPerSecond ? { maxRequestsPerMinute: Math.max(1, Math.round(opts.rateLimitPerSecond * 60)) } : {}),
    maxRequestRetries: maxRetries,
    navigationTimeoutSecs: opts.timeoutSeconds,
    // The handler waits for a thread and reads within the page's timeout there (inThread): its own limit is past both.
    requestHandlerTimeoutSecs: opts.timeoutSeconds * 2 + THREAD_WAIT_MS / 1000,
    // Statuses are judged here (4xx final, 5xx/429 retried), not by the crawler's defaults.
    ignoreHttpErrorStatusCodes: Array.from({ length: 200 }, (_, i) => 400 + i),
    additionalMimeTypes: [
      'text/plain',
      'application/octet-stream',
      ...(opts.api ? ['application/json', 'text/json', 'application/hal+json', 'application/vnd.api+json', 'application/ld+json'] : []),
    ],
    preNavigationHooks: [
      async ({ request }) => {
        // The HTTP client checks again (and checks redirects and the socket's address); refusing here
        // marks the page as not to be retried.
        try {
          assertAllowedUrl(request.url, policy);
        } catch (err) {
          request.noRetry = true;
          throw new PageError('not_allowed', (err as Error).message);
        }
      },
    ],
    postNavigationHooks: [
      async ({ request, response }) => {
        const len = Number(response?.headers?.['content-length'] ?? NaN);
        if (Number.isFinite(len) && len > opts.maxPageBytes) {
          request.noRetry = true;
          (response as unknown as { destroy?: () => void })?.destroy?.();
          throw new PageError('too_large', `page of ${len} bytes over the limit of ${opts.maxPageBytes}`);
        }
      },
    ],
    requestHandler: async ({ request, response, body }) => {
      const status = response.statusCode ?? null;
      const html = typeof body === 'string' ? body : body.toString('utf8');
      if (Buffer.byteLength(html) > opts.maxPageBytes) {
        request.noRetry = true;
        throw new PageError('too_large', `page over the limit of ${opts.maxPageBytes} bytes`, status);
      }
      const api = request.label === 'API' ? (request.userData.api as ApiRequest) : null;
      if (status !== null && status >= 400) {
        if (status === 404 || status === 410) {
          // Past an API's last page: the end of the catalogue, not a product gone.
          if (api?.endsWithNotFound) return;
          await report({ url: api?.key ?? request.url, status, extraction: null, notFound: true, problem: { kind: 'not_found', message: `HTTP ${status}` } });
          return;
        }
        if ((status === 403 || status === 429) && looksBlocked(html)) {
          request.noRetry = status === 403;
          throw new PageError('blocked', `HTTP ${status}: the shop answered a block page`, status);
        }
        if (status < 500 && status !== 429) request.noRetry = true;
        throw new PageError('http_status', `HTTP ${status}`, status);
      }
      if (api && opts.api) {
        const fail = (kind: ParserProblemKind, message: string) =>
          report({ url: api.key, status, extraction: null, notFound: false, problem: { kind, message } });
        if (html.includes('\uFFFD')) return void (await fail('invalid_encoding', 'the answer is not valid in its declared encoding'));
        const loadedUrl = request.loadedUrl ?? request.url;
        let read: (Omit<ReturnType<ApiPlan['read']>, 'items'> & { itemChunks: (() => ApiItem[])[] }) | null;
        if (opts.api.spec) {
          // Parsing and reading a big answer is seconds of CPU: in a thread, as pages are; its items arrive as JSON texts.
          const inThreadRead = await inThread(request, { kind: 'api', text: html, spec: opts.api.spec, request: api, loadedUrl });
          const got = inThreadRead.kind === 'api' ? inThreadRead.read : null;
          read = got && { ...got, itemChunks: got.itemChunks.map((text) => () => JSON.parse(text) as ApiItem[]) };
        } else {
          let answer: unknown;
          let parsed = true;
          try {
            answer = JSON.parse(html);
          } catch {
            parsed = false;
          }
          const inline = parsed ? opts.api.read(api, answer, loadedUrl) : null;
          read = inline && { ...inline, itemChunks: [() => inline.items] };
        }
        if (!read) return void (await fail(looksBlocked(html) ? 'blocked' : 'layout_changed', 'the answer is not JSON'));
        if (opts.api.onePage) read = { ...read, next: [] };
        if (read.problem) await fail(read.problem.kind, read.problem.message);
        // The first answer's count tells the whole run's size before the other pages arrive.
        if (read.expected) opts.onTotal?.(Math.max(total, read.expected));
        let seen = 0;
        for (const [n, chunk] of read.itemChunks.entries()) {
          // A big answer's items (100 000 in one answer) a chunk per turn: awaiting a report alone never yields.
          if (n > 0) await new Promise((r) => setImmediate(r));
          const items = chunk();
          seen += items.length;
          total += items.length;
          for (const item of items) {
            await report({ url: item.url, status, extraction: item.extraction, notFound: false, problem: item.extraction.problem });
          }
        }
        if (seen) opts.onTotal?.(Math.max(total, read.expected ?? 0));
        await addApi(read.next);
        return;
      }
      if (request.label === 'LISTING') {
        const read = await inThread(request, { kind: 'links', html, selector: opts.listing!.linkSelector, base: request.loadedUrl ?? request.url });
        if (read.kind === 'invalid_selector') {
          request.noRetry = true;
          throw new PageError('invalid_definition', `bad selector: ${read.message}`);
        }
        const links = read.kind === 'links' ? read.links : [];
        if (!links.length) throw new PageError('layout_changed', 'the listing page has no product links');
        await add(links, 'PRODUCT', request.url);
        return;
      }
      if (html.includes('\uFFFD')) {
        await report({
          url: request.url,
          status,
          extraction: null,
          notFound: false,
          problem: { kind: 'invalid_encoding', message: 'the page is not valid in its declared encoding' },
        });
        return;
      }
      const read = await inThread(request, { kind: 'extract', html, opts: opts.extract });
      if (read.kind !== 'extract') throw new PageError('invalid_definition', 'unexpected reading of a product page');
      const extraction = read.extraction;
      const page = opts.keepPage ? { page: { html, url: request.loadedUrl ?? request.url } } : {};
      await report({ url: request.url, status, extraction, notFound: false, problem: extraction.problem, ...page });
    },
    errorHandler: async ({ request }, error) => {
      const c = classify(error);
      if (c.kind === 'layout_changed' || c.kind === 'too_large' || c.kind === 'not_allowed' || c.kind === 'redirect_loop') request.noRetry = true;
      // Exponential backoff before the crawler retries.
      if (!request.noRetry) await sleep(backoffMs * 2 ** request.retryCount);
    },
    failedRequestHandler: async ({ request }, error) => {
      const c = classify(error);
      await report({
        url: (request.userData.reportAs as string | undefined) ?? request.url,
        status: c.status,
        extraction: null,
        notFound: false,
        problem: { kind: c.kind, message: c.message },
      });
    },
    onSkippedRequest: async ({ url, reason }) => {
      await report({ url, status: null, extraction: null, notFound: false, problem: { kind: 'not_allowed', message: `skipped: ${reason}` } });
    },
  };

  if (opts.listing) await add([opts.listing.url], 'LISTING');
  await add(urls, 'PRODUCT');
  if (opts.api) await addApi(opts.api.requests);
  try {
    // The JSON API strategy calls the API over HTTP, whatever `fetch` says.
    if (opts.fetch === 'browser' && !opts.api) {
      const { requestQueue, respectRobotsTxtFile, minConcurrency, maxConcurrency, maxRequestsPerMinute, maxRequestRetries, preNavigationHooks } = options;
      const { errorHandler, failedRequestHandler, onSkippedRequest } = options;
      await runBrowserCrawl(
        {
          requestQueue,
          respectRobotsTxtFile,
          minConcurrency,
          maxConcurrency,
          maxRequestsPerMinute,
          maxRequestRetries,
          preNavigationHooks,
          errorHandler,
          failedRequestHandler,
          onSkippedRequest,
        },
        config,
        httpClient,
        policy,
        { timeoutSeconds: opts.timeoutSeconds, maxPageBytes: opts.maxPageBytes, waitFor: opts.waitFor, maxQueueMs: opts.maxQueueMs },
        // The same page handler as the HTTP fetch, given the rendered page.
        async (ctx, page) =>
          await options.requestHandler!({
            ...ctx,
            response: { statusCode: page.status, headers: {} },
            body: page.html,
          } as unknown as Parameters<NonNullable<HttpCrawlerOptions['requestHandler']>>[0]),
      );
    } else {
      await new GuardedHttpCrawler(options, config, httpClient, opts.timeoutSeconds * 1000).run();
    }
  } finally {
    httpClient.close();
    await queue.drop().catch(() => undefined);
  }
  // Listing pages that failed have been reported by URL too; products never reached are none.
}
