/**
 * Wires file downloads (spec "File download") into the app: the file store and who may read which
 * file (readers.ts), built once, as `fastify.files`. The route rules are asked at each download: the
 * access plugin registers after the areas.
 */
import fp from 'fastify-plugin';
import { createFileStore, filesDirFor, type FileStore } from '../../core/file-store';
import { createFileReaders, type FileReader } from './readers';

declare module 'fastify' {
  interface FastifyInstance {
    files: { store: FileStore; mayRead: FileReader };
  }
}

export default fp(
  async function files(fastify) {
    const mayRead = createFileReaders({
      exportQueries: fastify.exports.queries,
      ruleFor: (m, u) => fastify.accessRuleFor(m, u),
      country: fastify.config.country,
    });
    fastify.decorate('files', { store: createFileStore(fastify.db, filesDirFor(fastify.config.dataDir)), mayRead });
  },
  { name: 'files', dependencies: ['config', 'db', 'exports'] },
);
