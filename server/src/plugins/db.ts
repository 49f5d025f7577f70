/**
 * Opens the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), brings it to the latest
 * migration and fills it when empty (demo data or the first admin), all before any route answers.
 */
import fp from 'fastify-plugin';
import { openDatabase, type Db } from '../db/client';
import { bootstrapData } from '../db/bootstrap';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export default fp<{ migrationsFolder: string }>(
  async function db(fastify, opts) {
    const { config } = fastify;
    const database = await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      timeouts: config.databaseTimeouts,
    });
    fastify.addHook('onClose', () => database.close());
    await database.exclusive(async () => {
      await database.migrate(opts.migrationsFolder);
      await bootstrapData(database.db, config, fastify.log);
    });
    fastify.decorate('db', database.db);
  },
  { name: 'db', dependencies: ['config'] },
);
