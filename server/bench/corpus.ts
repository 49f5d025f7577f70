/**
 * Extraction accuracy on the scraping corpus (`npm run bench` → this, or `pnpm --filter @pricewatch/server
 * run bench:corpus`): product pages written apart from the engine, each with a person's answer
 * (server/__tests__/scraping/corpus). Prints one JSON object: right / partial / refused / wrong in all and
 * per strategy (the one that answered; `none` = nothing matched), the share of prices found, and the same
 * figures for the engine before the cross-checks (measured once, below). Wrong must be 0.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusDir, scoreCorpus } from './corpus-score';

/**
 * The engine of commit 82a76eb (before issue 14's extraction work) on the same 78 pages, scored the same
 * way; its two Swiss definitions ("'" thousands) were passed unvalidated, the schema refusing them then.
 */
const BEFORE = {
  total: { right: 48, partial: 2, refused: 7, wrong: 21 },
  byStrategy: {
    jsonld: { right: 11, partial: 0, refused: 1, wrong: 16 },
    microdata: { right: 5, partial: 0, refused: 0, wrong: 2 },
    selectors: { right: 31, partial: 2, refused: 4, wrong: 3 },
    none: { right: 1, partial: 0, refused: 2, wrong: 0 },
  },
  found: 40,
  pricePages: 59,
  refusedRight: 10,
  refusePages: 19,
};

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const score = scoreCorpus(corpusDir(serverDir));
const seconds = (performance.now() - started) / 1000;
const pct = (n: number, of: number) => Math.round((n / of) * 1000) / 10;

console.log(
  JSON.stringify(
    {
      bench: 'corpus',
      pages: score.pages.length,
      secondsPerPage: +(seconds / score.pages.length).toFixed(4),
      after: {
        total: score.total,
        byStrategy: score.byStrategy,
        found: score.found,
        pricePages: score.pricePages,
        foundPct: pct(score.found, score.pricePages),
        refusedRight: score.refusedRight,
        refusePages: score.refusePages,
      },
      before: { ...BEFORE, foundPct: pct(BEFORE.found, BEFORE.pricePages) },
      notRight: score.pages.filter((p) => p.verdict !== 'right').map((p) => ({ id: p.id, verdict: p.verdict, strategy: p.strategy, detail: p.detail })),
    },
    null,
    2,
  ),
);
if (score.total.wrong > 0) process.exitCode = 1;
