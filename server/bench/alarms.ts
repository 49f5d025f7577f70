/**
 * `npm run bench:alarms` (and part of `npm run bench`): alarm evaluation — BENCH_ALARMS (100k) price
 * alarms, each watching one product in 3 shops, against a run of BENCH_PRICES (1M) new prices. The
 * parent loads a fresh PGlite database (or PostgreSQL at BENCH_DATABASE_URL, schema pw_bench_alarms):
 * shops, products, the current prices, the alarms and their targets. A child process then writes the
 * run through the catalogue's recordObservations and evaluates it with the alarm evaluator (the same
 * code the hook runs), and reports seconds and its peak RSS (VmHWM). Prints ONE JSON object on stdout.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database, type DatabaseOptions } from '../src/db/client';
import { insertColumns } from '../src/db/bulk';
import { addDays, todayIso } from '../src/lib/days';
import { recordObservations, type Observation } from '../src/areas/prices/record';
import { evaluatePairs, rebuildTargets } from '../src/areas/alarms/evaluate';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const num = (name: string, dflt: number) => (env[name] ? Number(env[name]) : dflt);
const log = (...args: unknown[]) => console.error('[bench:alarms]', ...args);

const ALARMS = num('BENCH_ALARMS', 100_000);
const PRICES = num('BENCH_PRICES', 1_000_000);
const SHOPS = num('BENCH_ALARM_SHOPS', 300);
/** Every product is sold in this many shops: products = prices / this. */
const SHOPS_PER_PRODUCT = 10;
const PRODUCTS = Math.max(ALARMS, Math.ceil(PRICES / SHOPS_PER_PRODUCT));
const PG_URL = env.BENCH_DATABASE_URL || null;
const SCHEMA = 'pw_bench_alarms';
const BATCH = 50_000;

const shopOf = (product: number, k: number) => ((product * 7 + k * 31) % SHOPS) + 1;
/** Deterministic "random" in [0, 1). */
const rnd = (a: number, b: number) => {
  let x = (a * 374761393 + b * 668265263) | 0;
  x = Math.imul(x ^ (x >>> 13), 1274126177);
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
};
const basePrice = (p: number) => 1000 + Math.floor(rnd(p, 1) * 20000);

function vmHwmKb(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) : 0;
}

async function load(options: DatabaseOptions): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.migrate(path.join(serverDir, 'drizzle'));
    const db = database.db;
    const t0 = Date.now();
    const [net] = await queryRows<{ id: number }>(db, sql`INSERT INTO networks (code, name, country) VALUES ('bench', 'Bench', 'ua') RETURNING id`);
    const [user] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO users (username, name, password_hash, is_admin) VALUES ('bench', 'Bench', 'x', true) RETURNING id`,
    );
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    await insertColumns(
      db,
      'shops',
      [
        { name: 'id', type: 'int' },
        { name: 'code', type: 'text' },
        { name: 'name', type: 'text' },
        { name: 'network_id', type: 'int' },
        { name: 'country', type: 'text' },
      ],
      [ids(SHOPS), ids(SHOPS).map((i) => `b-${i}`), ids(SHOPS).map((i) => `Shop ${i}`), ids(SHOPS).map(() => net!.id), ids(SHOPS).map(() => 'ua')],
      { overridingSystemValue: true },
    );
    for (let from = 1; from <= PRODUCTS; from += BATCH) {
      const chunk = ids(Math.min(BATCH, PRODUCTS - from + 1)).map((i) => i + from - 1);
      await insertColumns(
        db,
        'products',
        [
          { name: 'id', type: 'int' },
          { name: 'name', type: 'text' },
          { name: 'country', type: 'text' },
        ],
        [chunk, chunk.map((i) => `Product ${i}`), chunk.map(() => 'ua')],
        { overridingSystemValue: true },
      );
    }
    log(`shops ${SHOPS}, products ${PRODUCTS} in ${(Date.now() - t0) / 1000}s`);

    // Current prices: each product in SHOPS_PER_PRODUCT shops, until PRICES pairs.
    const t1 = Date.now();
    const day = todayIso();
    let pairs = 0;
    for (let from = 1; from <= PRODUCTS && pairs < PRICES; from += BATCH / SHOPS_PER_PRODUCT) {
      const cols: unknown[][] = [[], [], [], [], [], [], [], []];
      for (let p = from; p < from + BATCH / SHOPS_PER_PRODUCT && p <= PRODUCTS && pairs < PRICES; p++) {
        for (let k = 0; k < SHOPS_PER_PRODUCT && pairs < PRICES; k++, pairs++) {
          cols[0]!.push(p);
          cols[1]!.push(shopOf(p, k));
          cols[2]!.push(day);
          cols[3]!.push(day);
          cols[4]!.push(basePrice(p) + k * 10);
          cols[5]!.push(null);
          cols[6]!.push(true);
          cols[7]!.push(0);
        }
      }
      await insertColumns(
        db,
        'current_prices',
        [
          { name: 'product_id', type: 'int' },
          { name: 'shop_id', type: 'int' },
          { name: 'start_day', type: 'date' },
          { name: 'last_seen', type: 'date' },
          { name: 'regular', type: 'int' },
          { name: 'promo', type: 'int' },
          { name: 'in_stock', type: 'bool' },
          { name: 'source', type: 'smallint' },
        ],
        cols,
      );
    }
    log(`current prices ${pairs} in ${(Date.now() - t1) / 1000}s`);

    // Alarms: product i in 3 of its shops; rules in turn; the own shop is its first shop.
    const t2 = Date.now();
    const RULES = ['below', 'above', 'diff_pct', 'diff_money', 'promo_start', 'promo_end', 'in_stock', 'out_of_stock'];
    for (let from = 1; from <= ALARMS; from += BATCH) {
      const n = Math.min(BATCH, ALARMS - from + 1);
      const rows = Array.from({ length: n }, (_, i) => {
        const p = from + i;
        const rule = RULES[p % RULES.length]!;
        const price = basePrice(p) / 100;
        const value = rule === 'below' ? price * 0.95 : rule === 'above' ? price * 1.05 : rule === 'diff_pct' ? 5 : rule === 'diff_money' ? 0.5 : null;
        return { p, rule, value, own: rule.startsWith('diff') ? shopOf(p, 0) : null };
      });
      await queryRows(
        db,
        sql`
        INSERT INTO alarms (owner_id, kind, product_ids, shop_ids, rule, value, original_shop_id)
        SELECT ${user!.id}::uuid, 'price', ARRAY[x.p], ARRAY[x.s1, x.s2, x.s3], x.rule, x.value, x.own
        FROM unnest(${sql.param(rows.map((r) => r.p))}::int[], ${sql.param(rows.map((r) => shopOf(r.p, 1)))}::int[],
                    ${sql.param(rows.map((r) => shopOf(r.p, 2)))}::int[], ${sql.param(rows.map((r) => shopOf(r.p, 3)))}::int[],
                    ${sql.param(rows.map((r) => r.rule))}::text[], ${sql.param(rows.map((r) => r.value))}::float8[], ${sql.param(rows.map((r) => r.own))}::int[])
          AS x(p, s1, s2, s3, rule, value, own)`,
      );
    }
    const alarmIds = (await queryRows<{ id: number }>(db, sql`SELECT id FROM alarms ORDER BY id`)).map((r) => Number(r.id));
    for (let i = 0; i < alarmIds.length; i += BATCH) await rebuildTargets(db, alarmIds.slice(i, i + BATCH));
    const [targets] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM alarm_targets`);
    log(`alarms ${alarmIds.length}, targets ${targets?.n} in ${(Date.now() - t2) / 1000}s`);
    await db.execute(sql`ANALYZE`);
  } finally {
    await database.close();
  }
}

