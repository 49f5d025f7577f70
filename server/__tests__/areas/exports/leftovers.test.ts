/**
 * Half-written export files left by a writer that was killed (kill -9 mid-export leaves
 * `files/tmp/*.part`): a start removes what no live writer owns (issue 13, item 8).
 */
import { mkdirSync, existsSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { filesDirFor } from '../../../src/areas/files/store';
import { STALE_SECONDS } from '../../../src/areas/exports/runner';
import { build, onPostgres } from '../../helpers/build';

jest.setTimeout(60_000);

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
  }
});
