/**
 * `npm run bench:exports` (also part of `npm run bench`): an export of 1,000,000 price rows to xlsx,
 * beside a bare exceljs streaming writer writing the same rows. Each run is its own child process so
 * its peak RSS (VmHWM from /proc/<pid>/status) is its own:
 *
 * - seed:   the rows into a PGlite directory (products, shops, price spans) — not measured;
 * - bare:   exceljs WorkbookWriter({ useStyles: false, useSharedStrings: false }), rows generated in
 *           memory, addRow().commit() each — the plain way to use it;
 * - export: the real export job (src/areas/exports runner: claim, plan, layout, paged SQL, the
 *           streaming writer with backpressure, temp file renamed into the files folder, files record).
 *
 * Runs alternate (BENCH_ROUNDS, default 2, each writer) and the fastest of each counts, as the machine
 * is shared. On PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names one, on PostgreSQL
 * (schema pw_bench_exports). Prints ONE JSON object on stdout: { rows, bareSeconds, exportSeconds,
 * ratio, peakRssMb, backend, …, backends: { pglite, postgres } }; progress goes to stderr. The headline
 * is PostgreSQL's when measured: there the database runs in its own process, so the export process's
 * RSS is the export's; PGlite runs the database engine inside the process (~230 MB before any export,
 * reported as baselineRssMb). Targets: ratio ≤ 1.2, peakRssMb < 256.
 *
 * Environment: BENCH_EXPORT_PRODUCTS (4000), BENCH_EXPORT_DAYS (250), BENCH_EXPORT_SHOPS (5),
 * BENCH_ROUNDS (2), BENCH_BACKENDS (pglite,postgres), BENCH_EXPORT_DIR (a temp dir, removed after).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, queryRows } from '../src/db/client';
import { insertColumns } from '../src/db/bulk';
import { todayIso } from '../src/lib/days';
import { toAuthUser } from '../src/core/session-user';
import { networks, users } from '../src/db/schema';
import { createFileStore } from '../src/core/file-store';
import { createExportQueries } from '../src/areas/exports/queries';
import { createExportRunner } from '../src/areas/exports/runner';
import type { Jobs } from '../src/jobs';
import { benchHeader, benchRows, productOf, shopCode, spansOf, type ExportBenchSize } from './exports-data';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (...args: unknown[]) => console.error('[bench:exports]', ...args);
const num = (name: string, dflt: number) => (process.env[name] ? Number(process.env[name]) : dflt);

const SIZE: ExportBenchSize = {
  products: num('BENCH_EXPORT_PRODUCTS', 4000),
  days: num('BENCH_EXPORT_DAYS', 250),
  shops: num('BENCH_EXPORT_SHOPS', 5),
  end: process.env.BENCH_EXPORT_END ?? todayIso(),
};
const ROWS = SIZE.products * SIZE.days;
const MIGRATIONS = path.join(serverDir, 'drizzle');

const rssMb = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 102.4) / 10;

/** The runner's logger: warnings and errors to stderr, the rest dropped. */
const quietLog = {
  info: () => undefined,
  warn: (o: unknown, m?: string) => log(m, o),
  error: (o: unknown, m?: string) => log(m, o),
} as unknown as FastifyBaseLogger;

// ---------------------------------------------------------------------------------------------------
// children
// ---------------------------------------------------------------------------------------------------

/** Where a run's data lives: a PGlite directory, or a schema of a PostgreSQL database. */
type Target = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; schema: string; dir: string };

const open = (t: Target) =>
  openDatabase(t.kind === 'pglite' ? { dataDir: t.dir, databaseUrl: null, schema: null } : { dataDir: t.dir, databaseUrl: t.url, schema: t.schema });

