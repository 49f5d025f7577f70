/**
 * Nothing inside a transaction reaches the root handle (issue 13, item 1): on PGlite (one connection)
 * that froze the whole server; on PostgreSQL it took a second connection per request until the pool ran
 * dry. The root handle refuses at once, and the edit that froze the server answers.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { RootHandleInTransactionError } from '../../src/db/tx-guard';
import { users } from '../../src/db/schema';
import { body, build, loginAs } from '../helpers/build';
import { callAs } from '../access/call';

let app: FastifyInstance;
beforeAll(async () => {
  app = await build();
});
afterAll(() => app?.close());

/** Fails instead of hanging for ever. */
function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms))),
  ]);
}

describe('the root handle inside a transaction', () => {
  it('refuses every kind of query and a nested transaction, and works again after the commit', async () => {
    const db = app.db;
    await db.transaction(async (tx) => {
      await expect(async () => db.select().from(users)).rejects.toThrow(RootHandleInTransactionError);
      await expect(async () => db.execute(sql`SELECT 1`)).rejects.toThrow(RootHandleInTransactionError);
      await expect(async () => queryRows(db, sql`SELECT 1`)).rejects.toThrow(RootHandleInTransactionError);
      await expect(async () =>
        db
          .update(users)
          .set({ name: 'x' })
          .where(sql`false`),
      ).rejects.toThrow(RootHandleInTransactionError);
      await expect(async () => db.transaction(async () => undefined)).rejects.toThrow(RootHandleInTransactionError);
      // The transaction's own handle works, savepoints included.
      expect(await queryRows<{ one: number }>(tx, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`SELECT 1`);
      });
    });
    // Two transactions at once each get their own scope; the root handle answers between and after.
    await Promise.all([db.transaction(async (tx) => tx.execute(sql`SELECT 1`)), db.transaction(async (tx) => tx.execute(sql`SELECT 2`))]);
    expect(await queryRows<{ one: number }>(db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it('a job queued from inside a transaction is refused (pg-boss writes on its own handle)', async () => {
    await expect(app.db.transaction(async () => app.jobs.send('test.nothing', {}))).rejects.toThrow(RootHandleInTransactionError);
  });
});

describe('the edit that froze the server', () => {
  it('netadmin gives a user of the own network rights within the admin’s own, ten times at once; the server still answers', async () => {
    const netadmin = callAs(app, await loginAs(app, 'netadmin'));
    const created = await netadmin('POST', '/network-users', {
      username: 'billa.clerk',
      name: 'Billa Clerk',
      password: 'Quiet-Harbour-2931',
      roles: ['network'],
    });
    expect(created.statusCode).toBe(200);
    const target = body(created).data as { _id: string };
    const put = () => netadmin('PUT', `/network-users/${target._id}`, { exportDetails: { allowedNetworks: ['albert'] } });
    // A frozen server never answers: the test's own bound catches that; a slow answer under load is awaited.
    const answers = await Promise.all(Array.from({ length: 10 }, put));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const after = body(await put()).data;
    expect(after.exportDetails.allowedNetworks).toEqual(['albert']);
    const check = await within(
      1000,
      'GET /auth/check after the edits',
      app.inject({ method: 'GET', url: `/auth/check?token=${(await loginAs(app, 'admin')).token}` }),
    );
    expect(check.statusCode).toBe(200);
  });
});
