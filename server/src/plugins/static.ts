/**
 * The built front ends on the API's origin (docs/conventions.md): the host shell at / (its
 * /assets/i18n included) and each remote at /remotes/{name}/ — from remote-{name}/dist, or from the
 * folder REMOTE_DIR_<NAME> names. A remote's folder is served even when it is missing or empty at
 * start, so a remote can be released into it later without restarting (README "Releasing a remote");
 * a missing host dist/ is skipped, so the API runs (and is tested) without built front ends.
 * Builds write `<file>.gz` beside text files; browsers that accept gzip get those (preCompressed).
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

/** `dirs` with some remotes served from other folders (REMOTE_DIR_<NAME>). */
export function withRemoteDirs(dirs: StaticDirs, overrides: Partial<Record<string, string>>): StaticDirs {
  const remotes = { ...dirs.remotes };
  for (const [name, dir] of Object.entries(overrides)) if (dir) remotes[name] = dir;
  return { ...dirs, remotes };
}

export async function registerStatic(fastify: FastifyInstance, dirs: StaticDirs) {
  const roots = Object.entries(dirs.remotes).map(([name, dir]) => ({ prefix: `/remotes/${name}/`, root: dir, always: true }));
  if (dirs.host) roots.push({ prefix: '/', root: dirs.host, always: false });
  for (const { prefix, root, always } of roots) {
    if (!always && !existsSync(root)) continue;
    await fastify.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      wildcard: true,
      preCompressed: true,
      // A remote not released yet is a 404 until it is; no warning at every start.
      suppressWarning: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlFor(file)),
    });
  }
}
