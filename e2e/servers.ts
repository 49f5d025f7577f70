/**
 * Playwright's global setup (playwright.config.ts): starts the product's servers side by side and waits
 * until each answers. Playwright's own webServer list starts them one after another, so the run waited
 * for three demo seedings in a row. Returns the teardown that stops them and removes their data dirs
 * (~1 GB each with the demo data: left in the temp dir, a few runs fill the disk).
 *
 * Servers that name the same `data` start from copies of one data dir, prepared once: the demo seeding
 * and the demo shops' first start (their networks' history aligned, the price index built) are the same
 * for the main and the Polish server — the seed reads no country but the first admin's, and there is no
 * admin here — and were most of each start's CPU (the Polish server: 111 s before it answered, its first
 * parser runs 12 s more). Each then starts as that server's second start of the day would: nothing seeded
 * or aligned again, offers pointed at its own demo shops, and its first parser runs crawl them as before
 * (the preparing server runs no parser).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVED_REMOTES, SERVERS, WORKSPACE } from './playwright.config';

/**
 * A server as `npm start` runs it (scripts/run.mjs serve), on a fresh data dir, with this environment on top;
 * `data` names a data dir prepared once for every server naming it (their seeding settings must agree).
 */
export type Server = { port: number; env: Record<string, string>; data?: string };

/** How long all of them together may take to answer (seeding the demo data on a busy two-core machine). */
const START_TIMEOUT_MS = Number(process.env.PRICEWATCH_E2E_START_TIMEOUT_MS || 360_000);

/** What the start-up fill reads (server/src/db/bootstrap.ts, as the jest goldens' key): servers sharing data agree on these. */
const SEEDING_ENV = ['DEMO', 'DEMO_PRODUCTS', 'DEMO_LEAFLETS', 'DEMO_SHOPS', 'ADMIN_USERNAME', 'ADMIN_PASSWORD'];

