/** A test app's configuration (the test defaults), apart from the app so the jest global setup can read it. */
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config';

export const SERVER_DIR = path.resolve(__dirname, '..', '..');

/** Products of the demo catalogue in test apps (the demo default is 3000). */
export const TEST_DEMO_PRODUCTS = 120;

/** PostgreSQL's connection and statement limits for test apps (see testConfig). */
export const TEST_DB_TIMEOUTS = { DB_ACQUIRE_TIMEOUT_MS: '120000', DB_STATEMENT_TIMEOUT_MS: '300000' };

/** A test app's configuration before its database is chosen: the test defaults, then `env`. */
export function testConfig(env: Record<string, string> = {}): Config {
  // A small demo catalogue keeps every test file's start quick (docs/catalogue.md "Demo data"); the
  // demo leaflets' rendered pictures (~0.7 s) only where a test asks for them. Tests change users and
  // sessions straight in the database, which a server sees only after its session cache's second
  // (docs/overload.md): no cache unless a test asks for it. The admission queue's 2 s wait is a
  // production answer to overload; on a test machine busy with other suites it turned ten concurrent
  // writes into 503s, so tests wait up to a minute (a freeze still shows: tests bound their waits).
  // PostgreSQL's own limits likewise: at load ~24 on two cores a new connection took over the 10 s to
  // open (a start failed in its migrations) and the demo alignment's DELETE ran past the 60 s statement
  // timeout. Tests give them minutes; the test's own bound still catches a hang.
  return loadConfig(
    {
      DEMO: '1',
      LOG_LEVEL: 'silent',
      DEMO_PRODUCTS: String(TEST_DEMO_PRODUCTS),
      DEMO_LEAFLETS: '0',
      SESSION_CACHE_MS: '0',
      DB_QUEUE_TIMEOUT_MS: '60000',
      ...TEST_DB_TIMEOUTS,
      ...env,
    },
    SERVER_DIR,
  );
}
