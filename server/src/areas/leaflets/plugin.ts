/**
 * Wires leaflets into the app (issue 15 item 2): the picture store, the service and recognition (the
 * `leaflets.recognise` job, recognition.ts), built once. Routes use `fastify.leaflets`; recognition
 * reads suggested products through `fastify.products`.
 */
import { rm } from 'node:fs/promises';
import fp from 'fastify-plugin';
import { createFileStore, filesDirFor } from '../../core/file-store';
import { createPictureStore, leafletsDirOf, type PictureStore } from './pictures';
import { createRecognition } from './recognition';
import { createLeafletsService, type LeafletsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    leaflets: { service: LeafletsService; pictures: PictureStore; recognition: Awaited<ReturnType<typeof createRecognition>> };
  }
}

export default fp(
  async function leaflets(fastify) {
    const dir = leafletsDirOf(fastify.config);
    const pictures = createPictureStore(dir);
    const service = createLeafletsService(fastify.db, pictures, createFileStore(fastify.db, filesDirFor(fastify.config.dataDir)));
    const recognition = await createRecognition(fastify, pictures, service);
    fastify.decorate('leaflets', { service, pictures, recognition });
    if (fastify.config.dataDir.startsWith('memory://')) {
      // An in-memory database's pictures live as long as it does.
      fastify.addHook('onClose', async () => {
        await rm(dir, { recursive: true, force: true });
      });
    }
  },
  { name: 'leaflets', dependencies: ['config', 'db', 'jobs', 'products'] },
);
