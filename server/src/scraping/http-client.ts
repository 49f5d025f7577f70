/**
 * The crawler's only way out (pages, redirects, robots.txt): crawlee's got-scraping client with the
 * address allowlist built in (src/scraping/address.ts). Every request, and every redirect it follows,
 * has its URL checked, and every socket resolves its host through guardedLookup, so the address that was
 * checked is the address connected to.
 *
 * HTTP/1.1 only, with got-scraping's browser headers generated here: its own header hook first opens a
 * TLS connection to learn the server's protocols (ALPN), and that probe resolves the host with the
 * system resolver, outside any check. Each client has its own connection pool, closed with close(): a
 * kept-alive socket that another policy let through is never reused.
 */
import http from 'node:http';
import https from 'node:https';
import { Transform, pipeline } from 'node:stream';
import type { BaseHttpClient, HttpRequest, HttpResponse, RedirectHandler, ResponseTypes, StreamingHttpResponse } from '@crawlee/cheerio';
import { GotScrapingHttpClient } from '@crawlee/cheerio';
import { RobotsTxtFile } from '@crawlee/utils';
import { TransformHeadersAgent, gotScraping } from 'got-scraping';
import { assertAllowedUrl, guardedLookup, type AddressPolicy } from './address';

type HeaderGenerator = { getHeaders(options: Record<string, unknown>): Record<string, string> };
const headerGenerator = (gotScraping.defaults.options.context as { headerGenerator: HeaderGenerator }).headerGenerator;

type Hooks = { beforeRedirect?: unknown[] } & Record<string, unknown>;

export class GuardedHttpClient implements BaseHttpClient {
  private readonly inner = new GotScrapingHttpClient();
  private readonly lookup;
  private readonly agents;

  constructor(
    private readonly policy: AddressPolicy,
    private readonly maxRedirects = 5,
    /** Pages (streamed bodies) past this many bytes fail as `too_large` while they arrive (null: no cap). */
    private readonly maxBodyBytes: number | null = null,
  ) {
    this.lookup = guardedLookup(policy);
    const lookup = this.lookup;
    this.agents = { http: new http.Agent({ keepAlive: true, lookup }), https: new https.Agent({ keepAlive: true, lookup }) };
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private readonly robots = new Map<string, Promise<RobotsTxtFile | undefined>>();

  /**
   * The robots.txt of the URL's origin, fetched once per client through this client (and so through
   * the address checks): crawlee's crawlers would fetch it with a got-scraping call of their own.
   */
  robotsFor(url: string, timeoutMs: number): Promise<RobotsTxtFile | undefined> {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return Promise.resolve(undefined);
    }
    let file = this.robots.get(origin);
    if (!file) {
      const robotsUrl = `${origin}/robots.txt`;
      file = this.sendRequest({ url: robotsUrl, method: 'GET', responseType: 'text', timeout: { request: timeoutMs } }).then(
        // No robots.txt (4xx) or a broken one (5xx): everything is allowed, as crawlee does for a 404.
        (res) => RobotsTxtFile.from(robotsUrl, res.statusCode < 400 ? String(res.body) : ''),
        // Unreachable or refused: the page's own request reports why.
        () => undefined,
      );
      this.robots.set(origin, file);
    }
    return file;
  }

  private guard<T extends HttpRequest<keyof ResponseTypes>>(request: T): T {
    assertAllowedUrl(request.url, this.policy);
    const given = request.headers ?? {};
    const names = new Set(Object.keys(given).map((k) => k.toLowerCase()));
    const generated = Object.entries(headerGenerator.getHeaders({ httpVersion: '1' })).filter(([k]) => !names.has(k.toLowerCase()));
    const hooks = (request.hooks ?? {}) as Hooks;
    return {
      ...request,
      http2: false,
      useHeaderGenerator: false,
      headers: { ...Object.fromEntries(generated), ...given },
      dnsLookup: this.lookup,
      agent: { http: new TransformHeadersAgent(this.agents.http), https: new TransformHeadersAgent(this.agents.https) },
      maxRedirects: this.maxRedirects,
      hooks: {
        ...hooks,
        beforeRedirect: [...(hooks.beforeRedirect ?? []), (options: { url?: URL | string }) => options.url && assertAllowedUrl(options.url, this.policy)],
      },
    };
  }

  async sendRequest<TResponseType extends keyof ResponseTypes = 'text'>(request: HttpRequest<TResponseType>): Promise<HttpResponse<TResponseType>> {
    return this.inner.sendRequest(this.guard(request));
  }

  async stream(request: HttpRequest, onRedirect?: RedirectHandler): Promise<StreamingHttpResponse> {
    const res = await this.inner.stream(this.guard(request), onRedirect);
    const limit = this.maxBodyBytes;
    if (limit === null) return res;
    // Counted as it arrives: a body without Content-Length was otherwise held whole until the timeout
    // (an attack streamed ~800 MB into the API process in 30 s) and only then checked against the cap.
    let seen = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > limit) done(new Error(`[too_large] page over the limit of ${limit} bytes`));
        else done(null, chunk);
      },
    });
    pipeline(res.stream, counted, () => {});
    res.stream = counted;
    return res;
  }
}