async function seed(target: Target) {
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${target.schema}" CASCADE`);
    await client.end();
  }
  const database = await open(target);
  await database.migrate(MIGRATIONS);
  const db = database.db;
  const [net] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO networks (code, name, country, is_product) VALUES ('bench', 'Bench', 'ua', true) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO users (username, name, password_hash, roles, is_admin, network_id)
    VALUES ('bench', 'Bench', 'x', '{admin}', true, ${net!.id})`);
  const shopIds: number[] = [];
  for (let s = 0; s < SIZE.shops; s++) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO shops (code, name, network_id, country) VALUES (${shopCode(s)}, ${`Bench shop ${s + 1}`}, ${net!.id}, 'ua') RETURNING id`,
    );
    shopIds.push(row!.id);
  }
  for (let b = 0; b < 50; b++) await db.execute(sql`INSERT INTO brands (id, name) OVERRIDING SYSTEM VALUE VALUES (${b + 1}, ${`Brand ${b}`})`);
  const cols = { id: [] as number[], ean: [] as string[], article: [] as string[], name: [] as string[], brand: [] as number[], country: [] as string[] };
  for (let i = 0; i < SIZE.products; i++) {
    const p = productOf(i);
    cols.id.push(p.id);
    cols.ean.push(p.ean);
    cols.article.push(p.article);
    cols.name.push(p.name);
    cols.brand.push((i % 50) + 1);
    cols.country.push('ua');
  }
  await insertColumns(
    db,
    'products',
    [
      { name: 'id', type: 'int' },
      { name: 'ean', type: 'text' },
      { name: 'article', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'brand_id', type: 'int' },
      { name: 'country', type: 'text' },
    ],
    [cols.id, cols.ean, cols.article, cols.name, cols.brand, cols.country],
    { overridingSystemValue: true },
  );
  const start = new Date(`${SIZE.end}T00:00:00Z`).getTime() / 86_400_000 - (SIZE.days - 1);
  const iso = (d: number) => new Date((start + d) * 86_400_000).toISOString().slice(0, 10);
  const span = { p: [] as number[], s: [] as number[], a: [] as string[], b: [] as string[], r: [] as number[], pr: [] as (number | null)[] };
  let total = 0;
  const flush = async () => {
    if (!span.p.length) return;
    total += await insertColumns(
      db,
      'price_spans',
      [
        { name: 'product_id', type: 'int' },
        { name: 'shop_id', type: 'int' },
        { name: 'start_day', type: 'date' },
        { name: 'end_day', type: 'date' },
        { name: 'regular', type: 'int' },
        { name: 'promo', type: 'int' },
        { name: 'in_stock', type: 'bool' },
        { name: 'source', type: 'smallint' },
      ],
      [span.p, span.s, span.a, span.b, span.r, span.pr, span.p.map(() => true), span.p.map(() => 0)],
    );
    for (const k of Object.keys(span) as (keyof typeof span)[]) span[k].length = 0;
  };
  for (let i = 0; i < SIZE.products; i++) {
    for (let s = 0; s < SIZE.shops; s++) {
      for (const [from, to, price, promo] of spansOf(i, s, SIZE.days)) {
        span.p.push(i + 1);
        span.s.push(shopIds[s]!);
        span.a.push(iso(from));
        span.b.push(iso(to));
        span.r.push(promo ? Math.round(price / 0.8) + 150 : price);
        span.pr.push(promo ? price : null);
      }
    }
    if (span.p.length >= 50_000) await flush();
  }
  await flush();
  await db.execute(sql`ANALYZE`);
  await database.close();
  console.log(JSON.stringify({ spans: total }));
}

async function bare(out: string) {
  const started = Date.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Prices');
  sheet.columns = benchHeader(SIZE).map((header, i) => ({ header, key: String(i), width: 14 }));
  let rows = 0;
  for (const row of benchRows(SIZE)) {
    sheet.addRow(row).commit();
    rows++;
  }
  sheet.commit();
  await workbook.commit();
  console.log(JSON.stringify({ seconds: (Date.now() - started) / 1000, rows, size: statSync(out).size }));
}

