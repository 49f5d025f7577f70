/**
 * Files the server writes for users (product exports now; export requests and parser results next):
 * kept in DATA_DIR/files/ under a generated name and recorded in the `files` table with their kind,
 * owner and network. GET /data/{file} (routes.ts) serves them to those readers.ts lets read them.
 * Reuse: `files.create(kind, user, ext)` gives a (temporary) path to write to, `commit()` records it once
 * written.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files } from '../db/schema';
import { forbidden, notFound, validationFailed } from '../lib/errors';
import type { AuthUser } from './session-user';

/** Names the server generates: kind-YYYYMMDD-random.ext (letters, digits, dot, dash, underscore). */
export const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,80}(\.[A-Za-z0-9]{1,8})?$/;

export const CONTENT_TYPES: Record<string, string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
};

/** Where files live: DATA_DIR/files, or a temp folder when the database is in memory (tests). */
export function filesDirFor(dataDir: string): string {
  // One folder per process in tests: a starting app removes the half-written files it finds (exports/runner.ts).
  return dataDir.startsWith('memory://') ? path.join(tmpdir(), `pricewatch-files-${process.pid}`) : path.join(dataDir, 'files');
}

export type FileRecord = typeof files.$inferSelect;

export function createFileStore(db: Db, dir: string) {
  const folder = path.resolve(dir);

  /** The absolute path of a stored name; 400 for anything that could leave the folder. */
  function pathOf(name: string): string {
    if (!FILE_NAME.test(name) || name.includes('..')) {
      throw validationFailed([{ path: 'file', message: 'invalid file name' }]);
    }
    const full = path.resolve(folder, name);
    if (path.dirname(full) !== folder) throw validationFailed([{ path: 'file', message: 'invalid file name' }]);
    return full;
  }

  return {
    folder,
    pathOf,

    /**
     * A new name for a file of this kind written for `user`, and the path to write it to: `tmp/<name>.part`,
     * so a writer killed midway leaves only a `.part` file, which the next start removes (exports/runner.ts
     * sweepParts). commit() records the file, then moves it to its name: a crash in between leaves a
     * record without a file (404), never a file that nothing names.
     */
    async create(kind: string, user: AuthUser, extension: string) {
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      const name = `${kind}-${day}-${randomBytes(12).toString('hex')}${extension}`;
      const full = pathOf(name);
      const part = path.join(folder, 'tmp', `${name}.part`);
      await mkdir(path.dirname(part), { recursive: true });
      return {
        name,
        path: part,
        commit: async () => {
          const { size } = await stat(part);
          await db.insert(files).values({ name, kind, ownerId: user.id, networkId: user.networkId, provider: user.isProvider, size });
          await rename(part, full);
          return size;
        },
        discard: async () => {
          await rm(part, { force: true });
          await rm(full, { force: true });
        },
      };
    },

    /**
     * The file a user asks for, after the checks: 400 bad name, 404 unknown or gone, 403 when `mayRead`
     * (readers.ts: those who may read the request that made it) says no.
     */
    async openFor(
      user: AuthUser,
      name: string,
      mayRead: (user: AuthUser, record: FileRecord) => Promise<boolean>,
    ): Promise<{ record: FileRecord; path: string; size: number }> {
      const full = pathOf(name);
      const [record] = await db.select().from(files).where(eq(files.name, name));
      if (!record) throw notFound('file');
      if (!(await mayRead(user, record))) throw forbidden();
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) throw notFound('file');
      return { record, path: full, size: info.size };
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

/**
 * The name a download is saved under: the `filename` asked for (path parts and control characters
 * removed; the stored extension added when it has none) or the stored name.
 */
export function downloadName(stored: string, asked: string | undefined): string {
  const ext = path.extname(stored);
  const clean = (asked ?? '')
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '_')
    .replace(/^[.\s_]+/, '')
    .trim()
    .slice(0, 150);
  if (!clean) return stored;
  return path.extname(clean) ? clean : `${clean}${ext}`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
