/**
 * SQL of parsers, runs and run items (db/schema/parsers.ts), on both backends: the list, runs and items
 * here; definitions' writes in queries-editing.ts, directory look-ups in queries-lookups.ts, the sanity
 * guard's in queries-suspicious.ts, "To match" in queries-unmatched.ts, scraper requests' in
 * queries-scraper-requests.ts.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { parserRuns } from '../../db/schema';
import { createParserEditingQueries } from './queries-editing';
import { createParserLookups } from './queries-lookups';
import { createScraperRequestQueries } from './queries-scraper-requests';
import { createSuspiciousQueries } from './queries-suspicious';
import { createUnmatchedQueries } from './queries-unmatched';

export type ParserRow = {
  id: number;
  code: string;
  name: string;
  network_id: number;
  network: string;
  shop_id: number | null;
  country: string;
  definition: unknown;
  schedule: string;
  enabled: boolean;
  created_at: string | Date;
  updated_at?: string | Date;
  /** Set once deleted from the app (a tombstone: its runs stay readable). */
  deleted_at?: string | Date | null;
};

export type RunRow = {
  id: number;
  parser_id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  trigger: 'schedule' | 'force' | 'scraper';
  requested_by: string | null;
  scraper_request_id: number | null;
  product_ids: number[] | null;
  queued_at: string | Date;
  started_at: string | Date | null;
  finished_at: string | Date | null;
  attempts: number;
  pages_total: number;
  pages_done: number;
  prices_found: number;
  not_found: number;
  errors: Record<string, number>;
  failure: string | null;
};

export type ItemRow = {
  seq: number;
  url: string;
  http_status: number | null;
  product_id: number | null;
  name: string | null;
  ean: string | null;
  price: number | null;
  old_price: number | null;
  promo: boolean;
  currency: string | null;
  in_stock: boolean | null;
  strategy: string | null;
  not_found: boolean;
  problem_kind: string | null;
  problem: string | null;
};

const RUN_COLUMNS = sql.raw(
  `r.id, r.parser_id, r.status, r.trigger, r.requested_by, r.scraper_request_id, r.product_ids, r.queued_at, r.started_at,
   r.finished_at, r.attempts, r.pages_total, r.pages_done, r.prices_found, r.not_found, r.errors, r.failure`,
);

/** A run "failed" for the streak: it failed, or it ended with problems and not one price. */
const FAILED_RUN = sql.raw(`(r.status = 'failed' OR (r.status = 'done' AND r.prices_found = 0 AND r.pages_total > 0))`);

/** A run's page and price counts and its errors by kind, as progress and the end write them. */
export type RunCounts = { pagesTotal: number; pagesDone: number; pricesFound: number; notFound: number; errors: Record<string, number> };

export type ListFilter = {
  /** Network ids visible to the caller; null = all. */
  networkIds: number[] | null;
  shopIds?: number[];
  onlyWithProblems?: boolean;
  onlyWithNotFound?: boolean;
  text?: string;
  limit: number;
  skip: number;
};

export type ListedParser = ParserRow & {
  last_run: RunRow | null;
  active_run: RunRow | null;
  failing_streak: number;
  problems: number;
  /** Pages waiting in "To match". */
  unmatched: number;
};

