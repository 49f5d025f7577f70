/**
 * Opens the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), brings it to the latest
 * migration and fills it when empty (demo data or the first admin), all before any route answers.
 */
import fp from 'fastify-plugin';
import { openDatabase, type Db } from '../db/client';
import { bootstrapData } from '../db/bootstrap';
import { parseLsn, runWithReadRoute, WAL_COOKIE, type ReadRoute, type RoutingPool } from '../db/read-replicas';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** With DATABASE_READ_URL: the routing pool (db/read-replicas.ts); null otherwise. */
    readRouting: RoutingPool | null;
  }
  interface FastifyRequest {
    readRoute?: ReadRoute;
  }
  interface FastifyContextConfig {
    /** A GET that must read from the primary (it writes through raw SQL, or must see other sessions' writes at once). */
    primary?: boolean;
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
      readUrls: config.databaseReadUrls,
    });
    fastify.addHook('onClose', () => database.close());
    await database.exclusive(async () => {
      await database.migrate(opts.migrationsFolder);
      // The demo shops align whole networks' history at start and build the price index then (not twice).
      await bootstrapData(database.db, config, fastify.log, { indexLater: config.demo && config.demoShops });
    });
    fastify.decorate('db', database.db);
    fastify.decorate('readRouting', database.readRouting);
    const routing = database.readRouting;
    if (routing) {
      // Which pool each statement of a request uses: db/read-replicas.ts.
      fastify.addHook('onRequest', (request, _reply, done) => {
        const read = (request.method === 'GET' || request.method === 'HEAD') && !request.routeOptions.config?.primary;
        request.readRoute = { replica: read, wrote: !read, minLsn: parseLsn(request.cookies?.[WAL_COOKIE]) };
        runWithReadRoute(request.readRoute, done);
      });
      // Reading a body can lose the async context: enter it again before the handler.
      fastify.addHook('preHandler', (request, _reply, done) => (request.readRoute ? runWithReadRoute(request.readRoute, done) : done()));
      fastify.addHook('onSend', async (request, reply, payload) => {
        // The primary gone right after the write: the answer stands, the next read goes where it can.
        const lsn = request.readRoute?.wrote ? await routing.primaryLsn().catch(() => null) : null;
        if (lsn) reply.setCookie(WAL_COOKIE, lsn, { path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' });
        return payload;
      });
    }
  },
  { name: 'db', dependencies: ['config'] },
);
