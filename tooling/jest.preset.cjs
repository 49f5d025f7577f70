// One jest setup for every package: swc for TS/TSX, ESM-only ky transformed, jsdom with fetch & co.
const path = require('node:path');

/** @param {{ dir: string, env?: 'jsdom' | 'node' }} opts */
module.exports = function jestPreset({ dir, env = 'jsdom' }) {
  return {
    rootDir: dir,
    testEnvironment: env === 'jsdom' ? path.join(__dirname, 'jest-env-jsdom.cjs') : 'node',
    setupFilesAfterEnv: env === 'jsdom' ? [path.join(__dirname, 'jest-setup-dom.cjs')] : [],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ESM-only packages jest has to transform: ky, and TanStack Table v9 with its store.
    transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(ky|@tanstack)[@/+])'],
    moduleNameMapper: { '\\.(css|png|svg|jpg)$': path.join(__dirname, 'jest-file-stub.cjs') },
    testMatch: ['**/__tests__/**/*.test.(ts|tsx)'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    // A test is bounded by its screen's waits (findBy*, asyncUtilTimeout 8 s in jest-setup-dom.cjs): jest's
    // default 5 s cut a test of several such waits short when npm test ran it beside a server suite.
    testTimeout: 30_000,
  };
};
