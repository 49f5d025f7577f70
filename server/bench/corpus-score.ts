/**
 * Scores the extraction engine against the scraping corpus (server/__tests__/scraping/corpus: product
 * pages written apart from the engine, with a human's answer for each). Shared by the corpus test and
 * `npm run bench` (bench/corpus.ts). Each page is extracted exactly as a parser run does it: the
 * definition through parserDefinitionSchema (its defaults), then extract() with the definition's
 * strategy, selectors and price format and the shop's country and currency (areas/parsers/runner.ts).
 *
 * Verdicts: `right` — the answer's price and old price (and stock, EAN), or a refusal where the answer
 * is refuse; `refused` — no price where the answer has one (allowed: the cost of caution); `wrong` — any
 * other price or old price, a price where the answer is refuse, a price in another currency, or another
 * product's EAN (the price would be written to the wrong product). `right` with a different stock flag or
 * a missing EAN is reported as `partial` (the price is right).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parserDefinitionSchema } from '@pricewatch/shared/contract';
import { extract, type Extraction } from '../src/scraping/extract';

/** The corpus folder, from the server package's folder (jest runs CommonJS, the bench ESM: each caller knows its own). */
export const corpusDir = (serverDir: string) => path.join(serverDir, '__tests__', 'scraping', 'corpus');

export type CorpusAnswer = { price: number; oldPrice: number | null; inStock: boolean; ean: string | null } | { refuse: true; why: string };

export type CorpusEntry = {
  id: string;
  file: string;
  country: string;
  currency: string;
  style: string;
  definition: Record<string, unknown>;
  expect: CorpusAnswer;
};

export type Verdict = 'right' | 'partial' | 'refused' | 'wrong';

export type PageScore = {
  id: string;
  verdict: Verdict;
  /** The strategy that answered (jsonld, microdata, selectors), or `none` when nothing matched. */
  strategy: string;
  /** Why the verdict is not `right`. */
  detail: string | null;
  extraction: Extraction;
};

export type Tally = { right: number; partial: number; refused: number; wrong: number };

export type CorpusScore = {
  pages: PageScore[];
  total: Tally;
  byStrategy: Record<string, Tally>;
  /** Price pages (answer not refuse) whose price was found right (right + partial), and how many there are. */
  found: number;
  pricePages: number;
  /** Refuse pages the engine refused. */
  refusedRight: number;
  refusePages: number;
};

export function loadCorpus(dir: string): { entry: CorpusEntry; html: string }[] {
  const entries = JSON.parse(readFileSync(path.join(dir, 'answers.json'), 'utf8')) as CorpusEntry[];
  return entries.map((entry) => ({ entry, html: readFileSync(path.join(dir, entry.file), 'utf8') }));
}

const cents = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 100));

/** The extraction a parser run of this shop would make of this page. */
export function extractAsParser(entry: CorpusEntry, html: string): Extraction {
  const def = parserDefinitionSchema.parse({ productUrls: ['https://shop.example/p'], ...entry.definition });
  return extract(html, { strategy: def.strategy, selectors: def.selectors, priceFormat: def.priceFormat, country: entry.country, currency: entry.currency });
}

export function scorePage(entry: CorpusEntry, html: string): PageScore {
  const x = extractAsParser(entry, html);
  const strategy = x.strategy ?? 'none';
  const priced = !x.problem && x.price !== null;
  const e = entry.expect;
  const score = (verdict: Verdict, detail: string | null): PageScore => ({ id: entry.id, verdict, strategy, detail, extraction: x });
  if ('refuse' in e) {
    return priced ? score('wrong', `price ${x.price} (old ${x.oldPrice}) on a page to refuse: ${e.why}`) : score('right', null);
  }
  if (!priced) return score('refused', x.problem ? `${x.problem.kind}: ${x.problem.message}` : 'no price');
  if (cents(x.price) !== cents(e.price)) return score('wrong', `price ${x.price}, expected ${e.price}`);
  if (cents(x.oldPrice) !== cents(e.oldPrice)) return score('wrong', `old price ${x.oldPrice}, expected ${e.oldPrice}`);
  if (x.currency && x.currency.toUpperCase() !== entry.currency) return score('wrong', `currency ${x.currency}, expected ${entry.currency}`);
  if (x.ean && x.ean !== e.ean) return score('wrong', `EAN ${x.ean}, expected ${e.ean}`);
  const off: string[] = [];
  // The runner records a missing stock flag as in stock.
  if ((x.inStock ?? true) !== e.inStock) off.push(`inStock ${x.inStock}, expected ${e.inStock}`);
  if (e.ean && x.ean !== e.ean) off.push(`EAN ${x.ean}, expected ${e.ean}`);
  return off.length ? score('partial', off.join('; ')) : score('right', null);
}

const emptyTally = (): Tally => ({ right: 0, partial: 0, refused: 0, wrong: 0 });

export function scoreCorpus(dir: string): CorpusScore {
  const pages = loadCorpus(dir).map(({ entry, html }) => ({ entry, s: scorePage(entry, html) }));
  const total = emptyTally();
  const byStrategy: Record<string, Tally> = {};
  let found = 0;
  let pricePages = 0;
  let refusedRight = 0;
  let refusePages = 0;
  for (const { entry, s } of pages) {
    total[s.verdict]++;
    (byStrategy[s.strategy] ??= emptyTally())[s.verdict]++;
    if ('refuse' in entry.expect) {
      refusePages++;
      if (s.verdict === 'right') refusedRight++;
    } else {
      pricePages++;
      if (s.verdict === 'right' || s.verdict === 'partial') found++;
    }
  }
  return { pages: pages.map((p) => p.s), total, byStrategy, found, pricePages, refusedRight, refusePages };
}
