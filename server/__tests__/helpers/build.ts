/**
 * Test apps: a ready app on a fresh database seeded with the demo data. PGlite in memory by default;
 * with TEST_DATABASE_URL set, a real PostgreSQL where each app gets its own schema (dropped on close),
 * so test files running in parallel never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { DatabaseOptions } from '../../src/db/client';
import type { LoggerOptions } from '../../src/logging';
import type { StaticDirs } from '../../src/plugins/static';
import { XSRF_COOKIE, XSRF_HEADER } from '@pricewatch/shared/contract';

export const SERVER_DIR = path.resolve(__dirname, '..', '..');
export const PASSWORD = 'pricewatch';
const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || null;

export const onPostgres = () => testDatabaseUrl() !== null;

/** Options for a throwaway database, and how to throw it away after it is closed. */
export function testDatabase(): { options: DatabaseOptions; drop: () => Promise<void> } {
  const url = testDatabaseUrl();
  if (!url) return { options: { dataDir: 'memory://', databaseUrl: null, schema: null }, drop: async () => {} };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  return {
    options: { dataDir: 'memory://', databaseUrl: url, schema },
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        // The app's pg-boss tables live beside it (src/jobs: jobsSchemaFor).
        await client.query(`DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Products of the demo catalogue in test apps (the demo default is 3000). */
export const TEST_DEMO_PRODUCTS = 120;

export type BuildOptions = {
  /** Environment on top of the test defaults (DEMO=1, in-memory database). */
  env?: Record<string, string>;
  staticDirs?: StaticDirs;
  logger?: LoggerOptions;
  /** An existing database (dropped when the app closes) instead of a fresh one. */
  database?: { options: DatabaseOptions; drop: () => Promise<void> };
};

export async function build({ env = {}, staticDirs, logger, database = testDatabase() }: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = {
    // A small demo catalogue keeps every test file's start quick (docs/catalogue.md "Demo data"); the
    // demo leaflets' rendered pictures (~0.7 s) only where a test asks for them. Tests change users and
    // sessions straight in the database, which a server sees only after its session cache's second
    // (docs/overload.md): no cache unless a test asks for it. The admission queue's 2 s wait is a
    // production answer to overload; on a test machine busy with other suites it turned ten concurrent
    // writes into 503s, so tests wait up to a minute (a freeze still shows: tests bound their waits).
    ...loadConfig(
      {
        DEMO: '1',
        LOG_LEVEL: 'silent',
        DEMO_PRODUCTS: String(TEST_DEMO_PRODUCTS),
        DEMO_LEAFLETS: '0',
        SESSION_CACHE_MS: '0',
        DB_QUEUE_TIMEOUT_MS: '60000',
        ...env,
      },
      SERVER_DIR,
    ),
    dataDir: database.options.dataDir,
    databaseUrl: database.options.databaseUrl,
    databaseSchema: database.options.schema,
  };
  const app = await buildApp({
    config,
    serverDir: SERVER_DIR,
    staticDirs: staticDirs ?? { host: null, remotes: {} },
    logger: logger ?? false,
  });
  // The schema can only go once the app's pool is closed.
  const close = app.close.bind(app);
  app.close = (async () => {
    await close();
    await database.drop();
  }) as typeof app.close;
  return app;
}

export type Xsrf = { value: string; cookies: Record<string, string>; headers: Record<string, string> };

/** The anti-forgery pair as a browser gets it: the cookie from any GET, echoed as the header. */
export async function getXsrf(app: FastifyInstance): Promise<Xsrf> {
  const res = await app.inject({ method: 'GET', url: '/deployment.json' });
  const cookie = res.cookies.find((c) => c.name === XSRF_COOKIE);
  if (!cookie) throw new Error('no XSRF cookie set');
  return { value: cookie.value, cookies: { [XSRF_COOKIE]: cookie.value }, headers: { [XSRF_HEADER]: cookie.value } };
}

export async function login(app: FastifyInstance, username: string, password = PASSWORD, xsrf?: Xsrf) {
  const pair = xsrf ?? (await getXsrf(app));
  return app.inject({
    method: 'POST',
    url: '/auth/login',
    cookies: pair.cookies,
    headers: pair.headers,
    payload: { username, password },
  });
}

export type Session = { token: string; user: Record<string, unknown>; xsrf: Xsrf };

export async function loginAs(app: FastifyInstance, username: string): Promise<Session> {
  const xsrf = await getXsrf(app);
  const res = await login(app, username, PASSWORD, xsrf);
  if (res.statusCode !== 200) throw new Error(`login as ${username}: ${res.statusCode} ${res.body}`);
  const { token, user } = res.json().data;
  return { token, user, xsrf };
}

export const body = (res: LightMyRequestResponse) => res.json() as { success: boolean; data?: any; error?: any };
