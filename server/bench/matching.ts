/**
 * Matching accuracy (`npm run bench` → this, or `pnpm --filter @pricewatch/server run bench:matching`) on
 * the name-matching corpus (server/__tests__/matching/corpus, written apart from the matcher): for each
 * page, is the top suggestion the product a careful person chose? Pages whose answer is "none" (traps:
 * only another pack size, flavour or brand exists) count as right when no suggestion reaches the score
 * the screen proposes for accepting at once (BULK_ACCEPT_DEFAULT_SCORE). Prints one JSON object, per kind
 * of page; `confidentWrong` are wrong top suggestions at or above that score — what a bulk acceptance
 * would get wrong.
 *
 * Every catalogue product of the page's country is scored (rankCandidates, the scoring of the server).
 * The server first narrows a big catalogue to the 30 names most alike by pg_trgm (matching/unmatched.ts);
 * with ~40 products a country here, that step keeps them all.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BULK_ACCEPT_DEFAULT_SCORE } from '@pricewatch/shared/contract';
import { rankCandidates, type Candidate } from '../src/areas/parsers/matching/score';

type CatalogueEntry = { id: string; name: string; brand: string | null; ean: string | null; country: string };
type PageEntry = {
  id: string;
  kind: string;
  country: string;
  read: { name: string | null; ean: string | null; article: string | null };
  expect: string | null;
};

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '__tests__', 'matching', 'corpus');
const catalogue = JSON.parse(readFileSync(path.join(dir, 'catalogue.json'), 'utf8')) as CatalogueEntry[];
const pages = JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')) as PageEntry[];

const candidates = catalogue.map((c, i): Candidate & { key: string; country: string } => ({
  id: i + 1,
  key: c.id,
  country: c.country,
  name: c.name,
  brand: c.brand,
  ean: c.ean,
  weight: null,
  unit: null,
}));
const keyOf = new Map(candidates.map((c) => [c.id, c.key]));

type Tally = { pages: number; right: number; confidentWrong: number };
const byKind: Record<string, Tally> = {};
const misses: { page: string; expect: string | null; top: string | null; score: number | null }[] = [];
const started = performance.now();
for (const page of pages) {
  const ranked = rankCandidates(
    page.read,
    candidates.filter((c) => c.country === page.country),
  );
  const top = ranked[0];
  const topKey = top ? keyOf.get(top.productId)! : null;
  const confident = !!top && top.score >= BULK_ACCEPT_DEFAULT_SCORE;
  const right = page.expect === null ? !confident : topKey === page.expect;
  const t = (byKind[page.kind] ??= { pages: 0, right: 0, confidentWrong: 0 });
  t.pages++;
  if (right) t.right++;
  else misses.push({ page: page.id, expect: page.expect, top: topKey, score: top?.score ?? null });
  if (confident && topKey !== page.expect) t.confidentWrong++;
}
const ms = performance.now() - started;
const total = Object.values(byKind).reduce(
  (a, t) => ({ pages: a.pages + t.pages, right: a.right + t.right, confidentWrong: a.confidentWrong + t.confidentWrong }),
  {
    pages: 0,
    right: 0,
    confidentWrong: 0,
  },
);
const pct = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : 0);
console.log(
  JSON.stringify(
    {
      bench: 'matching',
      catalogue: catalogue.length,
      accuracyPct: pct(total.right, total.pages),
      ...total,
      byKind: Object.fromEntries(Object.entries(byKind).map(([k, t]) => [k, { ...t, accuracyPct: pct(t.right, t.pages) }])),
      bulkScore: BULK_ACCEPT_DEFAULT_SCORE,
      msPerPage: Math.round((ms / total.pages) * 100) / 100,
      misses: process.argv.includes('--misses') ? misses : misses.length,
    },
    null,
    2,
  ),
);
