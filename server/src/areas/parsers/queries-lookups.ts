/**
 * The directory rows the parsers' rules look up (typed builder): which networks a user's codes name, a
 * shop's network and country, a network's code, a product's country. Read from the database at each
 * call, not the cached shop directory, so a shop or network created a moment ago is known at once.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { networks, products, shops } from '../../db/schema';

export type ShopForParser = Pick<typeof shops.$inferSelect, 'id' | 'networkId' | 'country'>;

export function createParserLookups(db: Db) {
  return {
    /** Ids of the networks with these codes (codes that name none are left out). */
    async networkIdsByCodes(codes: string[]): Promise<number[]> {
      const rows = await db.select({ id: networks.id }).from(networks).where(inArray(networks.code, codes));
      return rows.map((r) => r.id);
    },

    async networkIdByCode(code: string): Promise<number | null> {
      const [row] = await db.select({ id: networks.id }).from(networks).where(eq(networks.code, code)).limit(1);
      return row?.id ?? null;
    },

    async networkCode(id: number): Promise<string | null> {
      const [row] = await db.select({ code: networks.code }).from(networks).where(eq(networks.id, id)).limit(1);
      return row?.code ?? null;
    },

    async shop(id: number): Promise<ShopForParser | null> {
      const [row] = await db.select({ id: shops.id, networkId: shops.networkId, country: shops.country }).from(shops).where(eq(shops.id, id)).limit(1);
      return row ?? null;
    },

    /** These shops' networks (ids that name no shop are left out); the sanity guard asks inside its transaction. */
    shopNetworks: (ids: number[], tx: Db = db): Promise<{ id: number; networkId: number }[]> =>
      tx.select({ id: shops.id, networkId: shops.networkId }).from(shops).where(inArray(shops.id, ids)),

    async productCountry(id: number): Promise<string | null> {
      const [row] = await db.select({ country: products.country }).from(products).where(eq(products.id, id)).limit(1);
      return row?.country ?? null;
    },
  };
}
