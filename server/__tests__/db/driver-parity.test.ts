/**
 * PGlite and node-postgres hand the areas the same JavaScript values for every kind of column and computed value
 * the app reads (src/db/client.ts). This is what lets a test file that checks what an area computes run on one
 * backend (`@one-database`, scripts/lib/db-test-files.cjs): PGlite is the same PostgreSQL, so the SQL answers the
 * same; what could differ is the driver. Before this test, count(*) and bigint ids came back as numbers on PGlite
 * and as strings on PostgreSQL (drizzle gave each query its own type parsers, so the pool's int8 parser was skipped).
 *
 * @one-database: it opens PGlite itself and, with TEST_DATABASE_URL, PostgreSQL too, and holds both to one table.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../../src/db/client';

const PG_URL = process.env.TEST_DATABASE_URL || null;

// One row of every type the schema and the analytics statements produce, with a NULL of each kind beside it.
const ROW = sql`SELECT
  1::int2 AS int2, 2::int4 AS int4, 3::int8 AS int8, 9007199254740993::int8 AS int8_huge, -42::bigint AS bigint_negative,
  1.50::numeric(10,2) AS numeric, 1.5::float4 AS float4, 0.1::float8 AS float8, 'x'::text AS text, 'y'::varchar(3) AS varchar,
  '2026-01-02'::date AS date, '2026-01-02 03:04:05.678+00'::timestamptz AS timestamptz,
  '2026-01-02 03:04:05'::timestamp AS timestamp, '1 day 02:00'::interval AS interval, true AS bool,
  '{"a":1,"b":[2]}'::jsonb AS jsonb, '{"a":1}'::json AS json,
  ARRAY[1,2]::int4[] AS int4_array, ARRAY[1,NULL,9007199254740993]::int8[] AS int8_array,
  ARRAY['2026-01-02']::date[] AS date_array, ARRAY[1.5]::numeric[] AS numeric_array, ARRAY['a','b c']::text[] AS text_array,
  ARRAY['2026-01-02 03:04:05+00']::timestamptz[] AS timestamptz_array,
  count(*) AS count, sum(7::int4) AS sum_int, sum(7::int8) AS sum_int8, sum(1.25::numeric) AS sum_numeric, avg(2::int4) AS avg_int,
  max('2026-03-04'::date) AS max_date, min(0.5::float8) AS min_float, bool_or(true) AS bool_or,
  array_agg(5::int8) AS agg_int8, jsonb_agg(jsonb_build_object('n', 5::int8)) AS agg_jsonb,
  '\\x00ff'::bytea AS bytea, '10:00'::time AS time,
  NULL::int8 AS null_int8, NULL::date AS null_date, NULL::numeric AS null_numeric, NULL::timestamptz AS null_timestamptz`;

/** What a value is, to the areas: its kind and its value (a Buffer is the Uint8Array it extends). */
function described(row: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(row).map(([key, v]) => {
      if (v === null) return [key, 'null'];
      if (v instanceof Uint8Array) return [key, `bytes ${[...v].join(',')}`];
      const kind = Array.isArray(v) ? 'array' : v instanceof Date ? 'Date' : typeof v;
      return [key, `${kind} ${JSON.stringify(v)}`];
    }),
  );
}

// The contract: what both backends answer.
const EXPECTED: Record<string, string> = {
  int2: 'number 1',
  int4: 'number 2',
  int8: 'number 3',
  int8_huge: 'string "9007199254740993"',
  bigint_negative: 'number -42',
  numeric: 'string "1.50"',
  float4: 'number 1.5',
  float8: 'number 0.1',
  text: 'string "x"',
  varchar: 'string "y"',
  date: 'string "2026-01-02"',
  timestamptz: 'string "2026-01-02 03:04:05.678+00"',
  timestamp: 'string "2026-01-02 03:04:05"',
  interval: 'string "1 day 02:00:00"',
  bool: 'boolean true',
  jsonb: 'object {"a":1,"b":[2]}',
  json: 'object {"a":1}',
  int4_array: 'array [1,2]',
  int8_array: 'array [1,null,"9007199254740993"]',
  date_array: 'string "{2026-01-02}"',
  numeric_array: 'string "{1.5}"',
  text_array: 'array ["a","b c"]',
  timestamptz_array: 'string "{\\"2026-01-02 03:04:05+00\\"}"',
  count: 'number 1',
  sum_int: 'number 7',
  sum_int8: 'string "7"',
  sum_numeric: 'string "1.25"',
  avg_int: 'string "2.0000000000000000"',
  max_date: 'string "2026-03-04"',
  min_float: 'number 0.5',
  bool_or: 'boolean true',
  agg_int8: 'array [5]',
  agg_jsonb: 'array [{"n":5}]',
  bytea: 'bytes 0,255',
  time: 'string "10:00:00"',
  null_int8: 'null',
  null_date: 'null',
  null_numeric: 'null',
  null_timestamptz: 'null',
};

const backends: [string, () => Promise<Database>][] = [
  ['PGlite', () => openDatabase({ dataDir: 'memory://', databaseUrl: null, schema: null })],
  ...(PG_URL ? ([['PostgreSQL', () => openDatabase({ dataDir: '', databaseUrl: PG_URL, schema: null })]] as [string, () => Promise<Database>][]) : []),
];

describe.each(backends)('%s hands the areas', (_name, open) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database?.close());

  it('the same values through a plain query', async () => {
    const [row] = await queryRows<Record<string, unknown>>(database.db, ROW);
    expect(described(row!)).toEqual(EXPECTED);
  });

  it('the same values inside a transaction', async () => {
    const rows = await database.db.transaction(async (tx) => ((await tx.execute(ROW)) as unknown as { rows: Record<string, unknown>[] }).rows);
    expect(described(rows[0]!)).toEqual(EXPECTED);
  });

  it('the same values through the prepared statements of the hot reads', async () => {
    const [row] = await queryRows<Record<string, unknown>>(database.db, ROW, { prepared: true });
    expect(described(row!)).toEqual(EXPECTED);
  });
});
