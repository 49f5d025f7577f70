/**
 * Matching accuracy (`npm run bench` → this, or `pnpm --filter @pricewatch/server run bench:matching`) on
 * the name-matching corpus (server/__tests__/matching/corpus, written apart from the matcher; scored by
 * __tests__/matching/corpus-score.ts, which corpus.test.ts holds to floors): for each page, is the top
 * suggestion the product a careful person chose? Pages whose answer is "none" (traps: only another pack
 * size, flavour or brand exists) count as right when no suggestion reaches the score the screen proposes
 * for accepting at once (BULK_ACCEPT_DEFAULT_SCORE). Prints one JSON object: per batch and kind of page,
 * `sureWrong` are wrong top suggestions at or above that score — what a bulk acceptance would get wrong, a
 * wrong price — and `sureRight` the right ones it would settle. `--misses` lists the pages scored wrong.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BULK_ACCEPT_DEFAULT_SCORE } from '@pricewatch/shared/contract';
import { loadCorpus, tally } from '../__tests__/matching/corpus-score';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '__tests__', 'matching', 'corpus');
const corpus = loadCorpus(dir);

const started = performance.now();
const results = corpus.scoreCorpus();
const ms = performance.now() - started;
const batches = [...new Set(results.map((r) => r.batch))].sort();
const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);
const withPct = (byKind: ReturnType<typeof tally>) =>
  Object.fromEntries(Object.entries(byKind).map(([k, t]) => [k, { ...t, accuracyPct: pct(t.right, t.pages) }]));
const misses = results.filter((r) => !r.right || (r.sure && r.top !== r.expect));
console.log(
  JSON.stringify(
    {
      bench: 'matching',
      catalogue: corpus.catalogue.length,
      bulkScore: BULK_ACCEPT_DEFAULT_SCORE,
      all: withPct(tally(results)),
      ...Object.fromEntries(batches.map((b) => [`batch${b}`, withPct(tally(results.filter((r) => r.batch === b)))])),
      msPerPage: Math.round((ms / results.length) * 100) / 100,
      misses: process.argv.includes('--misses') ? misses.map(({ page, expect, top, score }) => ({ page, expect, top, score })) : misses.length,
    },
    null,
    2,
  ),
);
