import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database, type DatabaseOptions } from '../../src/db/client';
import { networks, shops, users } from '../../src/db/schema';
import { seedDemo } from '../../src/demo/seed';
import { createFirstAdmin } from '../../src/db/bootstrap';
import { build, login, onPostgres, SERVER_DIR, testDatabase } from '../helpers/build';

const MIGRATIONS = path.join(SERVER_DIR, 'drizzle');

/** A database that can be closed and opened again: a temp PGlite directory, or a test schema. */
function reopenable(): { options: DatabaseOptions; drop: () => Promise<void> } {
  if (onPostgres()) return testDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-migrate-'));
  return {
    options: { dataDir: dir, databaseUrl: null, schema: null },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

const countOf = async (db: Database['db'], table: typeof users | typeof networks | typeof shops) => Number((await db.select({ n: count() }).from(table))[0]?.n);

describe('migrations and first-start data', () => {
  const target = reopenable();
  afterAll(() => target.drop());

  it('run again on the same database, and after a restart, without changing anything', async () => {
    let database = await openDatabase(target.options);
    try {
      await database.migrate(MIGRATIONS);
      await database.migrate(MIGRATIONS);
      expect(await seedDemo(database.db, { catalogue: { products: 20 } })).toBe(true);
    } finally {
      await database.close();
    }

    database = await openDatabase(target.options);
    try {
      const before = [await countOf(database.db, users), await countOf(database.db, networks), await countOf(database.db, shops)];
      expect(before.every((n) => n > 0)).toBe(true);
      await database.exclusive(() => database.migrate(MIGRATIONS));
      expect(await seedDemo(database.db)).toBe(false);
      expect(await createFirstAdmin(database.db, { username: 'boss', password: 'long-enough' }, 'cz')).toBe(false);
      const after = [await countOf(database.db, users), await countOf(database.db, networks), await countOf(database.db, shops)];
      expect(after).toEqual(before);
      // The trigram extension the catalogue relies on is installed.
      const [trgm] = await queryRows<{ s: number }>(database.db, sql`select similarity('pricewatch', 'pricewatch') as s`);
      expect(Number(trgm?.s)).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe('outside demo mode', () => {
  it('has no demo users', async () => {
    const app = await build({ env: { DEMO: '0' } });
    try {
      expect(await countOf(app.db, users)).toBe(0);
      expect((await login(app, 'admin')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('creates the admin named by ADMIN_USERNAME and ADMIN_PASSWORD, in the provider network', async () => {
    const app = await build({ env: { DEMO: '0', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'a-long-secret' } });
    try {
      expect((await login(app, 'admin')).statusCode).toBe(401);
      const res = await login(app, 'boss', 'a-long-secret');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({
        username: 'boss',
        name: 'Admin',
        isAdmin: true,
        roles: ['admin'],
        network: { code: 'pricewatch', product: true },
      });
      expect(await countOf(app.db, users)).toBe(1);
    } finally {
      await app.close();
    }
  });
});
