/**
 * A test app started from the run's golden database (golden.ts) holds the same data as one migrated and
 * seeded afresh: every table, row for row — apart from what differs between two fresh seedings too
 * (timestamps of the moment, salted password hashes, the demo shops' ports). PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { build, testDatabase } from './build';

type Column = { table_name: string; column_name: string; data_type: string };

/** Per table: its row count and a digest of its rows' comparable columns, in a stable order. */
async function contents(app: FastifyInstance): Promise<Record<string, string>> {
  const columns = await queryRows<Column>(
    app.db,
    sql`SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const c of columns) {
    const comparable = !c.data_type.startsWith('timestamp') && !/hash/.test(c.column_name);
    if (!tables.has(c.table_name)) tables.set(c.table_name, []);
    if (comparable) tables.get(c.table_name)!.push(`"${c.column_name}"::text`);
  }
  const out: Record<string, string> = {};
  for (const [table, cols] of tables) {
    // drizzle's own journal records when each migration ran.
    if (table === '__drizzle_migrations') continue;
    // Each start puts its demo shops on other free ports (offer URLs, parser definitions).
    const row = cols.length ? `regexp_replace(concat_ws('|', ${cols.join(', ')}), '127\\.0\\.0\\.1:[0-9]+', '127.0.0.1:port', 'g')` : `''`;
    const [r] = await queryRows<{ n: number; digest: string | null }>(
      app.db,
      sql.raw(`SELECT count(*)::int AS n, md5(string_agg(${row}, E'\\n' ORDER BY ${row})) AS digest FROM "${table}"`),
    );
    out[table] = `${r!.n} ${r!.digest}`;
  }
  return out;
}

const startsLikeAFreshOne = (env: Record<string, string>) => async () => {
  const copied = await build({ env });
  const fresh = await build({ env, database: testDatabase() });
  try {
    const fromGolden = copied.config.databaseUrl ? copied.config.databaseUrl.includes('/pwc_') : copied.config.dataDir.startsWith('memory://golden-');
    expect(fromGolden).toBe(true);
    const [a, b] = [await contents(copied), await contents(fresh)];
    expect(Object.keys(a).length).toBeGreaterThan(20);
    expect(Number(a.products!.split(' ')[0])).toBeGreaterThan(0);
    expect(a).toEqual(b);
  } finally {
    await copied.close();
    await fresh.close();
  }
};

// A fresh seeding beside the copy: over 180 s on PostgreSQL at load ~40.
it('an app on a copy of the golden starts with the data of a freshly seeded one', startsLikeAFreshOne({}), 600_000);

// Its golden is the demo one with the shops' first start done (parsers written, history aligned, index rebuilt).
it('so does a demo app with the demo shops', startsLikeAFreshOne({ DEMO_SHOPS: '1', PARSERS_WORKER: '0' }), 600_000);
