import { createHash } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cityCodes, networks, shops, users } from '../db/schema';
import { hashPassword } from '../core/passwords';
import { CITIES, DEMO_PASSWORD, NETWORKS, USERS } from './data';
import { DEMO_SIZE, type CatalogueSize } from './catalogue/generator';
import { loadCatalogue, type LoadResult } from './catalogue/load';

/** The demo logins, for main.ts's start-up table (all share DEMO_PASSWORD). */
export const DEMO_USERS = USERS.map(({ username, description }) => ({ username, password: DEMO_PASSWORD, description }));

/** Same id on every seeded database, so links and test fixtures stay stable across runs. */
export function demoUuid(name: string): string {
  const h = createHash('sha256').update(`pricewatch-demo:${name}`).digest('hex');
  // RFC 9562 version 8 (custom) with the RFC variant bits.
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [n] = await db.select({ n: count() }).from(networks);
  const [u] = await db.select({ n: count() }).from(users);
  return Number(n?.n) === 0 && Number(u?.n) === 0;
}

export type SeedOptions = {
  /** Catalogue size over DEMO_SIZE (products, shops…); `false` = networks, shops and users only. */
  catalogue?: Partial<CatalogueSize> | false;
  /** Last day of the price history (day number); default today. */
  endDay?: number;
  /** Told how the catalogue load went. */
  onCatalogue?: (result: LoadResult) => void;
  /** The price index is built by the caller later (LoadOptions.indexLater). */
  indexLater?: boolean;
};

/**
 * Fills an empty database with the demo data set (deterministic for a given seed and end day): networks,
 * shops, users, then the catalogue (docs/catalogue.md "Demo data"), all in one transaction.
 * Returns false, touching nothing, when the database already holds networks or users.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const hashes = await Promise.all(USERS.map(() => hashPassword(DEMO_PASSWORD)));

  await db.transaction(async (tx) => {
    // The catalogue's bulk inserts may outlast the server's per-statement timeout (db/client.ts).
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.insert(cityCodes).values(CITIES);
    const inserted = await tx
      .insert(networks)
      .values(
        NETWORKS.map((n) => ({
          code: n.code,
          name: n.name,
          country: n.country,
          isProduct: n.isProduct ?? false,
          leaflet: n.leaflet ?? false,
          exportDetails: n.exportDetails ?? {},
        })),
      )
      .returning({ id: networks.id, code: networks.code });
    const networkId = new Map(inserted.map((n) => [n.code, n.id]));

    const shopRows = NETWORKS.flatMap((n) =>
      n.shops.map((s) => ({
        code: s.code,
        name: s.name,
        networkId: networkId.get(n.code)!,
        cityCode: s.city,
        address: s.address,
        country: n.country,
      })),
    );
    await tx.insert(shops).values(shopRows);

    await tx.insert(users).values(
      USERS.map((u, i) => ({
        id: demoUuid(`user:${u.username}`),
        username: u.username,
        name: u.name,
        passwordHash: hashes[i]!,
        roles: u.roles,
        isAdmin: u.isAdmin ?? false,
        isGuest: u.isGuest ?? false,
        isOperatorAdmin: u.isOperatorAdmin ?? false,
        isMetro: u.isMetro ?? false,
        isAshan: u.isAshan ?? false,
        networkId: networkId.get(u.network)!,
      })),
    );

    if (opts.catalogue !== false) {
      const result = await loadCatalogue(tx, { ...DEMO_SIZE, ...opts.catalogue }, { endDay: opts.endDay, indexLater: opts.indexLater });
      opts.onCatalogue?.(result);
    }
  });
  return true;
}
