// The server files that open no database (see jest.db.config.cjs): run once by `npm test`.
const base = require('./jest.config.cjs');
const { dbTestFiles, testFiles } = require('../scripts/lib/db-test-files.cjs');

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const db = new Set(dbTestFiles());

module.exports = {
  ...base,
  setupFiles: [...(base.setupFiles ?? []), require.resolve('./jest.pure.setup.cjs')],
  testMatch: undefined,
  testRegex: testFiles()
    .filter((file) => !db.has(file))
    .map((file) => `^${escape(file)}$`),
};
