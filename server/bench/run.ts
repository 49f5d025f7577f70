/**
 * `npm run bench`: loads the bench catalogue (100k products, 300 shops, ≥10M price spans by default)
 * into PGlite (a temp data directory) and into PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL,
 * schema `pw_bench`), then times the catalogue's hot calls through the real HTTP stack (app.inject:
 * auth, validation, visibility, SQL, serialisation). Prints ONE JSON object on stdout; progress goes to
 * stderr.
 *
 * Environment: BENCH_PRODUCTS (100000), BENCH_SHOPS (300), BENCH_MIN_ROWS (10000000), BENCH_DAYS (365),
 * BENCH_SEED, BENCH_ITERATIONS (200 per query), BENCH_BACKENDS (pglite,postgres),
 * BENCH_PGLITE_DIR (default a temp dir, removed after), BENCH_REUSE=1 (keep and reuse a loaded
 * database of the same sizes: PGlite dir / PostgreSQL schema). Analytics (issue 19): BENCH_ONLY=analytics
 * (skip the catalogue's hot calls), BENCH_ANALYTICS_ITERATIONS (10 per call), BENCH_SCHEMA (pw_bench).
 * Then the heavy test matrices whole (bench/matrices.ts; `npm test` runs a sample): BENCH_ONLY=matrices
 * runs that step alone; a failed matrix makes the bench exit 1.
 * BENCH_PGLITE_COPY_FROM=<schema> (with BENCH_PGLITE_DIR): a PGlite catalogue not loaded yet is copied from that
 * PostgreSQL bench schema (bench/pglite-copy.ts: the kept tables' rebuilds are too slow on PGlite at this size).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, queryRows, type DatabaseOptions } from '../src/db/client';
import { BENCH_SIZE, generateCatalogue, type CatalogueSize } from '../src/demo/catalogue/generator';
import { loadCatalogue } from '../src/demo/catalogue/load';
import { mulberry32 } from '../src/demo/catalogue/prng';
import { measureAnalytics } from './analytics-calls';
import { copyToPglite } from './pglite-copy';
import { measureHotCalls, type Timing } from './catalogue-calls';
import { runMatrices } from './matrices';
import { NETWORKS } from '../src/demo/data';
import { seedDemo } from '../src/demo/seed';
import { todayDay } from '../src/lib/days';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (...args: unknown[]) => console.error('[bench]', ...args);
const env = process.env;
const num = (name: string, dflt: number) => (env[name] ? Number(env[name]) : dflt);

const PRODUCTS = num('BENCH_PRODUCTS', BENCH_SIZE.products);
const SHOPS = num('BENCH_SHOPS', BENCH_SIZE.shops);
const MIN_ROWS = num('BENCH_MIN_ROWS', 10_000_000);
const DAYS = num('BENCH_DAYS', BENCH_SIZE.days);
const SEED = num('BENCH_SEED', BENCH_SIZE.seed);
const ITERATIONS = num('BENCH_ITERATIONS', 200);
const BACKENDS = (env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((s) => s.trim());
const REUSE = ['1', 'true', 'yes'].includes((env.BENCH_REUSE ?? '').toLowerCase());
const PG_URL = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || null;
const PG_SCHEMA = env.BENCH_SCHEMA || 'pw_bench';
/** Analytics calls (issue 19): every product, a 365-day period; fewer iterations, they take up to seconds. */
const ANALYTICS_ITERATIONS = num('BENCH_ANALYTICS_ITERATIONS', 10);
const TARGET_P95_MS = 20;
const END_DAY = todayDay();

/**
 * Average shops per product so the spans reach MIN_ROWS (with 5 % to spare): measured on a sample of
 * the generator itself with the bench's shop layout (demo shops plus generated ones per country).
 */
