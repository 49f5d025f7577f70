#!/usr/bin/env node
// The root commands (npm start / test / build / bench) on a fresh machine with only Node 20 and npm:
// bootstrap a pinned pnpm into .tools/, install from the lockfile, build what changed, then act.
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from './lib/remote-names.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const PNPM_VERSION = '10.34.9';
const TOOLS = join(ROOT, '.tools');
const PNPM = join(TOOLS, 'node_modules', '.bin', 'pnpm');
const FRONT_ENDS = ['host', ...REMOTE_NAMES.map((name) => `remote-${name}`)];
const PACKAGES_WITH_UNIT_TESTS = ['shared', ...FRONT_ENDS, 'server'];

function log(msg) {
  process.stdout.write(`\n[pricewatch] ${msg}\n`);
}

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts, env: { ...process.env, ...opts.env } });
  if (res.status !== 0) {
    log(`failed: ${cmd.replace(ROOT, '.')} ${args.join(' ')} (exit ${res.status ?? res.signal})`);
    process.exit(res.status || 1);
  }
}

function ensurePnpm() {
  if (existsSync(PNPM)) {
    const v = spawnSync(PNPM, ['--version'], { encoding: 'utf8' }).stdout?.trim();
    if (v === PNPM_VERSION) return;
  }
  log(`installing pnpm ${PNPM_VERSION} into .tools/`);
  mkdirSync(TOOLS, { recursive: true });
  if (!existsSync(join(TOOLS, 'package.json'))) writeFileSync(join(TOOLS, 'package.json'), '{"private":true}\n');
  run('npm', ['install', '--no-audit', '--no-fund', '--prefix', TOOLS, `pnpm@${PNPM_VERSION}`]);
}

function install() {
  ensurePnpm();
  log('installing dependencies from the lockfile');
  run(PNPM, ['install', '--frozen-lockfile', '--prefer-offline']);
}

/** Hash of every source file a front-end build reads, so unchanged builds are skipped. */
function sourceHash(pkg) {
  const h = createHash('sha256');
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name === 'dist' || name === '__tests__') continue;
      const p = join(dir, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else h.update(p.slice(ROOT.length)).update(readFileSync(p));
    }
  };
  for (const dir of [pkg, 'shared/src', 'shared/package.json', 'tooling', 'pnpm-lock.yaml']) {
    const p = join(ROOT, dir);
    if (existsSync(p) && statSync(p).isFile()) h.update(readFileSync(p));
    else walk(p);
  }
  return h.digest('hex');
}

function build({ force = false } = {}) {
  const stale = FRONT_ENDS.filter((pkg) => {
    const marker = join(ROOT, pkg, 'dist', '.source-hash');
    return force || !existsSync(marker) || readFileSync(marker, 'utf8') !== sourceHash(pkg);
  });
  if (stale.length === 0) {
    log('front ends are up to date');
    return;
  }
  log(`building ${stale.join(', ')}`);
  // Two at a time: the machines have two cores.
  run(PNPM, ['-r', '--workspace-concurrency=2', ...stale.flatMap((p) => ['--filter', `./${p}`]), 'run', 'build']);
  for (const pkg of stale) writeFileSync(join(ROOT, pkg, 'dist', '.source-hash'), sourceHash(pkg));
}

