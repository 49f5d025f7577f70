/**
 * A scraper request's status from its runs and results (docs/parsers.md "Scrapers"): `running` while
 * one of its runs is queued or running, then `done` when at least one result has a price, else
 * `failed` (its reasons are read from the results and runs, scrapers/service.ts). It lives with the
 * parsers because a run's end settles it, in the run's transaction.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Pass the transaction handle when there is one (the root handle throws inside a transaction). */
export async function settleScraperRequests(t: Db, requestIds: number[]): Promise<void> {
  if (!requestIds.length) return;
  // Lock the rows first: two runs of one request ending at once each read the other's final state in
  // the next statement's snapshot, so the last one to end settles the request.
  await t.execute(sql`SELECT id FROM scraper_requests WHERE id = ANY(${sql.param(requestIds)}::bigint[]) ORDER BY id FOR UPDATE`);
  await t.execute(sql`UPDATE scraper_requests sr SET
      status = CASE
        WHEN EXISTS (SELECT 1 FROM parser_runs o WHERE o.scraper_request_id = sr.id AND o.status IN ('queued', 'running')) THEN 'running'
        WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(sr.results) e
                     WHERE jsonb_typeof(e->'price') = 'number' AND jsonb_typeof(COALESCE(e->'problem', 'null'::jsonb)) = 'null') THEN 'done'
        ELSE 'failed' END,
      finished_at = CASE
        WHEN EXISTS (SELECT 1 FROM parser_runs o WHERE o.scraper_request_id = sr.id AND o.status IN ('queued', 'running')) THEN NULL
        ELSE now() END
    WHERE sr.id = ANY(${sql.param(requestIds)}::bigint[])`);
}
