import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = ANY($1::type[])`: a list of any length as one parameter. The builder's `inArray` sends one
 * parameter per value, so a list from a big file or export (tens of thousands of ids) would pass
 * PostgreSQL's 65,535-parameter limit and plan slowly; bounded, small lists use `inArray`.
 */
export function anyOf(column: AnyPgColumn, values: number[] | string[], type: 'int' | 'bigint' | 'text'): SQL {
  return sql`${column} = ANY(${sql.param(values)}::${sql.raw(type)}[])`;
}