async function runExport(target: Target) {
  const rssBefore = rssMb();
  const database = await open(target);
  // What the process holds before the export starts (PGlite: the database engine itself).
  await queryRows(database.db, sql`SELECT count(*) FROM price_spans WHERE product_id = 1`);
  const baselineMb = rssMb();
  const db = database.db;
  const [row] = await db
    .select({ user: users, network: networks })
    .from(users)
    .leftJoin(networks, eq(networks.id, users.networkId))
    .where(eq(users.username, 'bench'));
  const owner = toAuthUser(row!.user, row!.network);
  const files = createFileStore(db, `${target.dir}-files`);
  const queries = createExportQueries(db);
  const runner = createExportRunner({
    db,
    queries,
    jobs: {} as Jobs,
    files,
    log: quietLog,
    singleProcess: true,
    templatesFor: async () => [],
  });
  const products = Array.from({ length: SIZE.products }, (_, i) => i + 1);
  const start = new Date(new Date(`${SIZE.end}T00:00:00Z`).getTime() - (SIZE.days - 1) * 86_400_000).toISOString().slice(0, 10);
  const id = await queries.insertRequest({
    name: 'bench',
    type: 'inline',
    state: 'queued',
    params: {
      networks: ['bench'],
      shops: [],
      products,
      unmatched: [],
      start,
      end: SIZE.end,
      baseNetwork: null,
      customMarkets: true,
      productColumns: [],
      priceField: 'price',
      templates: [],
    },
    productsCount: products.length,
    shopsCount: SIZE.shops,
    rowsExpected: ROWS,
    templateId: null,
    templateName: null,
    scheduleId: null,
    owner,
    jobId: 'bench',
  });
  // Where the memory goes (heap, buffers outside it), sampled while the export runs.
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    for (const k of Object.keys(peak) as (keyof typeof peak)[]) peak[k] = Math.max(peak[k], Math.round(m[k] / 1048576));
  }, 100);
  const started = Date.now();
  await runner.run(id, 'bench', new AbortController().signal);
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  log(`${target.kind} export memory peaks (MB): ${JSON.stringify(peak)}`);
  const r = await queries.request(id, null);
  if (r?.state !== 'done') throw new Error(`export ${r?.state}: ${r?.error} ${r?.errorMessage}`);
  await database.close();
  console.log(JSON.stringify({ seconds, rows: r.rowsWritten, size: r.size, file: r.file, baselineMb, startMb: rssBefore }));
}

// ---------------------------------------------------------------------------------------------------
// orchestration
// ---------------------------------------------------------------------------------------------------

type ChildResult = { result: Record<string, unknown>; peakRssMb: number };

/** Runs this file in `mode` as a child process; polls its VmHWM until it exits. */
function child(mode: string, arg: string | Target): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const tsx = path.join(serverDir, 'node_modules', '.bin', 'tsx');
    const proc = spawn(tsx, [fileURLToPath(import.meta.url), mode, typeof arg === 'string' ? arg : JSON.stringify(arg)], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
    let out = '';
    let peakKb = 0;
    proc.stdout.on('data', (b: Buffer) => (out += b.toString()));
    // tsx starts node as a child of its own: read the whole process tree's largest VmHWM.
    const poll = setInterval(() => {
      for (const pid of treeOf(proc.pid!)) {
        try {
          const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
          if (m) peakKb = Math.max(peakKb, Number(m[1]));
        } catch {
          // exited between listing and reading
        }
      }
    }, 25);
    proc.on('error', reject);
    proc.on('exit', (code) => {
      clearInterval(poll);
      if (code !== 0) return reject(new Error(`${mode} exited with ${code}`));
      const last = out.trim().split('\n').pop() ?? '{}';
      resolve({ result: JSON.parse(last), peakRssMb: Math.round((peakKb / 1024) * 10) / 10 });
    });
  });
}

