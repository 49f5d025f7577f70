// The server files that open a database (scripts/lib/db-test-files.cjs decides from their imports at each
// run, so a new database test is included without a list to keep). `npm test` runs these on PGlite and
// again on PostgreSQL; the other files (engine, OCR, matching, config…) once (jest.pure.config.cjs).
const base = require('./jest.config.cjs');
const { dbTestFiles } = require('../scripts/lib/db-test-files.cjs');

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = { ...base, testMatch: undefined, testRegex: dbTestFiles().map((file) => `^${escape(file)}$`) };
