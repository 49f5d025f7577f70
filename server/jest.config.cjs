const preset = require('../tooling/jest.preset.cjs')({ dir: __dirname, env: 'node' });

// Let swc turn these into plain CommonJS: content-disposition 3 (required by @fastify/static) and
// cookie 2 ship only as ESM; @fastify/cookie and PGlite's CommonJS build call `await import(...)`,
// which jest cannot run without --experimental-vm-modules (swc rewrites it to require).
const esmOnly = ['ky', 'any-ascii', 'content-disposition', 'cookie', '@fastify[+/]cookie', '@electric-sql[+/]pglite'];
// The scraping engine (docs/parsers.md): @crawlee's CommonJS calls `await import('got-scraping')`, and
// got-scraping, got and their helpers ship only as ESM.
esmOnly.push(
  '@crawlee[+/][a-z-]+',
  'got-scraping',
  'got',
  '@sindresorhus[+/][a-z-]+',
  '@szmarczak[+/][a-z-]+',
  'cacheable-lookup',
  'cacheable-request',
  'decompress-response',
  'form-data-encoder',
  'lowercase-keys',
  'p-cancelable',
  'responselike',
  'mimic-response',
  'normalize-url',
  'quick-lru',
  'dot-prop',
  'callsites',
  'ow',
  'type-fest',
  'keyv',
  '@keyv[+/][a-z-]+',
  'header-generator',
  'is-plain-obj',
  'chunk-data',
  'byte-counter',
  'mimic-function',
  'http2-wrapper',
  'is-obj',
  '@sec-ant[+/]readable-stream',
  'is-stream',
  'get-stream',
);

// Background jobs (docs/jobs.md): pg-boss and its ESM-only helpers.
esmOnly.push('pg-boss', 'serialize-error', 'non-error', 'rrule-temporal', 'temporal-spec');

module.exports = {
  ...preset,
  transform: { ...preset.transform, '^.+\\.cjs$': Object.values(preset.transform)[0] },
  // Each test file starts a database (PGlite boots in seconds on two busy cores) and hashes passwords:
  // a test's bound is far above a loaded request (>60 s at load 20 on two cores); one that really hangs
  // still fails. The hooks, which start and stop the apps, have a longer bound of their own (HOOK_BOUND_MS).
  testTimeout: 180_000,
  testEnvironment: '<rootDir>/__tests__/helpers/test-environment.cjs',
  // On two cores jest runs every file in its own process, one after another, and what each file leaves
  // behind adds up: the PostgreSQL lane ran out of its 4 GB heap after ~70 files in the clean-clone run. A
  // memory limit makes jest use a worker and start a fresh one once it holds more than this after a file.
  workerIdleMemoryLimit: '1GB',
  resolver: require.resolve('./jest.resolver.cjs'),
  // Test apps start from a copy of a database migrated and seeded once per run (__tests__/helpers/golden.ts).
  globalSetup: '<rootDir>/__tests__/helpers/golden-setup.ts',
  globalTeardown: '<rootDir>/__tests__/helpers/golden-teardown.ts',
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmOnly.join('|')})[@/])`],
};