/** The child: the run of new prices written, then evaluated; seconds and peak RSS. */
async function child(options: DatabaseOptions) {
  const database: Database = await openDatabase(options);
  try {
    const db = database.db;
    const day = addDays(todayIso(), 1);
    const current = await queryRows<{ product_id: number; shop_id: number; regular: number }>(
      db,
      sql`SELECT product_id, shop_id, regular FROM current_prices ORDER BY product_id, shop_id`,
    );
    // New prices: a third drop 8 %, a sixth rise 8 %, a tenth start a promo, 2 % go out of stock.
    const obs: Observation[] = current.map((c) => {
      const r = rnd(c.product_id, c.shop_id);
      const regular = r < 0.33 ? Math.round(c.regular * 0.92) : r < 0.5 ? Math.round(c.regular * 1.08) : c.regular;
      return {
        productId: c.product_id,
        shopId: c.shop_id,
        day,
        regular,
        promo: r > 0.9 ? Math.round(c.regular * 0.8) : null,
        inStock: r < 0.98 || r > 0.99 ? true : false,
        source: 'parser',
      };
    });
    const rssBefore = vmHwmKb();
    const t0 = Date.now();
    for (let i = 0; i < obs.length; i += BATCH) await recordObservations(db, obs.slice(i, i + BATCH));
    const writeS = (Date.now() - t0) / 1000;
    const t1 = Date.now();
    const result = await evaluatePairs(db, obs);
    const evaluateS = (Date.now() - t1) / 1000;
    const [firings] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM alarm_firings`);
    process.stdout.write(
      JSON.stringify({
        prices: obs.length,
        write_seconds: writeS,
        evaluate_seconds: evaluateS,
        targets_evaluated: result.evaluated,
        fired: result.fired,
        firings_stored: Number(firings?.n ?? 0),
        peak_rss_mb_before_run: Math.round(rssBefore / 1024),
        peak_rss_mb: Math.round(vmHwmKb() / 1024),
      }),
    );
  } finally {
    await database.close();
  }
}

async function dropSchema(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  } finally {
    await client.end();
  }
}

async function main() {
  const isChild = process.argv.includes('--child');
  const dir = env.BENCH_ALARMS_DIR;
  const options: DatabaseOptions = PG_URL
    ? { dataDir: 'memory://', databaseUrl: PG_URL, schema: SCHEMA }
    : { dataDir: dir ?? '', databaseUrl: null, schema: null };
  if (isChild) return child(options);

  const tmp = PG_URL ? null : mkdtempSync(path.join(tmpdir(), 'pw-bench-alarms-'));
  if (PG_URL) await dropSchema(PG_URL);
  else options.dataDir = tmp!;
  try {
    const t0 = Date.now();
    await load(options);
    const loadS = (Date.now() - t0) / 1000;
    log('running the evaluation in a child process');
    const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child'], {
      env: { ...env, BENCH_ALARMS_DIR: options.dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1024 * 1024,
    }).toString();
    const run = JSON.parse(out);
    console.log(
      JSON.stringify({
        bench: 'alarms',
        backend: PG_URL ? 'postgres' : 'pglite',
        alarms: ALARMS,
        products: PRODUCTS,
        shops: SHOPS,
        load_seconds: loadS,
        ...run,
        cpus: cpus().length,
        node: process.version,
      }),
    );
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    if (PG_URL) await dropSchema(PG_URL);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
