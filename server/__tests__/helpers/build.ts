/**
 * Test apps: a ready app on a fresh database seeded with the demo data. PGlite in memory by default;
 * with TEST_DATABASE_URL set, a real PostgreSQL where each app gets its own schema (dropped on close),
 * so test files running in parallel never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import type { LoggerOptions } from '../../src/logging';
import type { StaticDirs } from '../../src/plugins/static';
import { XSRF_COOKIE, XSRF_HEADER } from '@pricewatch/shared/contract';
import { goldenCopy, type TestDatabase } from './golden';
import { SERVER_DIR, testConfig } from './test-config';

export { SERVER_DIR, TEST_DEMO_PRODUCTS } from './test-config';
export const PASSWORD = 'pricewatch';
const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || null;

export const onPostgres = () => testDatabaseUrl() !== null;

/** Options for a throwaway empty database, and how to throw it away after it is closed. */
export function testDatabase(): TestDatabase {
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

export type BuildOptions = {
  /** Environment on top of the test defaults (DEMO=1, in-memory database). */
  env?: Record<string, string>;
  staticDirs?: StaticDirs;
  logger?: LoggerOptions;
  /** An existing database (dropped when the app closes) instead of a fresh one. */
  database?: TestDatabase;
};

export async function build({ env = {}, staticDirs, logger, database: given }: BuildOptions = {}): Promise<FastifyInstance> {
  const configured = testConfig(env);
  // A copy of the run's migrated, seeded golden when the configuration allows (golden.ts), else a fresh one.
  const database = given ?? (await goldenCopy(configured, testDatabaseUrl())) ?? testDatabase();
  const config: Config = {
    ...configured,
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
