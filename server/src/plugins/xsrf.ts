/**
 * Double-submit anti-forgery check (docs/conventions.md): the server hands out a random XSRF-TOKEN
 * cookie readable by the page; every state-changing request must echo it in X-XSRF-TOKEN. Another site
 * can make the browser send the cookie but cannot read it, so it cannot forge the header.
 * It runs on every route before anything else, login included.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { XSRF_COOKIE, XSRF_HEADER } from '@pricewatch/shared/contract';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADER = XSRF_HEADER.toLowerCase();

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export default fp(
  async function xsrf(fastify) {
    fastify.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[XSRF_COOKIE];
      if (!cookie) {
        reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
          path: '/',
          sameSite: 'strict',
          httpOnly: false,
          secure: request.protocol === 'https',
        });
      }
      if (SAFE_METHODS.has(request.method)) return;
      const header = request.headers[HEADER];
      if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
        throw new AppError(403, 'xsrf_failed');
      }
    });
  },
  { name: 'xsrf', dependencies: ['@fastify/cookie'] },
);
