/**
 * Importing the app starts nothing that outlives a test file. @crawlee/browser-pool starts a listening proxy
 * server as soon as it is loaded (its proxy-server.js; unref'd, so nothing waits for it). Loaded by every
 * test file's app import, each such server kept its file's whole module registry reachable: ~43 MB of heap
 * per file, and on PGlite the file's ~100 MB golden image too, until the PostgreSQL lane ran out of its 4 GB
 * heap after ~70 files. The browser crawl loads Crawlee's Playwright crawler at its first use; this keeps it so.
 *
 * @one-database: it imports the app and opens no database (scripts/lib/db-test-files.cjs).
 */
const loaded: string[] = [];
jest.mock('@crawlee/playwright', () => {
  loaded.push('@crawlee/playwright');
  return jest.requireActual('@crawlee/playwright');
});

it('importing the app loads no browser pool (its proxy server would keep the test file alive)', async () => {
  const { buildApp } = await import('../../src/app');
  expect(typeof buildApp).toBe('function');
  expect(loaded).toEqual([]);
});
