// The "no database" lane (jest.pure.config.cjs) proves its files open none: PGlite and a PostgreSQL
// connection refuse to start here, so a file scripts/lib/db-test-files.cjs misjudged fails loudly instead
// of silently skipping its PostgreSQL run. Importing them stays possible (code under test may import them).
const refuse = (what) => () => {
  throw new Error(
    `${what} opened in the no-database lane: this test file touches a database, so scripts/lib/db-test-files.cjs ` +
      'must count it among the database files (import the test-app helper, or read TEST_DATABASE_URL)',
  );
};

jest.mock('@electric-sql/pglite', () => {
  const actual = jest.requireActual('@electric-sql/pglite');
  const PGlite = function PGlite() {
    refuse('PGlite')();
  };
  PGlite.create = refuse('PGlite');
  return { ...actual, PGlite };
});

jest.mock('pg', () => {
  const actual = jest.requireActual('pg');
  const Pool = function Pool() {
    refuse('a PostgreSQL pool')();
  };
  const Client = function Client() {
    refuse('a PostgreSQL client')();
  };
  return { ...actual, Pool, Client, default: { ...actual, Pool, Client } };
});
