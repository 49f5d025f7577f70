import { defineConfig } from '@playwright/test';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Server } from './servers';

// The product is started the way `npm start` starts it (scripts/run.mjs serve), on fresh data dirs:
// the main server as the demo runs it, a second one with an old-design address configured, and a
// third as a Polish deployment with alarms switched off whose users and parsers remotes are served
// from folders the tests release into and delete (deployment-*.spec.ts, release.spec.ts).
// PRICEWATCH_E2E_PORT moves all three (default 8181–8183), so two runs can share a machine.
const PORT = Number(process.env.PRICEWATCH_E2E_PORT || 8181);
export const BASE = `http://127.0.0.1:${PORT}`;
export const BASE_OLD_SITE = `http://127.0.0.1:${PORT + 1}`;
export const OLD_SITE_URL = 'http://old-design.pricewatch.test/';
export const BASE_PL = `http://127.0.0.1:${PORT + 2}`;
export const WORKSPACE = resolve(__dirname, '..');

// Made once by the runner (workers load this file again and inherit the variable): copies of the built
// remotes that the Polish server serves through REMOTE_DIR_USERS / REMOTE_DIR_PARSERS.
if (!process.env.PRICEWATCH_E2E_REMOTES) {
  const dir = mkdtempSync(join(tmpdir(), 'pw-e2e-remotes-'));
  for (const name of ['users', 'parsers']) {
    const dist = join(WORKSPACE, `remote-${name}`, 'dist');
    if (existsSync(dist)) cpSync(dist, join(dir, name), { recursive: true });
  }
  process.env.PRICEWATCH_E2E_REMOTES = dir;
}
export const SERVED_REMOTES = process.env.PRICEWATCH_E2E_REMOTES as string;

// The servers (servers.ts starts them side by side: Playwright's webServer list starts them one after
// another). The old-design one is only logged into: users and shops, no catalogue (nor the demo shops,
// whose parsers need it). The main and the Polish one start from copies of one demo data dir (`data`).
export const SERVERS: Server[] = [
  { port: PORT, env: {}, data: 'demo' },
  { port: PORT + 1, env: { OLD_SITE_URL, DEMO_PRODUCTS: '0', DEMO_SHOPS: '0' } },
  {
    port: PORT + 2,
    data: 'demo',
    env: {
      COUNTRY: 'pl',
      REMOTES_DISABLED: 'alarms',
      REMOTE_DIR_USERS: join(SERVED_REMOTES, 'users'),
      REMOTE_DIR_PARSERS: join(SERVED_REMOTES, 'parsers'),
    },
  },
];

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  globalSetup: './servers.ts',
});