export function createParsersQueries(db: Db) {
  const one = async <T>(q: SQL) => (await queryRows<T>(db, q))[0] ?? null;
  const scraperRequests = createScraperRequestQueries(db);

  return {
    ...createParserLookups(db),
    ...createParserEditingQueries(db),
    ...createSuspiciousQueries(db),
    ...createUnmatchedQueries(db),
    ...scraperRequests,

    async list(f: ListFilter): Promise<{ rows: ListedParser[]; total: number }> {
      const conds: SQL[] = [sql`p.deleted_at IS NULL`];
      if (f.networkIds) conds.push(sql`p.network_id = ANY(${sql.param(f.networkIds)}::int[])`);
      if (f.shopIds?.length) conds.push(sql`p.shop_id = ANY(${sql.param(f.shopIds)}::int[])`);
      if (f.text) conds.push(sql`(p.name ILIKE ${'%' + f.text + '%'} OR p.code ILIKE ${'%' + f.text + '%'})`);
      // Problems and not-found products are those of the last finished run. A scraper request's
      // one-product run is the request's, never the parser's: not its last run, streak or problems.
      if (f.onlyWithProblems) conds.push(sql`(lr.errors <> '{}'::jsonb OR lr.status = 'failed')`);
      if (f.onlyWithNotFound) conds.push(sql`lr.not_found > 0`);
      const where = sql.join(conds, sql` AND `);
      const base = sql`FROM parsers p JOIN networks n ON n.id = p.network_id
        LEFT JOIN LATERAL (SELECT ${RUN_COLUMNS} FROM parser_runs r WHERE r.parser_id = p.id AND r.status IN ('done', 'failed')
                             AND r.trigger <> 'scraper' ORDER BY r.id DESC LIMIT 1) lr ON TRUE
        WHERE ${where}`;
      const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${base}`);
      const rows = await queryRows<ListedParser>(
        db,
        sql`SELECT p.id, p.code, p.name, p.network_id, n.code AS network, p.shop_id, p.country, p.definition, p.schedule, p.enabled, p.created_at,
              CASE WHEN lr.id IS NULL THEN NULL ELSE to_jsonb(lr) END AS last_run,
              (SELECT to_jsonb(ar) FROM (SELECT ${RUN_COLUMNS} FROM parser_runs r WHERE r.parser_id = p.id AND r.status IN ('queued', 'running')
                 AND r.trigger <> 'scraper' ORDER BY r.id DESC LIMIT 1) ar) AS active_run,
              (SELECT count(*)::int FROM (SELECT ${FAILED_RUN} AS bad, row_number() OVER (ORDER BY r.id DESC) AS k,
                   sum(CASE WHEN ${FAILED_RUN} THEN 0 ELSE 1 END) OVER (ORDER BY r.id DESC) AS good_before
                 FROM parser_runs r WHERE r.parser_id = p.id AND r.status IN ('done', 'failed') AND r.trigger <> 'scraper') s
               WHERE s.good_before = 0) AS failing_streak,
              COALESCE((SELECT sum(value::int) FROM jsonb_each_text(lr.errors)), 0)::int AS problems,
              (SELECT count(*)::int FROM unmatched_pages u WHERE u.parser_id = p.id AND u.decision IS NULL) AS unmatched
            ${base}
            ORDER BY p.name, p.id LIMIT ${f.limit} OFFSET ${f.skip}`,
      );
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** Networks with at least one parser (deleted ones not), among these ids (null = all), by name. */
    networks: (networkIds: number[] | null) =>
      queryRows<{ code: string; name: string; country: string; parsers: number }>(
        db,
        sql`SELECT n.code, n.name, n.country, count(*)::int AS parsers
          FROM parsers p JOIN networks n ON n.id = p.network_id
          WHERE p.deleted_at IS NULL ${networkIds ? sql`AND p.network_id = ANY(${sql.param(networkIds)}::int[])` : sql``}
          GROUP BY n.id, n.code, n.name, n.country ORDER BY n.name, n.code`,
      ),

    parser: (id: number) =>
      one<ParserRow>(sql`SELECT p.id, p.code, p.name, p.network_id, n.code AS network, p.shop_id, p.country, p.definition, p.schedule, p.enabled, p.created_at,
          p.updated_at, p.deleted_at
        FROM parsers p JOIN networks n ON n.id = p.network_id WHERE p.id = ${id}`),

    parsersByIds: (ids: number[]) =>
      queryRows<ParserRow>(
        db,
        sql`SELECT p.id, p.code, p.name, p.network_id, n.code AS network, p.shop_id, p.country, p.definition, p.schedule, p.enabled, p.created_at
          FROM parsers p JOIN networks n ON n.id = p.network_id WHERE p.id = ANY(${sql.param(ids)}::int[]) AND p.deleted_at IS NULL ORDER BY p.id`,
      ),

    enabledParsers: () =>
      queryRows<ParserRow>(
        db,
        sql`SELECT p.id, p.code, p.name, p.network_id, n.code AS network, p.shop_id, p.country, p.definition, p.schedule, p.enabled, p.created_at
          FROM parsers p JOIN networks n ON n.id = p.network_id WHERE p.enabled AND p.deleted_at IS NULL ORDER BY p.id`,
      ),

    run: (id: number) => one<RunRow>(sql`SELECT ${RUN_COLUMNS} FROM parser_runs r WHERE r.id = ${id}`),

    /** The parser's own run in progress (force start answers it); a scraper request's run is not one. */
    activeRun: (parserId: number) =>
      one<RunRow>(sql`SELECT ${RUN_COLUMNS} FROM parser_runs r WHERE r.parser_id = ${parserId} AND r.status IN ('queued', 'running')
        AND r.trigger <> 'scraper' ORDER BY r.id DESC LIMIT 1`),

    async queueRun(
      parserId: number,
      trigger: RunRow['trigger'],
      opts: { requestedBy?: string | null; scraperRequestId?: number; productIds?: number[]; scheduledFor?: Date },
    ) {
      const scheduledFor = opts.scheduledFor?.toISOString() ?? null;
      // The scheduler asks for every slot once a minute in every process: an INSERT that then hits the
      // unique index would still take an id from the sequence (issue 13: ids ran out). A slot already
      // queued produces no row to insert, so it takes none; ON CONFLICT is left for the rare race.
      return one<RunRow>(sql`INSERT INTO parser_runs AS r (parser_id, trigger, requested_by, scraper_request_id, product_ids, scheduled_for)
        SELECT ${parserId}, ${trigger}, ${opts.requestedBy ?? null}::uuid, ${opts.scraperRequestId ?? null}::bigint,
               ${opts.productIds ? sql`${sql.param(opts.productIds)}::int[]` : sql`NULL::int[]`}, ${scheduledFor}::timestamptz
        WHERE ${scheduledFor}::timestamptz IS NULL
           OR NOT EXISTS (SELECT 1 FROM parser_runs x WHERE x.parser_id = ${parserId} AND x.scheduled_for = ${scheduledFor}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING ${RUN_COLUMNS}`);
    },

    /**
     * Claims the oldest runnable run for this worker: queued, or running with a heartbeat older than the
     * lease (its process died). SKIP LOCKED: two processes never claim the same run. One run per parser
     * at a time.
     */
    async claim(worker: string, leaseSeconds: number, maxAttempts: number): Promise<RunRow | null> {
      // Runs whose process died too often end as failed (their data untouched).
      const dead = await queryRows<{ scraper_request_id: number | null }>(
        db,
        sql`UPDATE parser_runs SET status = 'failed', finished_at = now(), failure = 'abandoned after ' || attempts || ' attempts'
          WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => ${leaseSeconds}) AND attempts >= ${maxAttempts}
          RETURNING scraper_request_id`,
      );
      // Their scraper requests would otherwise wait forever.
      const requests = [
        ...new Set(
          dead
            .map((d) => d.scraper_request_id)
            .filter((id) => id !== null)
            .map(Number),
        ),
      ];
      if (requests.length) await db.transaction((tx) => scraperRequests.settleScraperRequests(requests, tx));
      return one<RunRow>(sql`UPDATE parser_runs r SET status = 'running', claimed_by = ${worker}, heartbeat_at = now(),
          started_at = COALESCE(r.started_at, now()), attempts = r.attempts + 1
        WHERE r.id = (
          SELECT c.id FROM parser_runs c
          WHERE (c.status = 'queued' OR (c.status = 'running' AND c.heartbeat_at < now() - make_interval(secs => ${leaseSeconds})))
            AND NOT EXISTS (SELECT 1 FROM parser_runs o WHERE o.parser_id = c.parser_id AND o.id <> c.id AND o.status = 'running'
                            AND o.heartbeat_at >= now() - make_interval(secs => ${leaseSeconds}))
          ORDER BY c.id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING ${RUN_COLUMNS}`);
    },

    /** Claims one given run (a pg-boss job names it): queued, or running with an expired lease. */
    claimById: (id: number, worker: string, leaseSeconds: number) =>
      one<RunRow>(sql`UPDATE parser_runs r SET status = 'running', claimed_by = ${worker}, heartbeat_at = now(),
          started_at = COALESCE(r.started_at, now()), attempts = r.attempts + 1
        WHERE r.id = (
          SELECT c.id FROM parser_runs c WHERE c.id = ${id}
            AND (c.status = 'queued' OR (c.status = 'running' AND c.heartbeat_at < now() - make_interval(secs => ${leaseSeconds})))
            AND NOT EXISTS (SELECT 1 FROM parser_runs o WHERE o.parser_id = c.parser_id AND o.id <> c.id AND o.status = 'running'
                            AND o.heartbeat_at >= now() - make_interval(secs => ${leaseSeconds}))
          FOR UPDATE SKIP LOCKED)
        RETURNING ${RUN_COLUMNS}`),

    /** Progress and heartbeat; false when the run is no longer this worker's (lease lost). */
    async progress(id: number, worker: string, p: RunCounts) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`UPDATE parser_runs SET heartbeat_at = now(), pages_total = ${p.pagesTotal}, pages_done = ${p.pagesDone},
            prices_found = ${p.pricesFound}, not_found = ${p.notFound}, errors = ${JSON.stringify(p.errors)}::jsonb
          WHERE id = ${id} AND claimed_by = ${worker} AND status = 'running' RETURNING id`,
      );
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
          pagesTotal: p.pagesTotal,
          pagesDone: p.pagesDone,
          pricesFound: p.pricesFound,
          notFound: p.notFound,
          errors: p.errors,
        })
        .where(eq(parserRuns.id, id));
    },

    /** A retry starts clean: the items of an earlier attempt go. */
    resetItems: (runId: number) => db.execute(sql`DELETE FROM parser_run_items WHERE run_id = ${runId}`),

    async insertItems(runId: number, items: ItemRow[], tx: Db = db) {
      if (!items.length) return;
      const col = <T>(f: (i: ItemRow) => T) => sql.param(items.map(f));
      await tx.execute(sql`INSERT INTO parser_run_items (run_id, seq, url, http_status, product_id, name, ean, price, old_price, promo, currency, in_stock, strategy, not_found, problem_kind, problem)
        SELECT ${runId}, * FROM unnest(${col((i) => i.seq)}::int[], ${col((i) => i.url)}::text[], ${col((i) => i.http_status)}::int[],
          ${col((i) => i.product_id)}::int[], ${col((i) => i.name)}::text[], ${col((i) => i.ean)}::text[], ${col((i) => i.price)}::int[],
          ${col((i) => i.old_price)}::int[], ${col((i) => i.promo)}::bool[], ${col((i) => i.currency)}::text[], ${col((i) => i.in_stock)}::bool[],
          ${col((i) => i.strategy)}::text[], ${col((i) => i.not_found)}::bool[], ${col((i) => i.problem_kind)}::text[], ${col((i) => i.problem)}::text[])
        ON CONFLICT DO NOTHING`);
    },

    items: (runId: number, onlyProblems = false) =>
      queryRows<ItemRow>(
        db,
        sql`SELECT seq, url, http_status, product_id, name, ean, price, old_price, promo, currency, in_stock, strategy, not_found, problem_kind, problem
          FROM parser_run_items WHERE run_id = ${runId} ${onlyProblems ? sql`AND problem_kind IS NOT NULL` : sql``} ORDER BY seq`,
      ),

    /** Catalogue products by EAN (in the parser's country) and by offer URL (in its shop). */
    async match(country: string, shopId: number | null, eans: string[], urls: string[], articles: string[] = []) {
      const byEan = eans.length
        ? await queryRows<{ ean: string; id: number }>(
            db,
            sql`SELECT DISTINCT ON (p.ean) p.ean, p.id FROM products p
              LEFT JOIN offers o ON o.product_id = p.id AND o.shop_id = ${shopId}
              WHERE p.ean = ANY(${sql.param(eans)}::text[]) AND p.country = ${country}
              ORDER BY p.ean, (o.product_id IS NULL), p.id`,
          )
        : [];
      const byUrl =
        urls.length && shopId !== null
          ? await queryRows<{ url: string; id: number }>(
              db,
              sql`SELECT url, product_id AS id FROM offers WHERE shop_id = ${shopId} AND url = ANY(${sql.param(urls)}::text[])`,
            )
          : [];
      // The shop's own product id (a JSON API's article) names the offer as its URL does.
      const byArticle =
        articles.length && shopId !== null
          ? await queryRows<{ shop_article: string; id: number }>(
              db,
              sql`SELECT DISTINCT ON (shop_article) shop_article, product_id AS id FROM offers
                WHERE shop_id = ${shopId} AND shop_article = ANY(${sql.param(articles)}::text[]) ORDER BY shop_article, product_id`,
            )
          : [];
      return {
        byEan: new Map(byEan.map((r) => [r.ean, Number(r.id)])),
        byUrl: new Map(byUrl.map((r) => [r.url, Number(r.id)])),
        byArticle: new Map(byArticle.map((r) => [r.shop_article, Number(r.id)])),
      };
    },

    /** The shop's catalogue products for a JSON API template with {ean} / {id} (all, or these). */
    apiProducts: (shopId: number, productIds: number[] | null) =>
      queryRows<{ product_id: number; ean: string | null; shop_article: string | null }>(
        db,
        sql`SELECT o.product_id, p.ean, o.shop_article FROM offers o JOIN products p ON p.id = o.product_id
          WHERE o.shop_id = ${shopId} ${productIds ? sql`AND o.product_id = ANY(${sql.param(productIds)}::int[])` : sql``} ORDER BY o.product_id`,
      ),

    offerUrls: (shopId: number, productIds: number[]) =>
      queryRows<{ url: string; product_id: number }>(
        db,
        sql`SELECT url, product_id FROM offers WHERE shop_id = ${shopId} AND product_id = ANY(${sql.param(productIds)}::int[]) AND url IS NOT NULL ORDER BY product_id`,
      ),
  };
}

export type ParsersQueries = ReturnType<typeof createParsersQueries>;
