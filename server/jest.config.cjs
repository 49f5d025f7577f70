const preset = require('../tooling/jest.preset.cjs')({ dir: __dirname, env: 'node' });

// Let swc turn these into plain CommonJS: content-disposition 3 (required by @fastify/static) and
// cookie 2 ship only as ESM; @fastify/cookie and PGlite's CommonJS build call `await import(...)`,
// which jest cannot run without --experimental-vm-modules (swc rewrites it to require).
const esmOnly = ['ky', 'content-disposition', 'cookie', '@fastify[+/]cookie', '@electric-sql[+/]pglite'];

module.exports = {
  ...preset,
  transform: { ...preset.transform, '^.+\\.cjs$': Object.values(preset.transform)[0] },
  // Each test file starts a database (PGlite boots in seconds on two busy cores) and hashes passwords.
  testTimeout: 30_000,
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmOnly.join('|')})[@/])`],
};
