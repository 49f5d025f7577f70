import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileParamsSchema, fileQuerySchema } from '@pricewatch/shared/contract';
import { currentUser } from '../../plugins/auth';
import { CONTENT_TYPES, contentDisposition, downloadName } from '../../core/file-store';

/** GET /data/{file}?filename=&token= (spec "File download"), behind the auth guard. */
const filesRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { store, mayRead } = fastify.files;

  fastify.get('/data/:file', { schema: { params: fileParamsSchema, querystring: fileQuerySchema } }, async (request, reply) => {
    const { path: full, size, record } = await store.openFor(currentUser(request), request.params.file, mayRead);
    const ext = path.extname(record.name).toLowerCase();
    return reply
      .header('content-type', CONTENT_TYPES[ext] ?? 'application/octet-stream')
      .header('content-length', size)
      .header('content-disposition', contentDisposition(downloadName(record.name, request.query.filename)))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(full));
  });
};

export default filesRoutes;
