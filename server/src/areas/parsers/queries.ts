/**
 * SQL of parsers, runs and run items (db/schema/parsers.ts), on both backends: the list, runs and items
 * here; definitions' writes in queries-editing.ts, directory look-ups in queries-lookups.ts, the sanity
 * guard's in queries-suspicious.ts, "To match" in queries-unmatched.ts, scraper requests' in
 * queries-scraper-requests.ts. Rows are the typed builder's: ids numbers and times Dates on both.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client';
import { networks, offers, parserRunItems, parserRuns, parsers, products } from '../../db/schema';
import { likeContains } from '../products/plugin';
import { createParserEditingQueries } from './queries-editing';
import { createParserLookups } from './queries-lookups';
import { createScraperRequestQueries } from './queries-scraper-requests';
import { createSuspiciousQueries } from './queries-suspicious';
import { createUnmatchedQueries } from './queries-unmatched';

type RunStatus = 'queued' | 'running' | 'done' | 'failed';
type RunTrigger = 'schedule' | 'force' | 'scraper';

/** A parser with its network's code, as every read answers it. */
const parserColumns = {
  id: parsers.id,
  code: parsers.code,
  name: parsers.name,
  networkId: parsers.networkId,
  network: networks.code,
  shopId: parsers.shopId,
  country: parsers.country,
  definition: parsers.definition,
  schedule: parsers.schedule,
  enabled: parsers.enabled,
  createdAt: parsers.createdAt,
  updatedAt: parsers.updatedAt,
  /** Set once deleted from the app (a tombstone: its runs stay readable). */
  deletedAt: parsers.deletedAt,
};

// status, trigger and errors are text and jsonb in the schema; the runs write only these values.
const runColumns = {
  id: parserRuns.id,
  parserId: parserRuns.parserId,
  status: sql<RunStatus>`${parserRuns.status}`,
  trigger: sql<RunTrigger>`${parserRuns.trigger}`,
  requestedBy: parserRuns.requestedBy,
  scraperRequestId: parserRuns.scraperRequestId,
  productIds: parserRuns.productIds,
  queuedAt: parserRuns.queuedAt,
  startedAt: parserRuns.startedAt,
  finishedAt: parserRuns.finishedAt,
  attempts: parserRuns.attempts,
  pagesTotal: parserRuns.pagesTotal,
  pagesDone: parserRuns.pagesDone,
  pricesFound: parserRuns.pricesFound,
  notFound: parserRuns.notFound,
  errors: sql<Record<string, number>>`${parserRuns.errors}`,
  failure: parserRuns.failure,
};

const itemColumns = {
  seq: parserRunItems.seq,
  url: parserRunItems.url,
  httpStatus: parserRunItems.httpStatus,
  productId: parserRunItems.productId,
  name: parserRunItems.name,
  ean: parserRunItems.ean,
  price: parserRunItems.price,
  oldPrice: parserRunItems.oldPrice,
  promo: parserRunItems.promo,
  currency: parserRunItems.currency,
  inStock: parserRunItems.inStock,
  strategy: parserRunItems.strategy,
  notFound: parserRunItems.notFound,
  problemKind: parserRunItems.problemKind,
  problem: parserRunItems.problem,
};

export type ParserRow = SelectResultFields<typeof parserColumns>;
export type RunRow = SelectResultFields<typeof runColumns>;
/** A page of a run and what was read there (money in minor units). */
export type ItemRow = Omit<typeof parserRunItems.$inferSelect, 'runId'>;

/** The parser's own runs: a scraper request's one-product run is the request's, never the parser's. */
const OWN_RUN = ne(parserRuns.trigger, 'scraper');
const FINISHED: RunStatus[] = ['done', 'failed'];
const ACTIVE: RunStatus[] = ['queued', 'running'];

/** The parser's last finished own run, as a condition on it (null when it has none: not met). */
const lastRunIs = (condition: string) =>
  sql`(SELECT ${sql.raw(condition)} FROM parser_runs r WHERE r.parser_id = ${parsers.id} AND r.status IN ('done', 'failed') AND r.trigger <> 'scraper'
       ORDER BY r.id DESC LIMIT 1)`;