function serve(extraEnv = {}) {
  const env = { DEMO: '1', PORT: '8080', DATA_DIR: join(ROOT, 'data'), ...process.env, ...extraEnv };
  const child = spawn(join(ROOT, 'server', 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: join(ROOT, 'server'),
    stdio: 'inherit',
    env,
  });
  const stop = (sig) => child.kill(sig);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

/**
 * Runs commands two at a time (the machines have two cores; most of a test run waits on a database or
 * on the file system), each line of output prefixed with its name. The first failure stops the rest.
 */
async function runParallel(tasks, concurrency = 2) {
  const queue = [...tasks];
  const children = new Set();
  let failed = null;
  const runOne = (task) =>
    new Promise((resolve) => {
      const started = Date.now();
      log(`${task.name}: started`);
      const child = spawn(task.cmd, task.args, { cwd: ROOT, env: { ...process.env, ...task.env }, stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) process.stdout.write(`[${task.name}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${task.name}] ${rest}\n`));
      }
      child.on('close', (code, signal) => {
        children.delete(child);
        const secs = Math.round((Date.now() - started) / 1000);
        if (code !== 0 && !failed) {
          failed = `${task.name} (exit ${code ?? signal})`;
          for (const other of children) other.kill('SIGTERM');
        }
        log(`${task.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${secs} s`);
        resolve();
      });
    });
  const lane = async () => {
    while (queue.length && !failed) await runOne(queue.shift());
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  if (failed) {
    log(`failed: ${failed}`);
    process.exit(1);
  }
}

/**
 * `npm test`: checks, unit suites and the browser tests in one queue, two at a time (two cores), longest
 * first, so the lanes end together; the first failure stops the rest. The browser tests take the lane the
 * PostgreSQL files leave, beside the PGlite long pole, instead of after everything (~8 min of one idle
 * core): their three servers' demo seeding then shares the cores, so their start may take up to 15 min
 * (it outran Playwright's 120 s webServer timeout once; e2e/servers.ts waits PRICEWATCH_E2E_START_TIMEOUT_MS).
 */
async function tests(only) {
  const tasks = [];
  const jest = (pkg, name, env = {}, args = []) => ({ name, cmd: PNPM, args: ['--filter', `./${pkg}`, 'exec', 'jest', '--ci', ...args], env });
  if (only !== 'e2e') {
    tasks.push(
      // Longest first, so the lanes end together: the server's files that open a database run on PGlite
      // (the long pole: it has a lane to itself) and again on PostgreSQL; the others (engine, OCR,
      // matching…) once: server/jest.db.config.cjs and jest.pure.config.cjs split them by their imports.
      // Database files marked `@one-database` (scripts/lib/db-test-files.cjs) run in the PostgreSQL lane only.
      jest('server', 'server (PGlite)', { TEST_DATABASE_URL: '', PRICEWATCH_ONE_DATABASE_ELSEWHERE: process.env.TEST_DATABASE_URL ? '1' : '' }, [
        '-c',
        'jest.db.config.cjs',
      ]),
      ...(process.env.TEST_DATABASE_URL ? [jest('server', 'server (PostgreSQL)', {}, ['-c', 'jest.db.config.cjs'])] : []),
    );
  }
  if (only !== 'unit') {
    tasks.push({
      name: 'e2e',
      cmd: PNPM,
      args: ['--filter', './e2e', 'exec', 'playwright', 'test'],
      env: { PRICEWATCH_E2E_START_TIMEOUT_MS: process.env.PRICEWATCH_E2E_START_TIMEOUT_MS || '900000' },
    });
  }
  if (only !== 'e2e') {
    tasks.push(
      jest('server', 'server (no database)', { TEST_DATABASE_URL: '' }, ['-c', 'jest.pure.config.cjs']),
      ...PACKAGES_WITH_UNIT_TESTS.filter((p) => p !== 'server').map((p) => jest(p, p)),
      // Every package's `tsc --noEmit -p .` in one process, which reads the files they share once.
      { name: 'typecheck', cmd: process.execPath, args: [join(ROOT, 'scripts', 'lib', 'typecheck.mjs'), ...PACKAGES_WITH_UNIT_TESTS] },
      // Code rules and the import boundaries of docs/conventions.md (eslint.config.mjs).
      { name: 'lint', cmd: PNPM, args: ['exec', 'eslint', '.'] },
      // One formatting for everyone (.prettierrc.json): `pnpm exec prettier --write .` fixes what this finds.
      { name: 'format check', cmd: PNPM, args: ['exec', 'prettier', '--check', '--log-level', 'warn', '.'] },
    );
  }
  await runParallel(tasks);
  if (only !== 'e2e' && !process.env.TEST_DATABASE_URL) {
    log('TEST_DATABASE_URL is not set: the server suite ran on PGlite only (.ci/run sets it to a real PostgreSQL)');
  }
}

const [cmd = 'start', ...rest] = process.argv.slice(2);
switch (cmd) {
  case 'start':
    install();
    build();
    serve();
    break;
  case 'serve': // the server alone, on what is built (the browser tests start the product this way)
    serve();
    break;
  case 'build':
    install();
    build({ force: rest.includes('--force') });
    break;
  case 'test': {
    const started = Date.now();
    install();
    build();
    await tests(rest[0]);
    log(`all tests passed in ${Math.round((Date.now() - started) / 1000)} s`);
    break;
  }
  case 'bench':
    install();
    build();
    run(PNPM, ['--filter', './server', 'run', 'bench']);
    // Export of 1M price rows to xlsx beside a bare exceljs writer: time ratio and peak RSS (server/bench/exports.ts).
    run(PNPM, ['--filter', './server', 'run', 'bench:exports']);
    // Alarm evaluation: 100k alarms against a run of 1M new prices (server/bench/alarms.ts).
    run(PNPM, ['--filter', './server', 'run', 'bench:alarms']);
    // Parser engine: pages and prices per second on the loopback demo shops, accuracy (server/bench/parsers.ts).
    run(PNPM, ['--filter', './server', 'run', 'bench:parsers']);
    // Extraction on the scraping corpus: right / refused / wrong per strategy, before and after (server/bench/corpus.ts).
    run(PNPM, ['--filter', './server', 'run', 'bench:corpus']);
    // Matching pages to products on the name-matching corpus: right top suggestions per kind of page (server/bench/matching.ts).
    run(PNPM, ['--filter', './server', 'run', 'bench:matching']);
    // Leaflet price recognition: exact prices found, false candidates, seconds per page (server/bench/leaflets.ts).
    run(PNPM, ['--filter', './server', 'run', 'bench:leaflets']);
    // 100 connections against /auth/check and the product search: requests/s, p50, p99 (server/bench/load.ts, server/docs/overload.md).
    run(PNPM, ['--filter', './server', 'run', 'bench:load']);
    // The same load through nginx in front of 3 server processes on one PostgreSQL (deploy/local-cluster.sh,
    // README "Scaling"); prints a "skipped" line instead when nginx or PostgreSQL cannot be set up.
    run('bash', [join(ROOT, 'deploy', 'local-cluster.sh')]);
    // The home page's tile calls on the demo data, p50 and max per tile and user; goal under 100 ms (server/bench/home.ts, docs/home.md).
    run(PNPM, ['--filter', './server', 'run', 'bench:home']);
    // The JavaScript before the login form works, in Chromium (scripts/bench-bytes.mjs, docs/bytes.md).
    run(process.execPath, [join(ROOT, 'scripts', 'bench-bytes.mjs')]);
    break;
  default:
    console.error(`unknown command ${cmd}: use start, serve, build, test [unit|e2e], bench`);
    process.exit(2);
}