/** A pid and its descendants (from /proc/<pid>/task/<pid>/children). */
function treeOf(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      const kids = readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8').trim();
      if (kids) out.push(...kids.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  return out;
}

type Measured = { bare: ChildResult[]; export: ChildResult[] };

async function measure(target: Target, rounds: number): Promise<Measured> {
  log(`${target.kind}: seeding ${SIZE.products} products × ${SIZE.days} days × ${SIZE.shops} shops`);
  const t = Date.now();
  const seeded = await child('seed', target);
  log(`${target.kind}: seeded ${String(seeded.result.spans)} price spans in ${(Date.now() - t) / 1000}s`);
  mkdirSync(`${target.dir}-files`, { recursive: true });
  const out: Measured = { bare: [], export: [] };
  for (let round = 0; round < rounds; round++) {
    out.bare.push(await child('bare', path.join(`${target.dir}-files`, `bare-${round}.xlsx`)));
    log(`${target.kind} round ${round + 1}: bare ${String(out.bare.at(-1)!.result.seconds)}s, peak ${out.bare.at(-1)!.peakRssMb} MB`);
    out.export.push(await child('export', target));
    const e = out.export.at(-1)!;
    log(`${target.kind} round ${round + 1}: export ${String(e.result.seconds)}s, peak ${e.peakRssMb} MB (before the export ${String(e.result.baselineMb)} MB)`);
  }
  return out;
}

function summary(m: Measured) {
  const best = (runs: ChildResult[]) => runs.reduce((a, b) => (Number(b.result.seconds) < Number(a.result.seconds) ? b : a));
  const b = best(m.bare);
  const e = best(m.export);
  if (e.result.rows !== ROWS || b.result.rows !== ROWS)
    throw new Error(`rows: export ${String(e.result.rows)}, bare ${String(b.result.rows)}, expected ${ROWS}`);
  const bareSeconds = Number(b.result.seconds);
  const exportSeconds = Number(e.result.seconds);
  const peakRssMb = Math.max(...m.export.map((x) => x.peakRssMb));
  const baselineMb = Math.max(...m.export.map((x) => Number(x.result.baselineMb)));
  return {
    rows: ROWS,
    bareSeconds,
    exportSeconds,
    ratio: Math.round((exportSeconds / bareSeconds) * 100) / 100,
    peakRssMb,
    /** RSS of the export process with its database open, before the export: its growth is the export's. */
    baselineRssMb: baselineMb,
    exportGrowthMb: Math.round((peakRssMb - baselineMb) * 10) / 10,
    barePeakRssMb: Math.max(...m.bare.map((x) => x.peakRssMb)),
    exportFileMb: Math.round((Number(e.result.size) / 1048576) * 10) / 10,
    bareFileMb: Math.round((Number(b.result.size) / 1048576) * 10) / 10,
    samples: { bare: m.bare.map((x) => x.result.seconds), export: m.export.map((x) => x.result.seconds) },
  };
}

async function main() {
  const dir = process.env.BENCH_EXPORT_DIR ?? mkdtempSync(path.join(tmpdir(), 'pw-bench-exports-'));
  const own = !process.env.BENCH_EXPORT_DIR;
  const rounds = num('BENCH_ROUNDS', 2);
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
  const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres')
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b !== 'postgres' || url);
  const results: Record<string, ReturnType<typeof summary>> = {};
  try {
    for (const kind of backends) {
      const target: Target =
        kind === 'postgres'
          ? { kind, url: url!, schema: 'pw_bench_exports', dir: path.join(dir, 'postgres') }
          : { kind: 'pglite', dir: path.join(dir, 'pglite') };
      results[kind] = summary(await measure(target, rounds));
      if (target.kind === 'postgres') {
        const client = new pg.Client({ connectionString: target.url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${target.schema}" CASCADE`);
        await client.end();
      }
    }
    // The headline figures: PostgreSQL when there is one (the database runs in its own process, so the
    // export process's RSS is the export's), else PGlite (whose engine, ~230 MB, lives in-process).
    const main = results.postgres ?? results.pglite!;
    const targets = { ratio: 1.2, peakRssMb: 256 };
    console.log(
      JSON.stringify({
        rows: main.rows,
        bareSeconds: main.bareSeconds,
        exportSeconds: main.exportSeconds,
        ratio: main.ratio,
        peakRssMb: main.peakRssMb,
        backend: results.postgres ? 'postgres' : 'pglite',
        targets,
        met: main.ratio <= targets.ratio && main.peakRssMb < targets.peakRssMb,
        size: SIZE,
        backends: results,
      }),
    );
  } finally {
    if (own) rmSync(dir, { recursive: true, force: true });
  }
}

const [mode, arg] = process.argv.slice(2);
const task =
  mode === 'seed' ? seed(JSON.parse(arg!) as Target) : mode === 'bare' ? bare(arg!) : mode === 'export' ? runExport(JSON.parse(arg!) as Target) : main();
task.catch((err) => {
  console.error(err);
  process.exit(1);
});