/** A run "failed" for the streak: it failed, or it ended with problems and not one price. */
const FAILED_RUN = sql.raw(`(r.status = 'failed' OR (r.status = 'done' AND r.prices_found = 0 AND r.pages_total > 0))`);

/** Raw sql, analytics: the finished own runs failed in a row since the last good one (a window over them). */
const FAILING_STREAK = sql<number>`(SELECT count(*)::int FROM (SELECT ${FAILED_RUN} AS bad,
    sum(CASE WHEN ${FAILED_RUN} THEN 0 ELSE 1 END) OVER (ORDER BY r.id DESC) AS good_before
    FROM parser_runs r WHERE r.parser_id = ${parsers.id} AND r.status IN ('done', 'failed') AND r.trigger <> 'scraper') s
  WHERE s.good_before = 0)`.mapWith(Number);

/** A run the worker may claim: queued, or running with a heartbeat older than the lease (its process died). */
const claimable = (leaseSeconds: number) =>
  sql`(c.status = 'queued' OR (c.status = 'running' AND c.heartbeat_at < now() - make_interval(secs => ${leaseSeconds})))
    AND NOT EXISTS (SELECT 1 FROM parser_runs o WHERE o.parser_id = c.parser_id AND o.id <> c.id AND o.status = 'running'
                    AND o.heartbeat_at >= now() - make_interval(secs => ${leaseSeconds}))`;

/** A run's page and price counts and its errors by kind, as progress and the end write them. */
type RunCounts = { pagesTotal: number; pagesDone: number; pricesFound: number; notFound: number; errors: Record<string, number> };

/** The run's counts as its row's columns: written by progress and again, final, by finishRun. */
const countColumns = (p: RunCounts) => ({
  pagesTotal: p.pagesTotal,
  pagesDone: p.pagesDone,
  pricesFound: p.pricesFound,
  notFound: p.notFound,
  errors: p.errors,
});

type ListFilter = {
  /** Network ids visible to the caller; null = all. */
  networkIds: number[] | null;
  shopIds?: number[];
  onlyWithProblems?: boolean;
  onlyWithNotFound?: boolean;
  text?: string;
  limit: number;
  skip: number;
};

