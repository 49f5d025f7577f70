/**
 * Playwright's global setup (playwright.config.ts): starts the product's servers side by side and waits
 * until each answers. Playwright's own webServer list starts them one after another, so the run waited
 * for three demo seedings in a row. Returns the teardown that stops them and removes their data dirs
 * (~1 GB each with the demo data: left in the temp dir, a few runs fill the disk).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVERS, WORKSPACE } from './playwright.config';

/** A server as `npm start` runs it (scripts/run.mjs serve), on a fresh data dir, with this environment on top. */
export type Server = { port: number; env: Record<string, string> };

/** How long all of them together may take to answer (seeding the demo data on a busy two-core machine). */
const START_TIMEOUT_MS = Number(process.env.PRICEWATCH_E2E_START_TIMEOUT_MS || 360_000);

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

export default function globalSetup(): Promise<() => Promise<void>> {
  return startServers(WORKSPACE, SERVERS);
}

async function startServers(workspace: string, servers: Server[]): Promise<() => Promise<void>> {
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  // Each in its own process group: the stop reaches `run.mjs serve` and the tsx server it starts.
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            try {
              process.kill(-child.pid!, 'SIGTERM');
            } catch {
              resolve();
            }
          }),
      ),
    );
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  process.once('exit', () => children.forEach((c) => c.pid && c.exitCode === null && process.kill(-c.pid, 'SIGKILL')));

  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    await Promise.all(
      servers.map(async ({ port, env }) => {
        const dataDir = mkdtempSync(join(tmpdir(), `pw-e2e-${port}-`));
        dataDirs.push(dataDir);
        const child = spawn(process.execPath, [join(workspace, 'scripts', 'run.mjs'), 'serve'], {
          cwd: join(workspace, 'e2e'),
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DEMO: '1',
            COUNTRY: 'cz',
            LOG_LEVEL: 'warn',
            DATA_DIR: dataDir,
            ...env,
          },
          detached: true,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        children.push(child);
        child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[server :${port}] ${chunk}`));
        let exited: string | null = null;
        child.once('exit', (code, signal) => (exited = `exited (${code ?? signal})`));
        const url = `http://127.0.0.1:${port}/deployment.json`;
        // Asks again each half second until it answers, stops, or the time is up.
        while (!(await answers(url))) {
          if (exited) throw new Error(`the server on :${port} ${exited} before answering`);
          if (Date.now() > deadline) throw new Error(`the server on :${port} did not answer within ${START_TIMEOUT_MS / 1000} s`);
          await new Promise((r) => setTimeout(r, 500));
        }
      }),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}
