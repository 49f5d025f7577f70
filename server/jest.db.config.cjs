// The server files that open a database (scripts/lib/db-test-files.cjs decides from their imports at each
// run, so a new database test is included without a list to keep). `npm test` runs these on PGlite and
// again on PostgreSQL; the other files (engine, OCR, matching, config…) once (jest.pure.config.cjs).
const base = require('./jest.config.cjs');
const { dbTestFiles } = require('../scripts/lib/db-test-files.cjs');

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The test apps' usual database is built once, in the global setup (__tests__/helpers/golden-setup.ts).
process.env.PRICEWATCH_GOLDEN_PREBUILD = '1';

// npm test's PGlite lane leaves the `@one-database` files to its PostgreSQL lane (scripts/run.mjs).
const skipOneDatabase = process.env.PRICEWATCH_ONE_DATABASE_ELSEWHERE === '1';

module.exports = { ...base, testMatch: undefined, testRegex: dbTestFiles({ skipOneDatabase }).map((file) => `^${escape(file)}$`) };
