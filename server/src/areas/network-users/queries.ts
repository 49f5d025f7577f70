import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { networks, sessions, shops, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NetworkRow = typeof networks.$inferSelect;
export type UserWithNetwork = { user: UserRow; network: NetworkRow | null };
/** Read or write through the app's db or inside a transaction. */
export type Q = Db | Tx;

export function createNetworkUsersQueries(db: Db) {
  const withNetwork = (q: Q) => q.select({ user: users, network: networks }).from(users).leftJoin(networks, eq(networks.id, users.networkId));

  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    async networkByCode(code: string, q: Q = db): Promise<NetworkRow | null> {
      const rows = await q.select().from(networks).where(eq(networks.code, code)).limit(1);
      return rows[0] ?? null;
    },

    async networkById(id: number, q: Q = db): Promise<NetworkRow | null> {
      const rows = await q.select().from(networks).where(eq(networks.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async existingNetworkCodes(codes: string[], q: Q = db): Promise<Set<string>> {
      if (!codes.length) return new Set();
      const rows = await q.select({ code: networks.code }).from(networks).where(inArray(networks.code, codes));
      return new Set(rows.map((r) => r.code));
    },

    /** Shop code → its network code, for the codes that exist. */
    async shopNetworks(codes: string[], q: Q = db): Promise<Map<string, string>> {
      if (!codes.length) return new Map();
      const rows = await q
        .select({ code: shops.code, network: networks.code })
        .from(shops)
        .innerJoin(networks, eq(networks.id, shops.networkId))
        .where(inArray(shops.code, codes));
      return new Map(rows.map((r) => [r.code, r.network]));
    },

    async listByNetwork(networkId: number, q: Q = db): Promise<UserWithNetwork[]> {
      return withNetwork(q)
        .where(eq(users.networkId, networkId))
        .orderBy(asc(sql`lower(${users.username})`));
    },

    async listAll(q: Q = db): Promise<UserWithNetwork[]> {
      return withNetwork(q).orderBy(asc(networks.name), asc(sql`lower(${users.username})`));
    },

    /** Locks the row inside a transaction so two edits of one user do not interleave. */
    async findById(id: string, q: Q = db, lock = false): Promise<UserWithNetwork | null> {
      const query = withNetwork(q).where(eq(users.id, id)).limit(1);
      const rows = lock ? await query.for('update', { of: users }) : await query;
      return rows[0] ?? null;
    },

    async usernameTaken(username: string, exceptId: string | null, q: Q = db): Promise<boolean> {
      const cond = eq(sql`lower(${users.username})`, username.toLowerCase());
      const rows = await q
        .select({ id: users.id })
        .from(users)
        .where(exceptId ? and(cond, ne(users.id, exceptId)) : cond)
        .limit(1);
      return rows.length > 0;
    },

    async insert(values: typeof users.$inferInsert, q: Q = db): Promise<UserRow> {
      const [row] = await q.insert(users).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<typeof users.$inferInsert>, q: Q = db): Promise<UserRow> {
      const [row] = await q
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },

    async delete(id: string, q: Q = db): Promise<void> {
      await q.delete(users).where(eq(users.id, id));
    },

    /** Ends every session of the user, except the one named (the caller's own). */
    async endSessions(userId: string, exceptTokenHash: string | null, q: Q = db): Promise<void> {
      await q.delete(sessions).where(exceptTokenHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, exceptTokenHash)) : eq(sessions.userId, userId));
    },
  };
}

export type NetworkUsersQueries = ReturnType<typeof createNetworkUsersQueries>;
