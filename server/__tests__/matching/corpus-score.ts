/**
 * Scores the name-matching corpus (./corpus, written apart from the matcher) with the server's scoring
 * (rankCandidates): for each page, is the top suggestion the product a careful person chose, and would
 * "Accept top suggestions" at the screen's score (BULK_ACCEPT_DEFAULT_SCORE) take a wrong one? Used by
 * `npm run bench:matching` (figures) and corpus.test.ts (floors).
 *
 * Every catalogue product of the page's country is scored. The server first narrows a big catalogue to
 * the 30 names most alike by pg_trgm (matching/unmatched.ts); with ~40–60 products a country here, that
 * step keeps them all.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BULK_ACCEPT_DEFAULT_SCORE } from '@pricewatch/shared/contract';
import { rankCandidates, type Candidate } from '../../src/areas/parsers/matching/score';

type CatalogueEntry = { id: string; name: string; brand: string | null; ean: string | null; country: string };
export type CorpusPage = {
  id: string;
  kind: string;
  country: string;
  batch?: number;
  read: { name: string | null; ean: string | null; article: string | null };
  expect: string | null;
  why?: string;
};

export type PageResult = {
  page: string;
  kind: string;
  batch: number;
  expect: string | null;
  top: string | null;
  score: number | null;
  right: boolean;
  sure: boolean;
};

/** The corpus in `dir` (the bench and the test each know where they are: ESM and CommonJS). */
export function loadCorpus(dir: string) {
  const catalogue = JSON.parse(readFileSync(path.join(dir, 'catalogue.json'), 'utf8')) as CatalogueEntry[];
  const pages = JSON.parse(readFileSync(path.join(dir, 'pages.json'), 'utf8')) as CorpusPage[];
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

  /**
   * `right`: the top suggestion is the expected product (for a trap: no product is expected, so right when no
   * suggestion is sure). `sure`: the top suggestion scores at least the bulk-acceptance score — what
   * "Accept top suggestions" at the proposed score would attach without a person reading the page.
   */
  function scorePage(page: CorpusPage): PageResult {
    const ranked = rankCandidates(
      page.read,
      candidates.filter((c) => c.country === page.country),
    );
    const top = ranked[0];
    const topKey = top ? keyOf.get(top.productId)! : null;
    const sure = !!top && top.score >= BULK_ACCEPT_DEFAULT_SCORE;
    const right = page.expect === null ? !sure : topKey === page.expect;
    return { page: page.id, kind: page.kind, batch: page.batch ?? 1, expect: page.expect, top: topKey, score: top?.score ?? null, right, sure };
  }
  const scoreCorpus = (batch?: number) => pages.filter((p) => batch === undefined || (p.batch ?? 1) === batch).map(scorePage);
  return { catalogue, pages, scorePage, scoreCorpus };
}

export type Tally = {
  pages: number;
  /** Top suggestion right (traps: nothing sure). */
  right: number;
  /** Top suggestion wrong at or above the bulk score: a wrong price one click away. */
  sureWrong: number;
  /** Top suggestion right at or above the bulk score: pages a bulk acceptance settles. */
  sureRight: number;
};

export function tally(results: PageResult[]): Record<string, Tally> {
  const byKind: Record<string, Tally> = {};
  for (const r of results) {
    for (const k of [r.kind, 'all']) {
      const t = (byKind[k] ??= { pages: 0, right: 0, sureWrong: 0, sureRight: 0 });
      t.pages++;
      if (r.right) t.right++;
      if (r.sure && r.top !== r.expect) t.sureWrong++;
      if (r.sure && r.top === r.expect) t.sureRight++;
    }
  }
  return byKind;
}
