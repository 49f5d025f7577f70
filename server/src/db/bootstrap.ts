import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { hashPassword } from '../core/passwords';
import { PROVIDER_NETWORK } from '../demo/data';
import { seedDemo } from '../demo/seed';
import { seedDemoLeaflets } from '../areas/leaflets/demo';
import { leafletsDirOf } from '../areas/leaflets/pictures';
import type { Db } from './client';
import { networks, users } from './schema';

/**
 * First-start data: the demo set when DEMO is on, else the admin named by ADMIN_USERNAME and
 * ADMIN_PASSWORD. Both only ever fill an empty database. `indexLater`: the demo catalogue's price index is left
 * to the demo shops' start (demo-shops/setup.ts builds it once after aligning their networks' history).
 */
export async function bootstrapData(db: Db, config: Config, log: FastifyBaseLogger, opts: { indexLater?: boolean } = {}): Promise<void> {
  if (config.demo) {
    const started = Date.now();
    const seeded = await seedDemo(db, {
      catalogue: { products: config.demoProducts },
      onCatalogue: (r) => log.info({ ...r }, 'demo catalogue loaded'),
      indexLater: opts.indexLater,
    });
    if (seeded) log.info({ seconds: (Date.now() - started) / 1000 }, 'demo data seeded');
    // Demo leaflets (docs/leaflets.md "Demo data"): pictures under DATA_DIR/leaflets, so not in seedDemo.
    if (seeded && config.demoProducts > 0 && config.demoLeaflets) {
      // Extras of the demo: a machine that cannot render them (no fonts, no librsvg) still starts.
      const leafletsStarted = Date.now();
      try {
        const count = await seedDemoLeaflets(db, leafletsDirOf(config));
        log.info({ leaflets: count, seconds: (Date.now() - leafletsStarted) / 1000 }, 'demo leaflets seeded');
      } catch (err) {
        log.warn({ err }, 'demo leaflets not seeded');
      }
    }
  }
  if (config.admin && (await createFirstAdmin(db, config.admin, config.country))) {
    log.info({ username: config.admin.username }, 'first admin created');
  }
}

/** Creates the admin (and the provider network if missing) when no user exists; true if it did. */
export async function createFirstAdmin(db: Db, admin: { username: string; password: string }, country: string): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if (Number(existing?.n) > 0) return false;
  const passwordHash = await hashPassword(admin.password);
  await db.transaction(async (tx) => {
    await tx
      .insert(networks)
      .values({ ...PROVIDER_NETWORK, country, isProduct: true, leaflet: true })
      .onConflictDoNothing({ target: networks.code });
    const [provider] = await tx.select({ id: networks.id }).from(networks).where(eq(networks.code, PROVIDER_NETWORK.code));
    await tx.insert(users).values({
      username: admin.username,
      name: 'Admin',
      passwordHash,
      roles: ['admin'],
      isAdmin: true,
      networkId: provider!.id,
    });
  });
  return true;
}
