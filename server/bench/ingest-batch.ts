/**
 * `BENCH_SCHEMA=pw_bench_ag2 tsx bench/ingest-batch.ts` (bench-only, never in npm test): one batch of observations
 * through recordObservations on an existing bench schema (PostgreSQL), timed apart from the commit-time upkeep of the
 * price index (its deferred trigger fired by SET CONSTRAINTS ALL IMMEDIATE), then ROLLED BACK: the schema is left as
 * it was, so old and new code can be measured alternately on the same data (docs/database.md "At scale").
 *
 * The batch is made as bench/history.ts's ingest makes a day: the day after the last one recorded, known pairs (10 %
 * at a new price) and then pairs not seen before, half and half. BENCH_INGEST_N (100000) observations, written in
 * chunks of BENCH_INGEST_CHUNK (all of them) inside the one transaction; BENCH_INGEST_OLD=<module> takes
 * recordObservations from another file (a copy of the old record.ts); BENCH_INGEST_PREPARE=<file.sql> runs that SQL
 * first in the same transaction (a migration's functions not yet applied to the bench schema, an index tried: rolled
 * back with the rest; its time is printed apart and not counted). BENCH_INGEST_PARTS=1 times the commit step's three
 * parts one by one (the price index, the network day totals, the product runs: what price_index_commit() calls) instead
 * of firing it, and the index's read of the touched products' span-days alone before them. Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../src/db/client';
import type { Observation } from '../src/areas/prices/record';

const env = process.env;
const PG_URL = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
const SCHEMA = env.BENCH_SCHEMA ?? 'pw_bench_ag2';
const N = Number(env.BENCH_INGEST_N ?? 100_000);
const CHUNK = Number(env.BENCH_INGEST_CHUNK ?? N);
const log = (...args: unknown[]) => console.error('[bench:ingest-batch]', ...args);

async function main() {
  if (!PG_URL) throw new Error('BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const mod = env.BENCH_INGEST_OLD ? path.resolve(env.BENCH_INGEST_OLD) : '../src/areas/prices/record';
  const { recordObservations } = (await import(mod)) as typeof import('../src/areas/prices/record');
  const database = await openDatabase({
    dataDir: 'memory://',
    databaseUrl: PG_URL,
    schema: SCHEMA,
    timeouts: { acquireMs: 0, statementMs: 0, idleInTransactionMs: 0 },
  });
  const db = database.db;
  const half = Math.floor(N / 2);
  const [{ day }] = (await queryRows<{ day: string }>(db, sql`SELECT (max(last_seen) + 1)::text AS day FROM current_prices`)) as [{ day: string }];
  const known = await queryRows<{ p: number; s: number; r: number; pr: number | null; st: boolean }>(
    db,
    sql`SELECT product_id AS p, shop_id AS s, regular AS r, promo AS pr, in_stock AS st FROM current_prices ORDER BY shop_id, product_id LIMIT ${half}`,
  );
  const fresh = await queryRows<{ p: number; s: number }>(
    db,
    sql`WITH sh AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM shops), n AS (SELECT count(*)::int AS n FROM sh)
        SELECT pr.id AS p, sh.id AS s
        FROM products pr CROSS JOIN generate_series(0, 9) g JOIN sh ON sh.k = (pr.id * 37 + g * 101) % (SELECT n FROM n)
        WHERE NOT EXISTS (SELECT 1 FROM current_prices c WHERE c.product_id = pr.id AND c.shop_id = sh.id)
        GROUP BY pr.id, sh.id
        LIMIT ${N - known.length}`,
  );
  // Deterministic: the same batch for old and new code.
  const obs: Observation[] = known.map((c) => {
    const changed = (c.p * 7919 + c.s) % 10 === 0;
    return { productId: c.p, shopId: c.s, day, regular: changed ? c.r + 10 : c.r, promo: changed ? null : c.pr, inStock: c.st, source: 'parser' };
  });
  for (const f of fresh)
    obs.push({ productId: f.p, shopId: f.s, day, regular: 1000 + ((f.p * 31 + f.s) % 9000), promo: null, inStock: true, source: 'parser' });
  const load1 = loadavg()[0]!;
  log(`${obs.length} observations for ${day} (${known.length} known, ${fresh.length} new), chunks of ${CHUNK}, load ${load1.toFixed(1)}`);
  const result = {
    module: env.BENCH_INGEST_OLD ?? 'current',
    prepare: env.BENCH_INGEST_PREPARE ?? null,
    observations: obs.length,
    chunk: CHUNK,
    day,
    writeSeconds: 0,
    applySeconds: 0,
    extended: 0,
    opened: 0,
    ignored: 0,
    prepareSeconds: 0,
    parts: null as null | Record<string, number>,
    load: [load1, 0],
  };
  await db
    .transaction(async (tx) => {
      const tp = Date.now();
      if (env.BENCH_INGEST_PREPARE) await tx.execute(sql.raw(readFileSync(env.BENCH_INGEST_PREPARE, 'utf8')));
      result.prepareSeconds = (Date.now() - tp) / 1000;
      const t0 = Date.now();
      for (let i = 0; i < obs.length; i += CHUNK) {
        const r = await recordObservations(tx, obs.slice(i, i + CHUNK));
        result.extended += r.extended;
        result.opened += r.opened;
        result.ignored += r.ignored;
      }
      result.writeSeconds = (Date.now() - t0) / 1000;
      const t1 = Date.now();
      if (env.BENCH_INGEST_PARTS === '1') result.parts = await commitParts(tx);
      else await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
      result.applySeconds = (Date.now() - t1) / 1000;
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  result.load[1] = loadavg()[0]!;
  await database.close();
  console.log(JSON.stringify(result));
}

/** The commit step's work, part by part (the queue is left for the deferred trigger, which the rollback drops). */
async function commitParts(tx: Db) {
  const parts: Record<string, number> = {};
  const time = async (name: string, q: ReturnType<typeof sql>) => {
    const t = Date.now();
    await tx.execute(q);
    parts[name] = (Date.now() - t) / 1000;
  };
  // The read price_index_apply() makes of the touched products' spans (its span_days), counted and thrown away.
  await time(
    'spanDaysRead',
    sql`WITH touched AS (SELECT DISTINCT q.product_id, g.day::date AS day FROM pg_temp.price_index_queue q
                         CROSS JOIN LATERAL generate_series(q.f, q.t, interval '1 day') AS g(day)),
             ranges AS (SELECT product_id, min(day) AS f, max(day) AS t FROM touched GROUP BY 1)
        SELECT count(*) FROM ranges r JOIN price_spans ps ON ps.product_id = r.product_id AND ps.start_day <= r.t AND ps.end_day >= r.f`,
  );
  await time('priceIndex', sql`SELECT price_index_apply()`);
  await time('networkDayTotals', sql`SELECT price_network_day_totals_apply()`);
  await time('productRuns', sql`SELECT price_product_runs_apply()`);
  return parts;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
