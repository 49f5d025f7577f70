#!/usr/bin/env node
// `npm run bench` part two: the JavaScript a browser downloads before the login form works
// (docs/bytes.md), measured in Debian's Chromium against the built product. Prints one JSON object.
//
//   node scripts/bench-bytes.mjs [--url http://127.0.0.1:8080] [--files]
//
// Without --url it starts the server on a free port (no demo data, database in memory) and stops it
// after. --files lists every script with its sizes. Exit 1 when the figure is over the target.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const { measureLoginBytes, TARGET_GZIP_BYTES } = require('./lib/login-bytes.cjs');
const { chromium } = createRequire(join(ROOT, 'e2e', 'package.json'))('@playwright/test');

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const child = spawn(join(ROOT, 'server', 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: join(ROOT, 'server'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', DATA_DIR: 'memory://', LOG_LEVEL: 'warn' },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped: ${stderr}`);
    try {
      if ((await fetch(`${url}/deployment.json`)).ok) return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not start within 120 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function main() {
  const server = option('url') ? { url: option('url'), stop: () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await (await browser.newContext()).newPage();
    const m = await measureLoginBytes(page, server.url);
    const result = {
      bench: 'login-javascript-bytes',
      gzipBytes: m.gzipBytes,
      gzipKB: Math.round(m.gzipBytes / 100) / 10,
      targetGzipBytes: TARGET_GZIP_BYTES,
      withinTarget: m.gzipBytes <= TARGET_GZIP_BYTES,
      transferBytes: m.transferBytes,
      rawBytes: m.rawBytes,
      scripts: m.scripts,
      formReadyMs: m.formReadyMs,
      afterFormGzipBytes: m.afterForm.gzipBytes,
      ...(args.includes('--files') ? { files: m.files, afterFormFiles: m.afterForm.files } : {}),
    };
    console.log(JSON.stringify(result, null, 2));
    if (!result.withinTarget) process.exitCode = 1;
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
