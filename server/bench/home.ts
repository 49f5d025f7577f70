/**
 * `npm run bench:home` (and part of `npm run bench`): the home page's tile calls (GET /home/*, issue 18,
 * docs/home.md) on the demo data as `npm start` seeds it (DEMO_PRODUCTS, default 3000), each as the demo
 * users who get it: after two warm-up calls, BENCH_HOME_CALLS (20) calls in a row, p50 and max in ms
 * (the goal: under 100 ms). PGlite in memory, or PostgreSQL at BENCH_DATABASE_URL (its own schema,
 * dropped after). Prints ONE JSON object on stdout.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { XSRF_COOKIE, XSRF_HEADER } from '@pricewatch/shared/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CALLS = Number(process.env.BENCH_HOME_CALLS || 20);
const PG_URL = process.env.BENCH_DATABASE_URL || null;
const log = (...args: unknown[]) => console.error('[bench:home]', ...args);

/** Who gets which tile (the route rules): the analytics users, and those who see parsers. */
const CASES: [string, string[]][] = [
  ['ashan', ['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious']],
  ['admin', ['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious']],
  ['analyst', ['parsers', 'suspicious']],
  ['operator', ['parsers', 'suspicious']],
];

async function main() {
  const schema = PG_URL ? `pw_bench_home_${randomBytes(4).toString('hex')}` : null;
  const config = {
    ...loadConfig(
      { DEMO: '1', LOG_LEVEL: 'silent', DEMO_LEAFLETS: '0', PARSERS_WORKER: '0', DEMO_SHOPS: '0', JOB_WORKERS: '0', SESSION_CACHE_MS: '0' },
      serverDir,
    ),
    dataDir: 'memory://',
    databaseUrl: PG_URL,
    databaseSchema: schema,
  };
  const t0 = Date.now();
  const app = await buildApp({ config, serverDir, staticDirs: { host: null, remotes: {} }, logger: false });
  log(`demo data seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const results: Record<string, Record<string, { p50: number; max: number }>> = {};
  try {
    const xsrfRes = await app.inject({ method: 'GET', url: '/deployment.json' });
    const xsrf = xsrfRes.cookies.find((c) => c.name === XSRF_COOKIE)!.value;
    for (const [username, tiles] of CASES) {
      const res = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username, password: 'pricewatch' },
        cookies: { [XSRF_COOKIE]: xsrf },
        headers: { [XSRF_HEADER]: xsrf },
      });
      const token = res.json().data.token as string;
      results[username] = {};
      for (const tile of tiles) {
        const times: number[] = [];
        for (let i = 0; i < CALLS + 2; i++) {
          const start = process.hrtime.bigint();
          const answer = await app.inject({ method: 'GET', url: `/home/${tile}?token=${token}` });
          const ms = Number(process.hrtime.bigint() - start) / 1e6;
          if (answer.statusCode !== 200) throw new Error(`${username} /home/${tile}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
          if (i >= 2) times.push(ms);
        }
        times.sort((a, b) => a - b);
        results[username][tile] = { p50: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10, max: Math.round(times.at(-1)! * 10) / 10 };
      }
    }
  } finally {
    await app.close();
    if (PG_URL && schema) {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
      await client.end();
    }
  }
  const worst = Math.max(...Object.values(results).flatMap((r) => Object.values(r).map((v) => v.p50)));
  console.log(
    JSON.stringify({
      bench: 'home',
      backend: PG_URL ? 'postgresql' : 'pglite',
      demoProducts: config.demoProducts,
      calls: CALLS,
      worstP50Ms: worst,
      goalMs: 100,
      tiles: results,
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
