/**
 * Drizzle is the source of truth (issue 15): the descriptions in src/db/schema/ are every table, the
 * last snapshot in drizzle/meta is what they describe (so `pnpm run db:generate` on a clean tree writes
 * nothing), and the database the migrations build is exactly what drizzle-kit generates from them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import { SERVER_DIR, testDatabase } from '../helpers/build';
import { structureOf } from '../helpers/db-structure';

const MIGRATIONS = path.join(SERVER_DIR, 'drizzle');

function lastSnapshot() {
  const names = readdirSync(path.join(MIGRATIONS, 'meta'))
    .filter((n) => n.endsWith('_snapshot.json'))
    .sort();
  return JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', names.at(-1)!), 'utf8'));
}

describe('the Drizzle descriptions', () => {
  it('match the last snapshot: db:generate has nothing to write', async () => {
    const statements = await generateMigration(lastSnapshot(), generateDrizzleJson(schema));
    expect(statements).toEqual([]);
  });

  it('lists its migrations in file order, each later than the one before', () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const files = readdirSync(MIGRATIONS)
      .filter((n) => n.endsWith('.sql'))
      .sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
    journal.entries.forEach((e, i) => {
      expect(e.idx).toBe(i);
      expect(e.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(e.when).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  describe('and the database the migrations build', () => {
    const migrated = testDatabase();
    const generated = testDatabase();
    const open: Database[] = [];
    let a: Database;
    let b: Database;

    // Two database starts, each in its own hook: they do not share one time budget on a loaded machine.
    beforeAll(async () => {
      a = await openDatabase(migrated.options);
      open.push(a);
      await a.migrate(MIGRATIONS);
    });
    beforeAll(async () => {
      b = await openDatabase(generated.options);
      open.push(b);
      // What drizzle-kit would write for an empty database, on the same footing as migration 0000.
      await b.db.execute(sql.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public'));
      for (const statement of await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema))) {
        await b.db.execute(sql.raw(statement.replaceAll('"public".', '')));
      }
    });
    afterAll(async () => {
      for (const d of open) await d.close();
      await migrated.drop();
      await generated.drop();
    });

    it('is what drizzle-kit generates from them, constraint names included', async () => {
      expect(await structureOf(a.db)).toEqual(await structureOf(b.db));
    });
  });
});
