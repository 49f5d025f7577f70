/**
 * The built front ends on the API's origin (docs/conventions.md): the host shell at / (its
 * /assets/i18n included) and each remote at /remotes/{name}/. A missing dist/ is skipped, so the API
 * runs (and is tested) without built front ends.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export type StaticDirs = {
  host: string | null;
  /** remote name → its dist directory */
  remotes: Record<string, string>;
};

const CONTENT_HASH = /\.[0-9a-f]{8,}\./;

/** Hashed file names never change content; everything else must be revalidated (ETag) on each use. */
export function cacheControlFor(file: string): string {
  return CONTENT_HASH.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function registerStatic(fastify: FastifyInstance, dirs: StaticDirs) {
  const roots = Object.entries(dirs.remotes).map(([name, dir]) => ({ prefix: `/remotes/${name}/`, root: dir }));
  if (dirs.host) roots.push({ prefix: '/', root: dirs.host });
  for (const { prefix, root } of roots) {
    if (!existsSync(root)) continue;
    await fastify.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlFor(file)),
    });
  }
}
