/**
 * Shops and networks in memory: a few hundred rows every catalogue call needs (names, networks,
 * countries, visibility). Read once, kept for DIRECTORY_TTL_MS, shared by all areas of one database;
 * code that changes shops or networks calls invalidate().
 */
import { sql } from 'drizzle-orm';
import { exportDetailsSchema, type Currency, type ExportDetails } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../db/client';
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
  const networks = await queryRows<{
    id: number;
    code: string;
    name: string;
    country: string;
    is_product: boolean;
    leaflet: boolean;
    export_details: unknown;
  }>(db, sql`SELECT id, code, name, country, is_product, leaflet, export_details FROM networks ORDER BY name, id`);
  const shops = await queryRows<{
    id: number;
    code: string;
    name: string;
    network_id: number;
    city: string | null;
    city_name: string | null;
    address: string | null;
    country: string;
  }>(
    db,
    sql`SELECT s.id, s.code, s.name, s.network_id, s.city_code AS city, c.name AS city_name, s.address, s.country
        FROM shops s LEFT JOIN city_codes c ON c.code = s.city_code`,
  );
  const parserMap = await queryRows<{ code: string; name: string; network_id: number; shop_id: number | null }>(
    db,
    sql`SELECT code, name, network_id, shop_id FROM parser_map`,
  );
  const nets: DirNetwork[] = networks.map((n) => ({
    id: n.id,
    code: n.code,
    name: n.name,
    country: n.country,
    currency: currencyOf(n.country),
    isProduct: n.is_product,
    leaflet: n.leaflet,
    exportDetails: exportDetailsSchema.parse(n.export_details ?? {}),
  }));
  const networkById = new Map(nets.map((n) => [n.id, n]));
  const dirShops: DirShop[] = shops
    .map((s) => {
      const n = networkById.get(s.network_id)!;
      return {
        id: s.id,
        code: s.code,
        name: s.name,
        networkId: s.network_id,
        network: n.code,
        networkName: n.name,
        city: s.city,
        cityName: s.city_name,
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
    networks: nets,
    networkById,
    networkByCode: new Map(nets.map((n) => [n.code, n])),
    parserMap: parserMap.map((p) => ({ code: p.code, name: p.name, networkId: p.network_id, shopId: p.shop_id })),
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
