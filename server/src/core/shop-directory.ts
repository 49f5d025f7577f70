/**
 * Shops and networks in memory: a few hundred rows every catalogue call needs (names, networks,
 * countries, visibility). Read once, kept for DIRECTORY_TTL_MS, shared by all areas of one database;
 * code that changes shops or networks calls invalidate().
 */
import { asc, eq } from 'drizzle-orm';
import { exportDetailsSchema, type Currency, type ExportDetails } from '@pricewatch/shared/contract';
import type { Db } from '../db/client';
import { cityCodes, networks, parserMap, shops } from '../db/schema';
import { currencyOf } from '../lib/money';

export type DirShop = {
  id: number;
  code: string;
  name: string;
  networkId: number;
  network: string;
  networkName: string;
  city: string | null;
  cityName: string | null;
  address: string | null;
  country: string;
  currency: Currency;
};

export type DirNetwork = {
  id: number;
  code: string;
  name: string;
  country: string;
  currency: Currency;
  isProduct: boolean;
  leaflet: boolean;
  exportDetails: ExportDetails;
};

export type DirParserEntry = { code: string; name: string; networkId: number; shopId: number | null };

export type Directory = {
  shops: DirShop[];
  shopById: Map<number, DirShop>;
  shopByCode: Map<string, DirShop>;
  networks: DirNetwork[];
  networkById: Map<number, DirNetwork>;
  networkByCode: Map<string, DirNetwork>;
  parserMap: DirParserEntry[];
};

export const DIRECTORY_TTL_MS = 30_000;

async function load(db: Db): Promise<Directory> {
  const nets = await db.select().from(networks).orderBy(asc(networks.name), asc(networks.id));
  const shopRows = await db
    .select({
      id: shops.id,
      code: shops.code,
      name: shops.name,
      networkId: shops.networkId,
      city: shops.cityCode,
      cityName: cityCodes.name,
      address: shops.address,
      country: shops.country,
    })
    .from(shops)
    .leftJoin(cityCodes, eq(cityCodes.code, shops.cityCode));
  const parserEntries: DirParserEntry[] = await db
    .select({ code: parserMap.code, name: parserMap.name, networkId: parserMap.networkId, shopId: parserMap.shopId })
    .from(parserMap);
  const dirNetworks: DirNetwork[] = nets.map((n) => ({
    id: n.id,
    code: n.code,
    name: n.name,
    country: n.country,
    currency: currencyOf(n.country),
    isProduct: n.isProduct,
    leaflet: n.leaflet,
    // Stored partial: the defaults are filled on read.
    exportDetails: exportDetailsSchema.parse(n.exportDetails),
  }));
  const networkById = new Map(dirNetworks.map((n) => [n.id, n]));
  const dirShops: DirShop[] = shopRows
    .map((s) => {
      const n = networkById.get(s.networkId)!;
      return {
        id: s.id,
        code: s.code,
        name: s.name,
        networkId: s.networkId,
        network: n.code,
        networkName: n.name,
        city: s.city,
        cityName: s.cityName,
        address: s.address,
        country: s.country,
        currency: currencyOf(s.country),
      };
    })
    .sort((a, b) => a.networkName.localeCompare(b.networkName) || a.name.localeCompare(b.name) || a.id - b.id);
  return {
    shops: dirShops,
    shopById: new Map(dirShops.map((s) => [s.id, s])),
    shopByCode: new Map(dirShops.map((s) => [s.code, s])),
    networks: dirNetworks,
    networkById,
    networkByCode: new Map(dirNetworks.map((n) => [n.code, n])),
    parserMap: parserEntries,
  };
}

export type ShopDirectory = { get(): Promise<Directory>; invalidate(): void };

const directories = new WeakMap<Db, ShopDirectory>();

/** The one directory of this database (every area asks for it with its db). */
export function shopDirectory(db: Db): ShopDirectory {
  let dir = directories.get(db);
  if (!dir) {
    let cached: { at: number; value: Promise<Directory> } | null = null;
    dir = {
      get() {
        if (!cached || Date.now() - cached.at > DIRECTORY_TTL_MS) {
          const value = load(db);
          cached = { at: Date.now(), value };
          value.catch(() => (cached = null));
        }
        return cached.value;
      },
      invalidate() {
        cached = null;
      },
    };
    directories.set(db, dir);
  }
  return dir;
}