function calibrate(): number {
  const sampleShops = NETWORKS.flatMap((n) => n.shops.map((s) => ({ code: s.code, network: n.code, country: n.country })));
  // The bench adds shops round-robin per country: approximate with the same country shares.
  const shares: Record<string, number> = { cz: 0.35, ua: 0.35, pl: 0.18, ge: 0.12 };
  const extra = SHOPS - sampleShops.length;
  const shops = [...sampleShops];
  for (const [country, share] of Object.entries(shares)) {
    const nets = NETWORKS.filter((n) => n.country === country);
    for (let k = 0; k < Math.round(extra * share); k++) {
      shops.push({ code: `${country}-x-${k}`, network: nets[k % nets.length]!.code, country });
    }
  }
  const withIds = shops.map((s, i) => ({ ...s, id: i + 1 }));
  const sample = Math.min(PRODUCTS, 2000);
  let k = BENCH_SIZE.shopsPerProduct;
  for (let round = 0; round < 3; round++) {
    let spans = 0;
    for (const b of generateCatalogue({
      size: { ...BENCH_SIZE, products: sample, days: DAYS, seed: SEED, shopsPerProduct: k },
      shops: withIds,
      endDay: END_DAY,
    })) {
      spans += b.spans.productId.length;
    }
    const perProduct = spans / sample;
    const needed = (MIN_ROWS * 1.05) / PRODUCTS;
    const next = Math.max(1, Math.round(k * (needed / perProduct) * 10) / 10);
    log(`calibration: ${k} shops/product → ${perProduct.toFixed(1)} spans/product (need ${needed.toFixed(1)})`);
    if (Math.abs(next - k) < 0.1) break;
    k = next;
  }
  return k;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

async function counts(options: DatabaseOptions) {
  const database = await openDatabase(options);
  try {
    const [row] = await queryRows<Record<string, number>>(
      database.db,
      sql`SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM shops)::int AS shops,
                 (SELECT count(*) FROM offers)::int AS offers, (SELECT count(*) FROM price_spans)::int AS spans,
                 (SELECT count(*) FROM current_prices)::int AS current`,
    ).catch(() => [undefined]);
    return row ?? null;
  } finally {
    await database.close();
  }
}

/** Empties a reused database whose sizes differ: the PGlite directory, or the PostgreSQL schema. */
async function wipe(kind: 'pglite' | 'postgres', options: DatabaseOptions) {
  if (kind === 'pglite') {
    rmSync(options.dataDir, { recursive: true, force: true });
    return;
  }
  const c = new pg.Client({ connectionString: options.databaseUrl! });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE`);
  await c.end();
}

async function runBackend(kind: 'pglite' | 'postgres', shopsPerProduct: number) {
  let options: DatabaseOptions;
  let cleanup = async () => {};
  if (kind === 'pglite') {
    const dir = env.BENCH_PGLITE_DIR ? path.resolve(env.BENCH_PGLITE_DIR) : mkdtempSync(path.join(tmpdir(), 'pw-bench-'));
    options = { dataDir: dir, databaseUrl: null, schema: null };
    if (!REUSE) cleanup = async () => rmSync(dir, { recursive: true, force: true });
    if (!REUSE && env.BENCH_PGLITE_DIR && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  } else {
    options = { dataDir: 'memory://', databaseUrl: PG_URL!, schema: PG_SCHEMA };
    if (!REUSE) {
      const c = new pg.Client({ connectionString: PG_URL! });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE`);
      await c.end();
    }
  }
  const size: CatalogueSize = { ...BENCH_SIZE, products: PRODUCTS, shops: SHOPS, days: DAYS, seed: SEED, shopsPerProduct };
  let loadSeconds: number | null = null;
  let vacuumSeconds: number | null = null;
  const existing = REUSE ? await counts(options) : null;
  let copied: Awaited<ReturnType<typeof copyToPglite>> | null = null;
  if (existing && existing.products === PRODUCTS && existing.shops === SHOPS && existing.spans >= MIN_ROWS) {
    log(`${kind}: reusing the loaded database`, existing);
  } else if (kind === 'pglite' && env.BENCH_PGLITE_COPY_FROM && PG_URL) {
    rmSync(options.dataDir, { recursive: true, force: true });
    log(`pglite: copying the catalogue from PostgreSQL schema ${env.BENCH_PGLITE_COPY_FROM}…`);
    copied = await copyToPglite({ pgUrl: PG_URL, schema: env.BENCH_PGLITE_COPY_FROM, dir: options.dataDir });
    loadSeconds = copied.totalSeconds;
  } else {
    if (REUSE) await wipe(kind, options);
    log(`${kind}: loading ${PRODUCTS} products, ${SHOPS} shops, ${DAYS} days…`);
    // Loading and VACUUM of millions of rows outlast the server's statement timeout: none here.
    const database = await openDatabase({ ...options, timeouts: { acquireMs: 0, statementMs: 0, idleInTransactionMs: 0 } });
    const t0 = Date.now();
    try {
      await database.migrate(path.join(serverDir, 'drizzle'));
      await seedDemo(database.db, { catalogue: false });
      let last = 0;
      await loadCatalogue(database.db, size, {
        endDay: END_DAY,
        batchProducts: 2000,
        onProgress: ({ products, spans }) => {
          if (products - last >= 10_000 || products === PRODUCTS) {
            last = products;
            log(`${kind}: ${products} products, ${spans} spans, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
          }
        },
      });
      loadSeconds = (Date.now() - t0) / 1000;
      const t1 = Date.now();
      await database.db.execute(sql`VACUUM ANALYZE`);
      vacuumSeconds = (Date.now() - t1) / 1000;
      log(`${kind}: loaded in ${loadSeconds} s, VACUUM ANALYZE ${vacuumSeconds} s`);
    } finally {
      await database.close();
    }
  }
  const rows = await counts(options);

  const config = {
    // Only the HTTP API: no background job handlers, parser runs or demo shops competing for the database.
    // Poland: promo analysis is not part of the Czech deployment (the default), and nothing else measured here depends on the country.
    ...loadConfig({ DEMO: '0', LOG_LEVEL: 'silent', JOB_WORKERS: '0', PARSERS_WORKER: '0', DEMO_SHOPS: '0', COUNTRY: 'pl' }, serverDir),
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    databaseSchema: options.schema,
  };
  const app = await buildApp({ config, serverDir, staticDirs: { host: null, remotes: {} }, logger: false });
  try {
    const database = app.db;
    const rnd = mulberry32(SEED + 7);
    const ids = Array.from({ length: 300 }, () => 1 + Math.floor(rnd() * PRODUCTS));
    const samples = await queryRows<{ ean: string; article: string; id: number }>(
      database,
      sql`SELECT id, ean, article FROM products WHERE id = ANY(${sql.param(ids)}::int[])`,
    );
    const queries =
      env.BENCH_ONLY === 'analytics' ? {} : await measureHotCalls(app, { kind, samples, seed: SEED, iterations: ITERATIONS, endDay: END_DAY, log });
    const analytics = await measureAnalytics(app, { kind, iterations: ANALYTICS_ITERATIONS, endDay: END_DAY, log });
    return { loadSeconds, vacuumSeconds, ...(copied ? { copiedFrom: copied } : {}), rows, queries, analytics };
  } finally {
    await app.close();
    await cleanup();
  }
}

async function main() {
  const started = Date.now();
  if (env.BENCH_ONLY === 'matrices') {
    const matrices = runMatrices(log);
    process.stdout.write(`${JSON.stringify({ bench: 'matrices', date: new Date().toISOString(), ...matrices }, null, 2)}\n`);
    if (!matrices.passed) process.exit(1);
    return;
  }
  const shopsPerProduct = calibrate();
  const out: Record<string, unknown> = {
    bench: 'catalogue',
    date: new Date().toISOString(),
    sizes: { products: PRODUCTS, shops: SHOPS, days: DAYS, minSpanRows: MIN_ROWS, shopsPerProduct, seed: SEED },
    iterationsPerQuery: ITERATIONS,
    measuredThrough: 'app.inject (HTTP stack: token check, validation, visibility, SQL, response serialisation)',
    users: { admin: 'provider admin (every shop)', analyst: 'Albert network user (albert, lidl, kaufland)' },
    targetP95Ms: { postgres: TARGET_P95_MS },
    // Other work on the machine inflates the tails: the 1-minute load average at start and end says how much.
    machine: { node: process.version, cpus: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30), loadAverageAtStart: round1(loadavg()[0]!) },
    backends: {} as Record<string, unknown>,
  };
  const backends = out.backends as Record<string, unknown>;
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!BACKENDS.includes(kind)) {
      backends[kind] = { skipped: 'not in BENCH_BACKENDS' };
      continue;
    }
    if (kind === 'postgres' && !PG_URL) {
      backends[kind] = { skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' };
      continue;
    }
    backends[kind] = await runBackend(kind, shopsPerProduct);
  }
  const pgResult = backends.postgres as { queries?: Record<string, Record<string, Timing>> } | undefined;
  if (pgResult?.queries && Object.keys(pgResult.queries).length) {
    out.postgresP95UnderTarget = Object.values(pgResult.queries).every((q) => Object.values(q).every((t) => t.p95 < TARGET_P95_MS));
  }
  const matrices = env.BENCH_ONLY === 'analytics' ? null : runMatrices(log);
  if (matrices) out.matrices = matrices;
  out.totalSeconds = (Date.now() - started) / 1000;
  (out.machine as Record<string, unknown>).loadAverageAtEnd = round1(loadavg()[0]!);
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  // The matrices are tests: a failed case fails the bench, loudly, after the numbers.
  if (matrices && !matrices.passed) {
    log(
      'matrices FAILED:',
      matrices.runs.filter((r) => !r.passed),
    );
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
