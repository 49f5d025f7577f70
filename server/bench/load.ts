/**
 * Load benchmark (`npm run bench` → this, or `pnpm --filter @pricewatch/server run bench:load`): the real
 * server (buildApp, demo database, background workers as under `npm start`) in a child process on a free
 * loopback port, and autocannon in this one with LOAD_CONNECTIONS (100) connections for LOAD_SECONDS (20)
 * against GET /auth/check and against GET /products/search (the header search's article/EAN/name
 * search, a different demo word per request). On PGlite always, and on PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set (schema bench_load, dropped after); LOAD_BACKENDS and LOAD_ROUTES pick one. Prints one JSON
 * line per backend and route. Targets (issue 13, docs/overload.md): no errors and no request over 2 s
 * on either backend; on PostgreSQL auth check p99 < 50 ms and search p99 < 150 ms.
 *
 * `tsx bench/load.ts --target http://host:port` runs the same load against a server already running there
 * (deploy/local-cluster.sh: three processes behind nginx), reported as backend "target".
 *
 * `tsx bench/load.ts --serve` is the child: it starts the server and reports its port over IPC.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { XSRF_COOKIE, XSRF_HEADER } from '@pricewatch/shared/contract';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const SECONDS = Number(env.LOAD_SECONDS || 20);
const CONNECTIONS = Number(env.LOAD_CONNECTIONS || 100);
const PG_URL = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || null;
const PG_SCHEMA = 'bench_load';
/** LOAD_BACKENDS=postgres (or pglite) runs one of them only. */
const BACKENDS = (env.LOAD_BACKENDS || 'pglite,postgres').split(',');
/** LOAD_ROUTES=search (or check) runs one route only. */
const ROUTES = (env.LOAD_ROUTES || 'check,search').split(',');
/** Words of the demo catalogue (src/demo/catalogue/vocabulary.ts): a search per request cycles through them. */
const SEARCH_WORDS = ['milk', 'bread', 'cheese', 'beer', 'yogurt', 'coffee', 'juice', 'chocolate', 'water', 'butter', 'tea', 'rice'];
const START_TIMEOUT_MS = 180_000;

type Backend = 'pglite' | 'postgres' | 'target';
const targetIndex = process.argv.indexOf('--target');
const TARGET = targetIndex > 0 ? process.argv[targetIndex + 1]?.replace(/\/+$/, '') : undefined;

/** The child: the server as `npm start` runs it (JOB_WORKERS and PARSERS_WORKER on), on 127.0.0.1:0. */
async function serve() {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config');
  const config = { ...loadConfig(), host: '127.0.0.1', port: 0 };
  const app = await buildApp({ config, serverDir });
  await app.listen({ host: config.host, port: 0 });
  const address = app.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.once('SIGTERM', () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

async function dropSchemas(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${PG_SCHEMA}" CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS "${PG_SCHEMA}_jobs" CASCADE`);
  } finally {
    await client.end();
  }
}

function startServer(backend: Backend, dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  // Where the time goes: LOAD_CPU_PROF=<dir> writes the server's CPU profile there.
  const profile = env.LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(env.LOAD_CPU_PROF)}`] : [];
  // Server logs (LOG_LEVEL, info by default as under npm start) are written, then dropped unless LOAD_SERVER_LOG names a file.
  const log = env.LOAD_SERVER_LOG ? openSync(path.resolve(env.LOAD_SERVER_LOG), 'a') : 'ignore';
  const child = spawn(process.execPath, [...process.execArgv, ...profile, fileURLToPath(import.meta.url), '--serve'], {
    cwd: serverDir,
    stdio: ['ignore', log, 'inherit', 'ipc'],
    env: {
      ...env,
      DEMO: '1',
      JOB_WORKERS: '1',
      PARSERS_WORKER: '1',
      DEMO_SHOPS: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: env.LOG_LEVEL || 'info',
      DATABASE_URL: backend === 'postgres' ? PG_URL! : '',
      DATABASE_SCHEMA: backend === 'postgres' ? PG_SCHEMA : '',
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${backend}: the server did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.once('message', (m: { port: number }) => {
      clearTimeout(timer);
      resolve({ child, port: m.port });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${backend}: the server exited (${code}) before listening`));
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The browser's way in: the anti-forgery cookie from a GET, then POST /auth/login echoing it. */
async function login(base: string): Promise<{ token: string; cookie: string }> {
  const first = await fetch(`${base}/deployment.json`);
  const xsrf = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  if (!xsrf) throw new Error('no anti-forgery cookie');
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrf, [XSRF_HEADER]: xsrf.slice(XSRF_COOKIE.length + 1) },
    body: JSON.stringify({ username: 'admin', password: 'pricewatch' }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { token: string } };
  return { token: body.data.token, cookie: xsrf };
}

async function hammer(backend: Backend, route: string, base: string, cookie: string, nextPath: () => string) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    // Past this a request counts as an error (autocannon's default); the target is 2 s.
    timeout: 10,
    headers: { cookie },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
  const statusCodes = Object.fromEntries(
    Object.entries((result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  );
  const out = {
    bench: 'load',
    backend,
    route,
    connections: CONNECTIONS,
    seconds: SECONDS,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
  };
  console.log(JSON.stringify(out));
  return out;
}

/** Both routes against `base` (a running server, or nginx in front of several). */
async function hammerRoutes(backend: Backend, base: string) {
  const { token, cookie } = await login(base);
  const q = `token=${encodeURIComponent(token)}`;
  if (ROUTES.includes('check')) await hammer(backend, 'GET /auth/check', base, cookie, () => `/auth/check?${q}`);
  let i = 0;
  if (ROUTES.includes('search')) {
    await hammer(backend, 'GET /products/search', base, cookie, () => `/products/search?name=${SEARCH_WORDS[i++ % SEARCH_WORDS.length]}&${q}`);
  }
}

async function runBackend(backend: Exclude<Backend, 'target'>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pw-bench-load-'));
  if (backend === 'postgres') await dropSchemas(PG_URL!);
  const t0 = Date.now();
  const { child, port } = await startServer(backend, dataDir);
  try {
    console.error(`[load] ${backend}: server up in ${((Date.now() - t0) / 1000).toFixed(1)} s on port ${port}`);
    await hammerRoutes(backend, `http://127.0.0.1:${port}`);
  } finally {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
    if (backend === 'postgres') await dropSchemas(PG_URL!);
  }
}

async function main() {
  if (TARGET !== undefined) {
    if (!/^https?:\/\//.test(TARGET)) throw new Error('--target needs a URL (http://host:port)');
    return hammerRoutes('target', TARGET);
  }
  if (BACKENDS.includes('pglite')) await runBackend('pglite');
  if (!BACKENDS.includes('postgres')) return;
  if (PG_URL) await runBackend('postgres');
  else console.log(JSON.stringify({ bench: 'load', backend: 'postgres', skipped: 'set BENCH_DATABASE_URL or TEST_DATABASE_URL' }));
}

if (process.argv.includes('--serve')) {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
