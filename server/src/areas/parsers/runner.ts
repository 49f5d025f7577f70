/**
 * Runs one claimed parser run: crawls its pages (src/scraping/crawl.ts), matches each page to a
 * catalogue product (by EAN where the page gives one, else by the offer's URL in the parser's shop),
 * keeps every page's outcome as a run item, and counts pages, prices, not-found products and errors by
 * kind as it goes (the screen follows them live). Prices are written at the end, in one transaction with
 * the run's final state, through the catalogue's recordObservations (price spans): a run that dies or
 * fails leaves the price history as it was.
 */
import { parserDefinitionSchema, type ParserDefinition } from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import { todayIso } from '../../lib/days';
import { currencyOf } from '../../lib/money';
import { recordObservations, type Observation } from '../prices/plugin';
import { onPricesWritten } from '../alarms/plugin';
import type { AddressPolicy } from '../../scraping/address';
import type { PageOutcome } from '../../scraping/crawl';
import { apiMode, planApi, type ApiPlan } from '../../scraping/json-api';
import type { ItemRow, ParsersQueries, RunRow } from './queries';
import { DEFAULT_PRICE_GUARD_SHARE, holdObservations, screenObservations, type SourcedObservation } from './suspicious';
import { keepUnmatched } from './matching/unmatched';
import type { UnmatchedRead } from './queries-unmatched';

export type RunnerOptions = {
  /** Private origins the crawl may reach: the demo shops' own (demo and test mode); none elsewhere. */
  allowOrigins: string[];
  /** Told each refused address a host name resolved to (the worker logs it at debug; runs' problems do not show it). */
  onRefused?: AddressPolicy['onRefused'];
  /** false: no rate limit (bench, tests). */
  politeness: boolean;
  backoffMs?: number;
  maxRetries?: number;
  /** A dead worker: stop writing (tests simulate a process that dies mid-run). */
  isAbandoned?: () => boolean;
  flushEveryMs?: number;
  /** The worker's lease: the heartbeat comes well within it, whatever the pages cost (a browser's start). */
  leaseSeconds?: number;
  /** The sanity guard's share (PRICE_GUARD_SHARE): a price moving more is held as suspicious (suspicious.ts). */
  priceGuardShare?: number;
};

type RunSummary = { status: 'done' | 'failed' | 'abandoned'; pricesFound: number; notFound: number; errors: Record<string, number>; written: number };

