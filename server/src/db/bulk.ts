/**
 * Set inserts for bulk loads (demo seed, bench, imports): one `INSERT … SELECT * FROM unnest($1::int[],
 * $2::text[], …)` per batch of rows, on PGlite and PostgreSQL alike — never row-by-row inserts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

export type ColumnType = 'int' | 'smallint' | 'bigint' | 'text' | 'date' | 'bool' | 'float8';
export type BulkColumn = { name: string; type: ColumnType };

/** Column-wise rows: data[i] holds every value of columns[i]. */
export type ColumnData = unknown[][];

export const BULK_BATCH_ROWS = 50_000;

export async function insertColumns(
  db: Db,
  table: string,
  columns: readonly BulkColumn[],
  data: ColumnData,
  opts: { overridingSystemValue?: boolean; batchRows?: number; onConflictDoNothing?: boolean } = {},
): Promise<number> {
  const rows = data[0]?.length ?? 0;
  if (data.length !== columns.length || data.some((c) => c.length !== rows)) {
    throw new RangeError(`insertColumns(${table}): every column needs ${rows} values`);
  }
  const batch = opts.batchRows ?? BULK_BATCH_ROWS;
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  for (let from = 0; from < rows; from += batch) {
    const to = Math.min(rows, from + batch);
    const arrays: SQL[] = columns.map((c, i) => sql`${sql.param(from === 0 && to === rows ? data[i] : data[i]!.slice(from, to))}::${sql.raw(c.type)}[]`);
    await db.execute(
      sql`INSERT INTO ${sql.identifier(table)} (${names}) ${opts.overridingSystemValue ? sql`OVERRIDING SYSTEM VALUE ` : sql``}SELECT * FROM unnest(${sql.join(arrays, sql`, `)})${opts.onConflictDoNothing ? sql` ON CONFLICT DO NOTHING` : sql``}`,
    );
  }
  return rows;
}
