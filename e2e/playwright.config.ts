import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The product is started the way `npm start` starts it (scripts/run.mjs serve), on fresh data dirs:
// the main server as the demo runs it, and a second one with an old-design address configured.
export const BASE = 'http://127.0.0.1:8181';
export const BASE_OLD_SITE = 'http://127.0.0.1:8182';
export const OLD_SITE_URL = 'http://old-design.pricewatch.test/';

const serve = (port: number, env: Record<string, string>) => ({
  command: 'node ../scripts/run.mjs serve',
  url: `http://127.0.0.1:${port}/deployment.json`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: '1',
    COUNTRY: 'cz',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(join(tmpdir(), `pw-e2e-${port}-`)),
    ...env,
  },
});

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
  webServer: [serve(8181, {}), serve(8182, { OLD_SITE_URL })],
});