export async function executeRun(db: Db, q: ParsersQueries, run: RunRow, worker: string, opts: RunnerOptions): Promise<RunSummary> {
  const parser = await q.parser(run.parserId);
  const errors: Record<string, number> = {};
  const counts = { pagesTotal: 0, pagesDone: 0, pricesFound: 0, notFound: 0 };
  /** Pages read whose product matched nothing, and the URLs that did match ("To match", matching/unmatched.ts). */
  const unmatched: UnmatchedRead[] = [];
  const matchedUrls: string[] = [];
  const finish = async (status: 'done' | 'failed', failure: string | null, observations: SourcedObservation[]) => {
    if (opts.isAbandoned?.()) return 0;
    let written = 0;
    let recorded: Observation[] = [];
    await db.transaction(async (t) => {
      if (!(await q.lockOwnRun(run.id, worker, t))) return; // The lease was lost: another worker owns the run now.
      if (observations.length && status === 'done') {
        // Prices far from their reference wait for a person's decision instead (docs/parsers.md "Sanity guard").
        const { accepted, held } = await screenObservations(q, observations, opts.priceGuardShare ?? DEFAULT_PRICE_GUARD_SHARE, t);
        await holdObservations(q, { id: run.id, parserId: run.parserId }, held, t);
        const r = await recordObservations(t, accepted);
        written = r.extended + r.opened;
        recorded = accepted;
      }
      if (status === 'done') await keepUnmatched(q, { id: run.id, parserId: run.parserId, day: todayIso() }, unmatched, matchedUrls, t);
      await q.finishRun(run.id, status, failure, { ...counts, errors }, t);
      if (run.scraperRequestId !== null) {
        await q.appendScraperResults(run.scraperRequestId, run.id, t);
        await q.settleScraperRequests([run.scraperRequestId], t);
      }
    });
    // After the commit: the alarms these prices touch are evaluated in the background (docs/alarms.md).
    if (written > 0)
      void onPricesWritten(
        db,
        recorded.map((o) => ({ productId: o.productId, shopId: o.shopId })),
      );
    return written;
  };

  if (!parser) {
    await finish('failed', 'parser deleted', []);
    return { status: 'failed', pricesFound: 0, notFound: 0, errors, written: 0 };
  }
  const parsed = parserDefinitionSchema.safeParse(parser.definition);
  if (!parsed.success) {
    errors.invalid_definition = 1;
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    await finish('failed', `invalid definition: ${msg}`.slice(0, 500), []);
    return { status: 'failed', pricesFound: 0, notFound: 0, errors, written: 0 };
  }
  const def: ParserDefinition = parsed.data;
  await q.resetItems(run.id);

  let urls = def.productUrls;
  let listing = def.listing;
  let api: ApiPlan | undefined;
  /** A scraper request answered from a whole-catalogue API: only these products' items count. */
  let only: Set<number> | null = null;
  if (def.strategy === 'json' && def.api) {
    // The shop's API instead of pages (docs/parsers.md "JSON API shops"); {ean}/{id} templates ask per catalogue product.
    const requested = run.productIds?.length ? run.productIds : null;
    const perProduct = apiMode(def.api) === 'products';
    const products = perProduct && parser.shopId !== null ? await q.apiProducts(parser.shopId, requested) : [];
    api = planApi(
      def.api,
      products.map((p) => ({ ean: p.ean, article: p.shopArticle })),
      { country: parser.country, currency: currencyOf(parser.country) },
    );
    if (requested && !perProduct) only = new Set(requested);
    urls = [];
    listing = undefined;
  } else if (run.productIds?.length) {
    // A scraper request: only the offers of these products in the parser's shop.
    urls = parser.shopId !== null ? await q.offerUrls(parser.shopId, run.productIds) : [];
    listing = undefined;
  }
  counts.pagesTotal = urls.length;

  let seq = 0;
  let pending: { outcome: PageOutcome; seq: number }[] = [];
  const items: ItemRow[] = [];
  const observations: SourcedObservation[] = [];
  const day = todayIso();
  let lastFlush = Date.now();
  let lost = false;

  const flush = async () => {
    const batch = pending;
    pending = [];
    lastFlush = Date.now();
    if (!batch.length && lost) return;
    const eans = batch.map((b) => b.outcome.extraction?.ean).filter((e): e is string => !!e);
    const pageUrls = batch.map((b) => b.outcome.url);
    const articles = batch.map((b) => b.outcome.extraction?.article).filter((a): a is string => !!a);
    const m = batch.length
      ? await q.match(parser.country, parser.shopId, eans, pageUrls, articles)
      : { byEan: new Map(), byUrl: new Map(), byArticle: new Map() };
    const rows: ItemRow[] = [];
    for (const { outcome: o, seq: s } of batch) {
      const x = o.extraction;
      if (only) {
        // A scraper request's products out of a whole catalogue's answers: the other items are not its business.
        const id = x ? ((x.ean ? m.byEan.get(x.ean) : undefined) ?? m.byUrl.get(o.url) ?? (x.article ? m.byArticle.get(x.article) : undefined)) : null;
        if (x && (id === undefined || !only.has(id!))) continue;
        counts.pagesTotal++;
      }
      let problem = o.problem;
      let productId: number | null = null;
      let notFound = o.notFound;
      if (notFound) {
        productId = m.byUrl.get(o.url) ?? null;
      } else if (x && !problem && x.price !== null) {
        productId = (x.ean ? m.byEan.get(x.ean) : undefined) ?? m.byUrl.get(o.url) ?? (x.article ? m.byArticle.get(x.article) : undefined) ?? null;
        if (productId === null) {
          notFound = true;
          problem = { kind: 'not_found', message: x.ean ? `no catalogue product with EAN ${x.ean} or this URL` : 'no catalogue product with this URL' };
        }
      }
      if (productId !== null) matchedUrls.push(o.url);
      else if (x && problem?.kind === 'not_found' && x.price !== null) {
        unmatched.push({
          seq: s,
          url: o.url,
          name: x.name?.slice(0, 300) ?? null,
          ean: x.ean,
          // A JSON API shop's own product id; pages have none.
          article: x.article ?? null,
          price: Math.round(x.price * 100),
          oldPrice: x.oldPrice === null ? null : Math.round(x.oldPrice * 100),
          promo: x.promo,
          currency: x.currency,
          inStock: x.inStock,
          priceText: x.priceText,
        });
      }
      if (notFound) counts.notFound++;
      else if (problem) errors[problem.kind] = (errors[problem.kind] ?? 0) + 1;
      const minor = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 100));
      if (productId !== null && x && !problem && x.price !== null) {
        counts.pricesFound++;
        if (parser.shopId !== null) {
          observations.push({
            productId,
            shopId: parser.shopId,
            day,
            regular: minor(x.promo ? x.oldPrice : x.price)!,
            promo: x.promo ? minor(x.price) : null,
            inStock: x.inStock ?? true,
            source: 'parser',
            url: o.url,
            text: x.priceText,
            seq: s,
            currency: x.currency,
          });
        }
      }
      counts.pagesDone++;
      rows.push({
        seq: s,
        url: o.url,
        httpStatus: o.status,
        productId,
        name: x?.name?.slice(0, 300) ?? null,
        ean: x?.ean ?? null,
        price: x && !problem ? minor(x.price) : null,
        oldPrice: x && !problem ? minor(x.oldPrice) : null,
        promo: !!(x && !problem && x.promo),
        currency: x?.currency ?? null,
        inStock: x?.inStock ?? null,
        strategy: x?.strategy ?? null,
        notFound,
        problemKind: problem?.kind ?? null,
        problem: problem?.message.slice(0, 500) ?? null,
      });
    }
    // An API request that failed is an item of its own (no count of items came with it).
    counts.pagesTotal = Math.max(counts.pagesTotal, counts.pagesDone);
    if (opts.isAbandoned?.()) {
      lost = true;
      return;
    }
    await q.insertItems(run.id, rows);
    items.push(...rows);
    if (!(await q.progress(run.id, worker, { ...counts, errors }))) lost = true;
  };

  // A third of the lease (at most 5 s): a slow first page (a browser starting) must not let another
  // worker take over a run that is alive (it did with a 4 s lease and a 5 s beat).
  const beatMs = Math.min(5000, ((opts.leaseSeconds ?? 60) * 1000) / 3);
  const heartbeat = setInterval(() => {
    if (!pending.length && !opts.isAbandoned?.())
      void q.progress(run.id, worker, { ...counts, errors }).then(
        (ok) => (ok ? undefined : (lost = true)),
        () => undefined,
      );
  }, beatMs);
  try {
    await q.progress(run.id, worker, { ...counts, errors });
    // The engine loads at the first run, not at every app start (~2 s of each test file's import).
    const { crawl } = await import('../../scraping/crawl');
    await crawl(
      urls,
      {
        // The shop's country and currency settle separators the text leaves open and refuse other currencies.
        extract: {
          strategy: def.strategy,
          selectors: def.selectors,
          priceFormat: def.priceFormat,
          country: parser.country,
          currency: currencyOf(parser.country),
        },
        concurrency: def.concurrency,
        rateLimitPerSecond: opts.politeness ? def.rateLimitPerSecond : null,
        timeoutSeconds: def.timeoutSeconds,
        maxPageBytes: def.maxPageBytes,
        respectRobotsTxt: def.respectRobotsTxt,
        fetch: def.fetch,
        waitFor: def.waitFor,
        allowOrigins: opts.allowOrigins,
        onRefused: opts.onRefused,
        backoffMs: opts.backoffMs,
        maxRetries: opts.maxRetries,
        listing,
        api,
        // A scraper request out of a whole catalogue counts its own items only (flush).
        onTotal: (n) => (only ? undefined : (counts.pagesTotal = Math.max(counts.pagesTotal, n))),
      },
      async (outcome) => {
        pending.push({ outcome, seq: seq++ });
        if (Date.now() - lastFlush >= (opts.flushEveryMs ?? 500)) await flush();
      },
    );
    await flush();
  } catch (err) {
    // Only a broken definition (or the database) stops a crawl: the run fails, prices untouched.
    clearInterval(heartbeat);
    errors.invalid_definition = (errors.invalid_definition ?? 0) + 1;
    await finish('failed', (err as Error).message.slice(0, 500), []).catch(() => undefined);
    return { status: 'failed', pricesFound: counts.pricesFound, notFound: counts.notFound, errors, written: 0 };
  }
  clearInterval(heartbeat);
  if (lost || opts.isAbandoned?.()) return { status: 'abandoned', pricesFound: counts.pricesFound, notFound: counts.notFound, errors, written: 0 };
  const failed = counts.pagesTotal > 0 && counts.pricesFound === 0 && counts.notFound < counts.pagesDone;
  const written = await finish(failed ? 'failed' : 'done', failed ? 'no price found on any page' : null, observations);
  return { status: failed ? 'failed' : 'done', pricesFound: counts.pricesFound, notFound: counts.notFound, errors, written };
}
