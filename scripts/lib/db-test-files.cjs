// Which server test files touch a database, decided from their code at every run (no hand-kept list):
// the suite runs twice in `npm test` (PGlite, then PostgreSQL with TEST_DATABASE_URL), and a file that
// never opens a database (extraction engine, OCR, matching, config…) gains nothing from the second run.
//
// A test file touches a database when it, or a test helper it imports (transitively, inside __tests__/),
// - is or imports the test-app helper `__tests__/helpers/build.ts` (a built app always opens a database), or
// - imports the app, the entry point or anything under `src/db/` with a value import (not `import type`), or
// - reads TEST_DATABASE_URL itself.
// Doubt counts as "touches": an import that cannot be resolved keeps the file on both backends.
const { existsSync, readFileSync, readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const SERVER = path.resolve(__dirname, '..', '..', 'server');
const TESTS = path.join(SERVER, '__tests__');
const BUILD_HELPER = path.join(TESTS, 'helpers', 'build.ts');
const DB_MODULES = [path.join(SERVER, 'src', 'app'), path.join(SERVER, 'src', 'main'), path.join(SERVER, 'src', 'db') + path.sep];

// Static `import … from '…'` / `export … from '…'` (not `import type`), dynamic import() and require().
const IMPORT_RE = /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}.cjs`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Value imports of a file that are relative paths, resolved (null when a relative import cannot be resolved). */
function localImports(file) {
  const code = readFileSync(file, 'utf8');
  const out = [];
  for (const m of code.matchAll(IMPORT_RE)) {
    if (m[2]) continue; // `import type` never runs
    const spec = m[3] ?? m[4];
    if (!spec.startsWith('.')) continue;
    out.push({ spec, resolved: resolveLocal(file, spec) });
  }
  return { code, imports: out };
}

function touchesDatabase(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  if (file === BUILD_HELPER) return true;
  const { code, imports } = localImports(file);
  if (code.includes('TEST_DATABASE_URL')) return true;
  for (const { resolved } of imports) {
    if (!resolved) return true;
    if (DB_MODULES.some((m) => (m.endsWith(path.sep) ? resolved.startsWith(m) : resolved.replace(/\.(ts|js)$/, '') === m))) return true;
    // Follow test helpers only: the code under test is judged by the doors above.
    if (resolved.startsWith(TESTS + path.sep) && touchesDatabase(resolved, seen)) return true;
  }
  return false;
}

function testFiles(dir = TESTS) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = path.join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(p).isDirectory()) out.push(...testFiles(p));
    else if (/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/**
 * Which database files run on both backends — the rule (README "How npm test spends its time"). A file runs
 * on PGlite AND PostgreSQL when it
 * - writes concurrently (ten at once, Promise.all of writes: the team's standard runs write paths
 *   concurrently on both), or holds transactions or locks;
 * - starts, stops, restarts or kills apps or processes over one database (jobs, exports, workers);
 * - migrates or upgrades, or tests the database layer itself (db/*, the golden, the kept price index and
 *   totals and their upkeep, partitioning, tx-guard);
 * - keeps derived tables up to date (triggers, the commit-time upkeep of the price index and the runs).
 * A file whose subject is what an area answers and computes — validation and odd input, permissions by URL,
 * headers, translations, file names, analytics and prices read back, one request at a time — says
 * `@one-database` in its header with why: `npm test` runs it once, in the PostgreSQL lane when there is one
 * (the shorter lane; PGlite is the long pole), else on PGlite. PGlite is the same PostgreSQL, so such SQL
 * answers the same on both; what could differ is the driver, and `__tests__/db/driver-parity.test.ts` holds
 * both drivers to one table of values for every type the app reads. A file that mixes both kinds is split.
 */
function oneDatabase(file) {
  return /^\s*\*?\s*@one-database\b/m.test(readFileSync(file, 'utf8'));
}

/** Absolute paths of the server test files that open a database. */
function dbTestFiles({ skipOneDatabase = false } = {}) {
  return testFiles().filter((f) => touchesDatabase(f) && !(skipOneDatabase && oneDatabase(f)));
}

module.exports = { dbTestFiles, testFiles, touchesDatabase, oneDatabase };

if (require.main === module) {
  const db = new Set(dbTestFiles());
  for (const f of testFiles()) {
    const kind = !db.has(f) ? 'pure    ' : oneDatabase(f) ? 'one db  ' : 'database';
    console.log(`${kind} ${path.relative(SERVER, f)}`);
  }
}
