/**
 * What a database's tables are, as plain rows that compare equal when two databases have the same
 * structure: columns, constraints, indexes and sequences of the schema the handle's tables live in.
 * A partitioned table counts as its parent (on PostgreSQL price_spans is partitioned by migration 0014,
 * which drizzle-kit does not describe): its partitions are left out and its indexes read as a plain table's.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/db/client';

export type Structure = { columns: string[]; constraints: string[]; indexes: string[]; sequences: string[] };

export async function structureOf(db: Db): Promise<Structure> {
  const [{ schema } = { schema: 'public' }] = await queryRows<{ schema: string }>(db, sql`select current_schema() as schema`);
  // Index definitions name the schema; two databases in different schemas still compare equal.
  const unqualify = (s: string) => s.replaceAll(`${schema}.`, '').replaceAll(`"${schema}".`, '');
  const columns = await queryRows<Record<string, string | null>>(
    db,
    sql`select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity, identity_generation
        from information_schema.columns
        where table_schema = ${schema}
          and not exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                          where n.nspname = ${schema} and c.relname = table_name and c.relispartition)`,
  );
  // Constraint triggers ('t', migration 0021's deferred one) are triggers, which Drizzle does not describe.
  const constraints = await queryRows<{ t: string; name: string; type: string; def: string }>(
    db,
    sql`select c.relname as t, k.conname as name, k.contype as type, pg_get_constraintdef(k.oid) as def
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and k.contype not in ('n', 't') and not c.relispartition`,
  );
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql`select i.indexname as name, replace(i.indexdef, ' ON ONLY ', ' ON ') as def
        from pg_indexes i join pg_namespace n on n.nspname = i.schemaname join pg_class c on c.relnamespace = n.oid and c.relname = i.tablename
        where i.schemaname = ${schema} and not c.relispartition`,
  );
  const sequences = await queryRows<Record<string, string | number | boolean>>(
    db,
    sql`select sequencename, data_type, start_value::text, min_value::text, max_value::text, increment_by::text, cycle, cache_size::text
        from pg_sequences where schemaname = ${schema}`,
  );
  // drizzle's own journal sits beside the tables on PostgreSQL when a schema is set.
  const lines = (rows: object[]) =>
    rows
      .map((r) => unqualify(JSON.stringify(r)))
      .filter((l) => !l.includes('__drizzle_migrations'))
      .sort();
  return { columns: lines(columns), constraints: lines(constraints), indexes: lines(indexes), sequences: lines(sequences) };
}
