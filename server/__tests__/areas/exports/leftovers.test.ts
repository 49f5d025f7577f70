/**
 * Half-written export files left by a writer that was killed (kill -9 mid-export leaves
 * `files/tmp/*.part`): a start removes what no live writer owns (issue 13, item 8). Every user file is
 * written that way, not only export requests: a products export killed midway used to stay in
 * `files/` for ever, with no record naming it.
 */
import { mkdirSync, existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createFileStore, filesDirFor } from '../../../src/core/file-store';
import type { AuthUser } from '../../../src/core/session-user';
import type { Db } from '../../../src/db/client';
import { STALE_SECONDS } from '../../../src/areas/exports/runner';
import { build, onPostgres } from '../../helpers/build';

it('a start removes the .part files of a dead writer and keeps a live one’s', async () => {
  const tmp = path.join(filesDirFor('memory://'), 'tmp');
  mkdirSync(tmp, { recursive: true });
  const dead = path.join(tmp, 'export-dead.part');
  const live = path.join(tmp, 'export-live.part');
  writeFileSync(dead, Buffer.alloc(1024 * 1024));
  writeFileSync(live, 'being written');
  // The dead writer stopped touching its file long ago; the live one wrote a moment ago.
  const old = new Date(Date.now() - (STALE_SECONDS + 60) * 1000);
  utimesSync(dead, old, old);

  const app = await build();
  try {
    expect(existsSync(dead)).toBe(false);
    // PGlite: one process per database, so at its start no writer can be alive — everything goes.
    // PostgreSQL: other processes may be writing; only files untouched for STALE_SECONDS go.
    expect(existsSync(live)).toBe(onPostgres());
  } finally {
    await app.close();
    // The folder is this process's: later test files in it must not find our "live" writer's file.
    rmSync(live, { force: true });
  }
});

it('a start removes what a killed writer of any user file left (product, leaflet, alarm exports…)', async () => {
  const store = createFileStore(null as unknown as Db, filesDirFor('memory://'));
  const user = { id: '00000000-0000-4000-8000-000000000001', networkId: null, isProvider: true } as unknown as AuthUser;
  const written: string[] = [];
  for (const kind of ['products', 'leaflets', 'price-alarms', 'promo-analysis', 'parser-run']) {
    // What the writer had put on disk when it was killed: part of a workbook, never committed.
    const target = await store.create(kind, user, '.xlsx');
    writeFileSync(target.path, Buffer.alloc(256 * 1024));
    const old = new Date(Date.now() - (STALE_SECONDS + 60) * 1000);
    utimesSync(target.path, old, old);
    written.push(target.path);
  }
  const app = await build();
  try {
    expect(written.filter((f) => existsSync(f))).toEqual([]);
  } finally {
    await app.close();
  }
});
