/**
 * SQL of the scraper requests a parser run answers (docs/parsers.md "Scrapers"): the run's pages join the
 * request's results, and the request's status follows from its runs and results: `running` while one of
 * its runs is queued or running, then `done` when at least one result has a price, else `failed` (its
 * reasons are read from the results and runs, scrapers/service.ts). It lives with the parsers because a
 * run's end settles it, in the run's transaction.
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scraperRequests } from '../../db/schema';

/** A run of the request still to end. */
const RUN_PENDING = sql`EXISTS (SELECT 1 FROM parser_runs o WHERE o.scraper_request_id = ${scraperRequests.id} AND o.status IN ('queued', 'running'))`;
/** A result with a price and no problem. */
const PRICE_FOUND = sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${scraperRequests.results}) e
  WHERE jsonb_typeof(e->'price') = 'number' AND jsonb_typeof(COALESCE(e->'problem', 'null'::jsonb)) = 'null')`;

export function createScraperRequestQueries(db: Db) {
  return {
    /**
     * A scraper request's results gain the run's pages in the request's answer shape (money in units, not
     * minor units). Raw sql: the results are built from the run's items by jsonb_agg in the statement.
     */
    appendScraperResults: (requestId: number, runId: number, tx: Db = db) =>
      tx.execute(sql`UPDATE scraper_requests SET
          results = results || COALESCE((SELECT jsonb_agg(jsonb_build_object('url', i.url, 'name', i.name, 'ean', i.ean,
            'price', i.price / 100.0, 'oldPrice', i.old_price / 100.0, 'promo', i.promo, 'currency', i.currency, 'inStock', i.in_stock,
            'strategy', i.strategy, 'problem', CASE WHEN i.problem_kind IS NULL THEN NULL ELSE jsonb_build_object('kind', i.problem_kind, 'message', i.problem) END)
            ORDER BY i.seq) FROM parser_run_items i WHERE i.run_id = ${runId}), '[]'::jsonb)
        WHERE id = ${requestId}`),

    /** Each request's status from its runs and results; pass the transaction handle when there is one. */
    async settleScraperRequests(requestIds: number[], tx: Db = db): Promise<void> {
      if (!requestIds.length) return;
      // Lock the rows first: two runs of one request ending at once each read the other's final state in
      // the next statement's snapshot, so the last one to end settles the request.
      await tx
        .select({ id: scraperRequests.id })
        .from(scraperRequests)
        .where(inArray(scraperRequests.id, requestIds))
        .orderBy(asc(scraperRequests.id))
        .for('update');
      await tx
        .update(scraperRequests)
        .set({
          status: sql`CASE WHEN ${RUN_PENDING} THEN 'running' WHEN ${PRICE_FOUND} THEN 'done' ELSE 'failed' END`,
          finishedAt: sql`CASE WHEN ${RUN_PENDING} THEN NULL ELSE now() END`,
        })
        .where(inArray(scraperRequests.id, requestIds));
    },
  };
}
