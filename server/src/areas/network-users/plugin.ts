/** Wires users management (spec §7 "Users") into the app: the service, built once, as `fastify.networkUsers`. */
import fp from 'fastify-plugin';
import { createNetworkUsersQueries } from './queries';
import { createNetworkUsersService, type NetworkUsersService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    networkUsers: { service: NetworkUsersService };
  }
}

export default fp(
  async function networkUsers(fastify) {
    fastify.decorate('networkUsers', { service: createNetworkUsersService(createNetworkUsersQueries(fastify.db)) });
  },
  { name: 'network-users', dependencies: ['db'] },
);