export function createParsersQueries(db: Db) {
  const scraperRequests = createScraperRequestQueries(db);
  const parserReads = () => db.select(parserColumns).from(parsers).innerJoin(networks, eq(networks.id, parsers.networkId));

  /** The newest own run of each of these parsers among these statuses. */
  const latestRuns = async (parserIds: number[], statuses: RunStatus[]) =>
    parserIds.length
      ? db
          .selectDistinctOn([parserRuns.parserId], runColumns)
          .from(parserRuns)
          .where(and(inArray(parserRuns.parserId, parserIds), inArray(parserRuns.status, statuses), OWN_RUN))
          .orderBy(parserRuns.parserId, desc(parserRuns.id))
      : [];

  /** Takes the run for this worker: running, its lease started, one more attempt. */
  const takeRun = (worker: string, pick: SQL) =>
    db
      .update(parserRuns)
      .set({
        status: 'running',
        claimedBy: worker,
        heartbeatAt: sql`now()`,
        startedAt: sql`COALESCE(${parserRuns.startedAt}, now())`,
        attempts: sql`${parserRuns.attempts} + 1`,
      })
      .where(eq(parserRuns.id, sql`(${pick})`))
      .returning(runColumns);

  const queries = {
    ...createParserLookups(db),
    ...createParserEditingQueries(db),
    ...createSuspiciousQueries(db),
    ...createUnmatchedQueries(db),
    ...scraperRequests,

    /** A page of the parsers not deleted, by name; problems and not-found products are those of the last finished own run. */
    async list(f: ListFilter) {
      const conds: (SQL | undefined)[] = [isNull(parsers.deletedAt)];
      if (f.networkIds) conds.push(inArray(parsers.networkId, f.networkIds));
      if (f.shopIds?.length) conds.push(inArray(parsers.shopId, f.shopIds));
      if (f.text) conds.push(or(ilike(parsers.name, likeContains(f.text)), ilike(parsers.code, likeContains(f.text))));
      if (f.onlyWithProblems) conds.push(lastRunIs(`(r.errors <> '{}'::jsonb OR r.status = 'failed')`));
      if (f.onlyWithNotFound) conds.push(lastRunIs(`r.not_found > 0`));
      const where = and(...conds);
      const [counted] = await db.select({ n: count() }).from(parsers).where(where);
      const page = await db
        .select({
          ...parserColumns,
          failingStreak: FAILING_STREAK,
          /** Pages waiting in "To match". */
          unmatched: sql<number>`(SELECT count(*)::int FROM unmatched_pages u WHERE u.parser_id = ${parsers.id} AND u.decision IS NULL)`.mapWith(Number),
        })
        .from(parsers)
        .innerJoin(networks, eq(networks.id, parsers.networkId))
        .where(where)
        .orderBy(asc(parsers.name), asc(parsers.id))
        .limit(f.limit)
        .offset(f.skip);
      const ids = page.map((p) => p.id);
      const [last, active] = await Promise.all([latestRuns(ids, FINISHED), latestRuns(ids, ACTIVE)]);
      const byParser = (runs: RunRow[]) => new Map(runs.map((r) => [r.parserId, r]));
      const lastOf = byParser(last);
      const activeOf = byParser(active);
      const rows = page.map((p) => {
        const lastRun = lastOf.get(p.id) ?? null;
        const problems = Object.values(lastRun?.errors ?? {}).reduce((a, b) => a + b, 0);
        return { ...p, lastRun, activeRun: activeOf.get(p.id) ?? null, problems };
      });
      return { rows, total: counted?.n ?? 0 };
    },

    /** Networks with at least one parser (deleted ones not), among these ids (null = all), by name. */
    networks: (networkIds: number[] | null) =>
      db
        .select({ code: networks.code, name: networks.name, country: networks.country, parsers: count() })
        .from(parsers)
        .innerJoin(networks, eq(networks.id, parsers.networkId))
        .where(and(isNull(parsers.deletedAt), networkIds ? inArray(parsers.networkId, networkIds) : undefined))
        .groupBy(networks.id, networks.code, networks.name, networks.country)
        .orderBy(asc(networks.name), asc(networks.code)),

    async parser(id: number) {
      const [row] = await parserReads().where(eq(parsers.id, id));
      return row ?? null;
    },

    parsersByIds: (ids: number[]) =>
      parserReads()
        .where(and(inArray(parsers.id, ids), isNull(parsers.deletedAt)))
        .orderBy(asc(parsers.id)),

    enabledParsers: () =>
      parserReads()
        .where(and(eq(parsers.enabled, true), isNull(parsers.deletedAt)))
        .orderBy(asc(parsers.id)),

    async run(id: number) {
      const [row] = await db.select(runColumns).from(parserRuns).where(eq(parserRuns.id, id));
      return row ?? null;
    },

    /** The parser's own run in progress (force start answers it); a scraper request's run is not one. */
    async activeRun(parserId: number) {
      const [row] = await db
        .select(runColumns)
        .from(parserRuns)
        .where(and(eq(parserRuns.parserId, parserId), inArray(parserRuns.status, ACTIVE), OWN_RUN))
        .orderBy(desc(parserRuns.id))
        .limit(1);
      return row ?? null;
    },

    async queueRun(
      parserId: number,
      trigger: RunTrigger,
      opts: { requestedBy?: string | null; scraperRequestId?: number; productIds?: number[]; scheduledFor?: Date },
    ): Promise<RunRow | null> {
      const scheduledFor = opts.scheduledFor ?? null;
      // The scheduler asks for every slot once a minute in every process: an INSERT that then hits the
      // unique index would still take an id from the sequence (issue 13: ids ran out). A slot already
      // queued is not inserted, so it takes none; ON CONFLICT is left for the rare race.
      if (scheduledFor) {
        const [queued] = await db
          .select({ id: parserRuns.id })
          .from(parserRuns)
          .where(and(eq(parserRuns.parserId, parserId), eq(parserRuns.scheduledFor, scheduledFor)))
          .limit(1);
        if (queued) return null;
      }
      const [row] = await db
        .insert(parserRuns)
        .values({
          parserId,
          trigger,
          requestedBy: opts.requestedBy ?? null,
          scraperRequestId: opts.scraperRequestId ?? null,
          productIds: opts.productIds ?? null,
          scheduledFor,
        })
        .onConflictDoNothing()
        .returning(runColumns);
      return row ?? null;
    },

    /**
     * Claims the oldest runnable run for this worker: queued, or running with a heartbeat older than the
     * lease (its process died). SKIP LOCKED: two processes never claim the same run. One run per parser
     * at a time.
     */
    async claim(worker: string, leaseSeconds: number, maxAttempts: number): Promise<RunRow | null> {
      // Runs whose process died too often end as failed (their data untouched).
      const dead = await db
        .update(parserRuns)
        .set({ status: 'failed', finishedAt: sql`now()`, failure: sql`'abandoned after ' || ${parserRuns.attempts} || ' attempts'` })
        .where(
          and(
            eq(parserRuns.status, 'running'),
            lt(parserRuns.heartbeatAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
            gte(parserRuns.attempts, maxAttempts),
          ),
        )
        .returning({ scraperRequestId: parserRuns.scraperRequestId });
      // Their scraper requests would otherwise wait forever.
      const requests = [...new Set(dead.flatMap((d) => (d.scraperRequestId === null ? [] : [d.scraperRequestId])))];
      if (requests.length) await db.transaction((tx) => scraperRequests.settleScraperRequests(requests, tx));
      const [row] = await takeRun(worker, sql`SELECT c.id FROM parser_runs c WHERE ${claimable(leaseSeconds)} ORDER BY c.id LIMIT 1 FOR UPDATE SKIP LOCKED`);
      return row ?? null;
    },

    /** Claims one given run (a pg-boss job names it): queued, or running with an expired lease. */
    async claimById(id: number, worker: string, leaseSeconds: number): Promise<RunRow | null> {
      const [row] = await takeRun(worker, sql`SELECT c.id FROM parser_runs c WHERE c.id = ${id} AND ${claimable(leaseSeconds)} FOR UPDATE SKIP LOCKED`);
      return row ?? null;
    },

    /** Progress and heartbeat; false when the run is no longer this worker's (lease lost). */
    async progress(id: number, worker: string, p: RunCounts) {
      const rows = await db
        .update(parserRuns)
        .set({ heartbeatAt: sql`now()`, ...countColumns(p) })
        .where(and(eq(parserRuns.id, id), eq(parserRuns.claimedBy, worker), eq(parserRuns.status, 'running')))
        .returning({ id: parserRuns.id });
      return rows.length > 0;
    },

    /** In the run's closing transaction: locks the run while it is still this worker's; false when the lease was lost. */
    async lockOwnRun(id: number, worker: string, tx: Db): Promise<boolean> {
      const rows = await tx
        .select({ id: parserRuns.id })
        .from(parserRuns)
        .where(and(eq(parserRuns.id, id), eq(parserRuns.claimedBy, worker), eq(parserRuns.status, 'running')))
        .for('update');
      return rows.length > 0;
    },

    /** The run's final state with its counts. */
    async finishRun(id: number, status: 'done' | 'failed', failure: string | null, p: RunCounts, tx: Db): Promise<void> {
      await tx
        .update(parserRuns)
        .set({
          status,
          failure,
          finishedAt: sql`now()`,
          heartbeatAt: sql`now()`,
          ...countColumns(p),
        })
        .where(eq(parserRuns.id, id));
    },

    /** A retry starts clean: the items of an earlier attempt go. */
    async resetItems(runId: number): Promise<void> {
      await db.delete(parserRunItems).where(eq(parserRunItems.runId, runId));
    },

    /** Raw sql: a bulk load (one unnest statement for a flush of pages). */
    async insertItems(runId: number, items: ItemRow[], tx: Db = db) {
      if (!items.length) return;
      const col = <T>(f: (i: ItemRow) => T) => sql.param(items.map(f));
      await tx.execute(sql`INSERT INTO parser_run_items (run_id, seq, url, http_status, product_id, name, ean, price, old_price, promo, currency, in_stock, strategy, not_found, problem_kind, problem)
        SELECT ${runId}, * FROM unnest(${col((i) => i.seq)}::int[], ${col((i) => i.url)}::text[], ${col((i) => i.httpStatus)}::int[],
          ${col((i) => i.productId)}::int[], ${col((i) => i.name)}::text[], ${col((i) => i.ean)}::text[], ${col((i) => i.price)}::int[],
          ${col((i) => i.oldPrice)}::int[], ${col((i) => i.promo)}::bool[], ${col((i) => i.currency)}::text[], ${col((i) => i.inStock)}::bool[],
          ${col((i) => i.strategy)}::text[], ${col((i) => i.notFound)}::bool[], ${col((i) => i.problemKind)}::text[], ${col((i) => i.problem)}::text[])
        ON CONFLICT DO NOTHING`);
    },

    items: (runId: number, onlyProblems = false): Promise<ItemRow[]> =>
      db
        .select(itemColumns)
        .from(parserRunItems)
        .where(and(eq(parserRunItems.runId, runId), onlyProblems ? isNotNull(parserRunItems.problemKind) : undefined))
        .orderBy(asc(parserRunItems.seq)),

    /** Catalogue products by EAN (in the parser's country) and by offer URL (in its shop). */
    async match(country: string, shopId: number | null, eans: string[], urls: string[], articles: string[] = []) {
      const byEan = eans.length
        ? await db
            .selectDistinctOn([products.ean], { ean: products.ean, id: products.id })
            .from(products)
            .leftJoin(offers, and(eq(offers.productId, products.id), shopId === null ? sql`false` : eq(offers.shopId, shopId)))
            .where(and(inArray(products.ean, eans), eq(products.country, country)))
            // The product the shop already sells wins over another with the same EAN.
            .orderBy(products.ean, sql`${offers.productId} IS NULL`, products.id)
        : [];
      const byUrl =
        urls.length && shopId !== null
          ? await db
              .select({ url: offers.url, id: offers.productId })
              .from(offers)
              .where(and(eq(offers.shopId, shopId), inArray(offers.url, urls)))
          : [];
      // The shop's own product id (a JSON API's article) names the offer as its URL does.
      const byArticle =
        articles.length && shopId !== null
          ? await db
              .selectDistinctOn([offers.shopArticle], { shopArticle: offers.shopArticle, id: offers.productId })
              .from(offers)
              .where(and(eq(offers.shopId, shopId), inArray(offers.shopArticle, articles)))
              .orderBy(offers.shopArticle, offers.productId)
          : [];
      return {
        byEan: new Map(byEan.map((r) => [r.ean, r.id])),
        byUrl: new Map(byUrl.map((r) => [r.url, r.id])),
        byArticle: new Map(byArticle.map((r) => [r.shopArticle, r.id])),
      };
    },

    /** The shop's catalogue products for a JSON API template with {ean} / {id} (all, or these). */
    apiProducts: (shopId: number, productIds: number[] | null) =>
      db
        .select({ productId: offers.productId, ean: products.ean, shopArticle: offers.shopArticle })
        .from(offers)
        .innerJoin(products, eq(products.id, offers.productId))
        .where(and(eq(offers.shopId, shopId), productIds ? inArray(offers.productId, productIds) : undefined))
        .orderBy(asc(offers.productId)),

    /** The shop's page addresses of these products. */
    async offerUrls(shopId: number, productIds: number[]): Promise<string[]> {
      const rows = await db
        .select({ url: offers.url })
        .from(offers)
        .where(and(eq(offers.shopId, shopId), inArray(offers.productId, productIds), isNotNull(offers.url)))
        .orderBy(asc(offers.productId));
      return rows.flatMap((r) => (r.url === null ? [] : [r.url]));
    },
  };
  return queries;
}

export type ParsersQueries = ReturnType<typeof createParsersQueries>;
export type ListedParser = Awaited<ReturnType<ParsersQueries['list']>>['rows'][number];
