import { asc, eq, inArray } from 'drizzle-orm';
import type { AvailableShop } from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import { cityCodes, networks, shops } from '../../db/schema';

export function createUtilsQueries(db: Db) {
  return {
    async cityCodes(): Promise<Record<string, string>> {
      const rows = await db.select().from(cityCodes).orderBy(asc(cityCodes.code));
      return Object.fromEntries(rows.map((r) => [r.code, r.name]));
    },

    /** Shops of the given networks (by code), or of every network when networkCodes is null. */
    async shops(networkCodes: string[] | null): Promise<AvailableShop[]> {
      const rows = await db
        .select({
          id: shops.id,
          code: shops.code,
          name: shops.name,
          network: networks.code,
          networkName: networks.name,
          city: shops.cityCode,
          country: shops.country,
        })
        .from(shops)
        .innerJoin(networks, eq(networks.id, shops.networkId))
        .where(networkCodes ? inArray(networks.code, networkCodes) : undefined)
        .orderBy(asc(networks.name), asc(shops.name), asc(shops.id));
      return rows.map(({ id, ...r }) => ({ _id: String(id), ...r }));
    },
  };
}

export type UtilsQueries = ReturnType<typeof createUtilsQueries>;
