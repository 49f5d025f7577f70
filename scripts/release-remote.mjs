#!/usr/bin/env node
// Releases one remote alone (README "Releasing a remote"): builds it, then puts the build into the
// folder the server serves for it while the server and the host keep running. The host is not
// rebuilt: it reads the remote's mf-manifest.json (no-cache) at the next page load.
//
//   node scripts/release-remote.mjs <remote> [--label <text>] [--from <package dir>] [--to <folder>]
//                                            [--dist <built folder>]
//
//   <remote>   exports | leaflets | alarms | parsers | users
//   --label    the release's name, recorded as buildVersion in mf-manifest.json (default: the package
//              version + a UTC timestamp)
//   --from     the package to build (default remote-<remote>/); a checkout of another revision works
//   --to       the served folder (default $REMOTE_DIR_<REMOTE>, else remote-<remote>/dist)
//   --dist     deploy this already built folder instead of building (a rollback: the previous build)
//
// The swap: content-hashed chunks are added beside the old ones (a page that loaded the previous
// remoteEntry.js still finds its chunks), other files are replaced one by one through a rename, and
// remoteEntry.js and mf-manifest.json go last. Prints one JSON line.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES as REMOTES } from './lib/remote-names.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/** Replaced last, in this order: the manifest points at the entry, the entry at the chunks. */
const ENTRY_FILES = ['mf-manifest-stats.json', 'remoteEntry.js', 'mf-manifest.json'];
const HASHED = /\.[0-9a-f]{8,}\./;

function fail(message) {
  console.error(`release-remote: ${message}`);
  process.exit(1);
}

function parseArgs(argv) {
  const [remote, ...rest] = argv;
  if (!REMOTES.includes(remote)) fail(`name a remote: ${REMOTES.join(', ')}`);
  const opts = { remote };
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i]?.replace(/^--/, '');
    if (!['label', 'from', 'to', 'dist'].includes(key) || rest[i + 1] === undefined) fail(`unknown or incomplete option ${rest[i]}`);
    opts[key] = rest[i + 1];
  }
  return opts;
}

function filesOf(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesOf(p, base) : [relative(base, p)];
  });
}

/** Copies `file` of `from` over `to`'s through a rename in the same folder, so no one reads half a file. */
function replaceFile(from, to, file) {
  const target = join(to, file);
  mkdirSync(dirname(target), { recursive: true });
  const temp = join(dirname(target), `.${process.pid}.${Date.now()}.tmp`);
  copyFileSync(join(from, file), temp);
  renameSync(temp, target);
}

function build(packageDir, label) {
  const staging = mkdtempSync(join(tmpdir(), 'pricewatch-release-'));
  const require = createRequire(join(ROOT, 'package.json'));
  const cli = join(dirname(require.resolve('webpack-cli/package.json')), 'bin', 'cli.js');
  const res = spawnSync(process.execPath, [cli, '--mode', 'production', '--output-path', staging], {
    cwd: packageDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, MF_BUILD_VERSION: label, NODE_ENV: 'production' },
  });
  if (res.status !== 0) fail(`the build of ${packageDir} failed (exit ${res.status ?? res.signal})`);
  return staging;
}

/** Puts the build `from` into the served folder `to` (see the header for the order). */
function deploy(from, to, remote) {
  const manifestFile = join(from, 'mf-manifest.json');
  if (!existsSync(manifestFile) || !existsSync(join(from, 'remoteEntry.js'))) fail(`${from} is not a remote build`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (manifest.name !== `pricewatch_${remote}`) fail(`${from} holds ${manifest.name}, not pricewatch_${remote}`);

  mkdirSync(to, { recursive: true });
  const files = filesOf(from).filter((f) => !f.startsWith('.'));
  const entries = new Set(ENTRY_FILES.flatMap((f) => [f, `${f}.gz`]));
  let added = 0;
  for (const file of files.filter((f) => !entries.has(f))) {
    const exists = existsSync(join(to, file));
    if (HASHED.test(file) && exists) continue; // same name, same content
    replaceFile(from, to, file);
    if (!exists) added += 1;
  }
  for (const entry of ENTRY_FILES) {
    // The .gz first and the plain file right after: a browser gets one or the other, both new.
    for (const file of [`${entry}.gz`, entry]) {
      if (existsSync(join(from, file))) replaceFile(from, to, file);
      else rmSync(join(to, file), { force: true });
    }
  }
  return { files: files.length, added, buildVersion: manifest.metaData?.buildInfo?.buildVersion ?? null };
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const packageDir = resolve(opts.from ?? join(ROOT, `remote-${opts.remote}`));
  const envDir = process.env[`REMOTE_DIR_${opts.remote.toUpperCase()}`];
  const to = resolve(opts.to ?? (envDir || join(ROOT, `remote-${opts.remote}`, 'dist')));
  const version = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).version;
  const label = opts.label ?? `${version}+${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}`;

  const built = opts.dist ? resolve(opts.dist) : build(packageDir, label);
  const result = deploy(built, to, opts.remote);
  if (!opts.dist) rmSync(built, { recursive: true, force: true });
  console.log(JSON.stringify({ remote: opts.remote, label: opts.dist ? result.buildVersion : label, to, ...result, ms: Date.now() - started }));
}

main();