/** True while a process of that group is still running. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // PRICEWATCH_E2E_REUSE=1: servers already answering on these ports (started by `tsx servers.ts`, below) are
  // used as they are, with the data earlier runs left, and left running: a spec alone then runs in seconds, not
  // after minutes of seeding. Unset (npm test), the run starts its own servers on fresh data.
  const ports = SERVERS.map((s) => s.port);
  if (process.env.PRICEWATCH_E2E_REUSE && (await Promise.all(ports.map((p) => answers(`http://127.0.0.1:${p}/deployment.json`)))).every(Boolean)) {
    return async () => {};
  }
  return startServers(WORKSPACE, SERVERS);
}

// `../server/node_modules/.bin/tsx servers.ts` (in e2e/, PRICEWATCH_E2E_PORT as the runs will have it): starts the servers and keeps them
// until Ctrl-C, for runs with PRICEWATCH_E2E_REUSE=1 and the PRICEWATCH_E2E_REMOTES it prints (the remotes'
// copies the Polish server serves, which release.spec and deployment-failures.spec change).
if (require.main === module) {
  startServers(WORKSPACE, SERVERS).then((stop) => {
    console.log(`e2e servers answering on ${SERVERS.map((s) => s.port).join(', ')}; Ctrl-C stops them`);
    console.log(`PRICEWATCH_E2E_REUSE=1 PRICEWATCH_E2E_REMOTES=${SERVED_REMOTES}`);
    process.once('SIGINT', () => stop().then(() => process.exit(0)));
    process.once('SIGTERM', () => stop().then(() => process.exit(0)));
  });
}

async function startServers(workspace: string, servers: Server[]): Promise<() => Promise<void>> {
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  const stopChild = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // Its own process group: the stop reaches `run.mjs serve` and the tsx server it starts.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        resolve();
      }
    });
  const stop = async () => {
    await Promise.all(children.map(stopChild));
    // The remotes' copies the Polish server served (playwright.config.ts) go too: a hundred runs had left theirs.
    await Promise.all([...dataDirs, SERVED_REMOTES].map((dir) => rm(dir, { recursive: true, force: true })));
  };
  process.once('exit', () => children.forEach((c) => c.pid && c.exitCode === null && process.kill(-c.pid, 'SIGKILL')));

  const deadline = Date.now() + START_TIMEOUT_MS;
  const newDataDir = (label: string) => {
    const dir = mkdtempSync(join(tmpdir(), `pw-e2e-${label}-`));
    dataDirs.push(dir);
    return dir;
  };
  /** Starts a server on that data dir and resolves once it answers. */
  const start = async (port: number, env: Record<string, string>, dataDir: string): Promise<ChildProcess> => {
    const url = `http://127.0.0.1:${port}/deployment.json`;
    // A server already answering here (one an interrupted run left: SIGTERM skips the exit hook above) would
    // take the tests while ours failed to listen, its data not fresh: stop instead, saying so.
    if (await answers(url)) throw new Error(`a server already answers on :${port} (left by an earlier run?): stop it first`);
    const child = spawn(process.execPath, [join(workspace, 'scripts', 'run.mjs'), 'serve'], {
      cwd: join(workspace, 'e2e'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO: '1', COUNTRY: 'cz', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[server :${port}] ${chunk}`));
    let exited: string | null = null;
    child.once('exit', (code, signal) => (exited = `exited (${code ?? signal})`));
    // Asks again each half second until it answers, stops, or the time is up.
    while (!(await answers(url))) {
      if (exited) throw new Error(`the server on :${port} ${exited} before answering`);
      if (Date.now() > deadline) throw new Error(`the server on :${port} did not answer within ${START_TIMEOUT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 500));
    }
    return child;
  };

  /** The data dir a group of servers copies: made by one start of the first one's settings, then stopped. */
  const prepared = new Map<string, Promise<string>>();
  const prepare = (name: string, first: Server): Promise<string> => {
    if (!prepared.has(name)) {
      const group = servers.filter((s) => s.data === name);
      for (const other of group) {
        const differs = SEEDING_ENV.filter((v) => other.env[v] !== first.env[v]);
        if (differs.length) throw new Error(`servers :${first.port} and :${other.port} share data "${name}" but differ in ${differs.join(', ')}`);
      }
      prepared.set(
        name,
        (async () => {
          const dir = newDataDir(`prepared-${name}`);
          // No parser runs: each server makes its own first runs against its own demo shops.
          const child = await start(first.port, { ...first.env, PARSERS_WORKER: '0', DEMO_SHOPS: first.env.DEMO_SHOPS ?? '1' }, dir);
          await stopChild(child);
          // The copies are made once the server itself (tsx's child, in the same group) has closed its database.
          while (groupAlive(child.pid!)) await new Promise((r) => setTimeout(r, 100));
          return dir;
        })(),
      );
    }
    return prepared.get(name)!;
  };

  try {
    // The data dir each server of a group starts on: copies of the prepared one, and the group's last server
    // the prepared dir itself (removed by the teardown like the others): one copy of ~650 MB fewer.
    const dataDirOf = new Map<Server, Promise<string>>();
    for (const name of new Set(servers.flatMap((s) => (s.data ? [s.data] : [])))) {
      const group = servers.filter((s) => s.data === name);
      const dirs = prepare(name, group[0]).then((source) => [
        ...group.slice(0, -1).map((s) => {
          const dir = newDataDir(String(s.port));
          cpSync(source, dir, { recursive: true });
          return dir;
        }),
        source,
      ]);
      group.forEach((s, i) =>
        dataDirOf.set(
          s,
          dirs.then((d) => d[i]),
        ),
      );
    }
    await Promise.all(
      servers.map(async (server) => {
        const dataDir = dataDirOf.get(server) ? await dataDirOf.get(server)! : newDataDir(String(server.port));
        await start(server.port, server.env, dataDir);
      }),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}
