/**
 * Scoring of the blind leaflet corpus (server/__tests__/fixtures/leaflet-corpus, LEAFCORP and LEAFCORP2):
 * 26 pages in two batches drawn by Chromium in real chains' styles with the answers a shopper gives. Used by the corpus test
 * (__tests__/ocr/leaflet-corpus.test.ts) and by the leaflets bench's "blind corpus" row; nothing here
 * tunes anything.
 *
 * A candidate belongs to the tile its price's box overlaps most. It is right when its price is that item's price
 * — on a loyalty tile the card price (`price`, what the product should offer: the leaflet's promo price,
 * printed big) or the price without the card (`priceWithoutCard`, also a real price of the item, so not
 * wrong, but not "found" either). Anything else is wrong: a pack size, a per-unit amount, a multi-buy
 * total (a multi-buy-only tile has no price at all), an old price, a misreading, or a number outside every
 * tile. A wrong candidate at or above CANDIDATE_ACCEPT_CONFIDENCE could be saved in one click.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CANDIDATE_ACCEPT_CONFIDENCE } from '@pricewatch/shared/contract';

/** The corpus folder (callers pass the server folder: jest runs CommonJS, the bench ES modules). */
export const corpusDir = (serverDir: string) => path.join(serverDir, '__tests__', 'fixtures', 'leaflet-corpus');

type Box = { x: number; y: number; w: number; h: number };
export type CorpusItem = {
  name: string;
  price: number | null;
  oldPrice: number | null;
  mechanics: string | null;
  mechanicsText: string | null;
  box: Box;
  priceWithoutCard?: number;
};
export type CorpusPage = {
  id: string;
  country: string;
  language: string;
  width: number;
  height: number;
  items: CorpusItem[];
  notPrices: { text: string; kind: string; box: Box }[];
};
/** What scoring needs of a candidate (candidatesOf's drafts; `priceBox` with its priceBoxes option). */
export type ScoredCandidate = { price: number; confidence: number; box: Box; priceBox?: Box; text: string };

/**
 * The second blind batch (LEAFCORP2, 869a051; README "Second batch"): scored in a test file of its own
 * (leaflet-corpus-2.test.ts) so each file's OCR stays within a few minutes.
 */
export const SECOND_BATCH = [
  'pl-netto-01',
  'pl-dino-01',
  'pl-auchan-01',
  'ua-varus-01',
  'ua-velmart-01',
  'ua-eko-01',
  'cz-lidl-01',
  'cz-globus-01',
  'ge-goodwill-01',
  'ge-agrohub-01',
];

/** The third blind batch (LEAFCORP3, pages-3.mjs): scored in leaflet-corpus-3.test.ts. */
export const THIRD_BATCH = [
  'pl-stokrotka-01',
  'pl-rossmann-01',
  'pl-carrefour-01',
  'cz-kaufland-01',
  'cz-dm-01',
  'ua-metro-01',
  'ua-eva-01',
  'ua-auchan-01',
  'ge-europroduct-01',
  'ge-2nabiji-01',
];

/** The corpus's pages (answers.json, sorted by id): all, or one batch only. */
export function corpusPages(serverDir: string, batch: 'all' | 1 | 2 | 3 = 'all'): CorpusPage[] {
  const pages = JSON.parse(fs.readFileSync(path.join(corpusDir(serverDir), 'answers.json'), 'utf8')) as CorpusPage[];
  const batchOf = (id: string) => (THIRD_BATCH.includes(id) ? 3 : SECOND_BATCH.includes(id) ? 2 : 1);
  return batch === 'all' ? pages : pages.filter((p) => batchOf(p.id) === batch);
}
export const corpusPicture = (serverDir: string, id: string) => fs.readFileSync(path.join(corpusDir(serverDir), 'pages', `${id}.png`));

export type PageScore = {
  id: string;
  /** Items that have a price (multi-buy-only tiles have none). */
  priced: number;
  /** Priced items with a candidate of their price in their tile, at any confidence. */
  found: number;
  /** Of those, found at or above the accept threshold. */
  oneClick: number;
  /** Candidates that are no price of the item they sit in (any confidence). */
  wrong: number;
  /** Wrong candidates at or above the accept threshold. */
  wrongConfident: number;
  /** Wrong candidates whose value is a printed not-price beside them, by the not-price's kind. */
  notPrices: Record<string, number>;
  /** One line per miss and per wrong candidate, for the table's notes. */
  notes: string[];
};

const cents = (v: number) => Math.round(v * 100);
const overlap = (a: Box, b: Box) => {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
};
/** The numbers printed in a not-price's text ("1 kg = 29,95 zł" → 1, 29.95). */
const numbersIn = (text: string) =>
  [...text.replace(/(\d)[\s\u00a0\u202f](?=\d{3}\b)/g, '$1').matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => cents(Number(m[0].replace(',', '.'))));

export function scorePage(page: CorpusPage, candidates: readonly ScoredCandidate[]): PageScore {
  const s: PageScore = { id: page.id, priced: 0, found: 0, oneClick: 0, wrong: 0, wrongConfident: 0, notPrices: {}, notes: [] };
  // by the price's own box when known (candidatesOf(…, { priceBoxes: true })): the candidate's box also
  // holds the name it was given, which may come from a neighbouring tile or the header
  const tileOf = (c: ScoredCandidate) => {
    const at = c.priceBox ?? c.box;
    let best: CorpusItem | null = null;
    let most = 0;
    for (const item of page.items) {
      const o = overlap(at, item.box);
      if (o > most) [best, most] = [item, o];
    }
    return best;
  };
  const byTile = new Map<CorpusItem | null, ScoredCandidate[]>();
  for (const c of candidates) byTile.set(tileOf(c), [...(byTile.get(tileOf(c)) ?? []), c]);
  for (const item of page.items) {
    const mine = byTile.get(item) ?? [];
    if (item.price !== null) {
      s.priced++;
      const hits = mine.filter((c) => cents(c.price) === cents(item.price!));
      if (hits.length) s.found++;
      if (hits.some((c) => c.confidence >= CANDIDATE_ACCEPT_CONFIDENCE)) s.oneClick++;
      if (!hits.length) s.notes.push(`missed ${item.price} (${item.name})`);
    }
  }
  for (const c of candidates) {
    const item = tileOf(c);
    const right = item && [item.price, item.priceWithoutCard].some((p) => p != null && cents(p) === cents(c.price));
    if (right) continue;
    s.wrong++;
    const confident = c.confidence >= CANDIDATE_ACCEPT_CONFIDENCE;
    if (confident) s.wrongConfident++;
    const np = page.notPrices.find((n) => overlap(n.box, c.priceBox ?? c.box) > 0 && numbersIn(n.text).includes(cents(c.price)));
    const kind = np ? np.kind : item?.oldPrice != null && cents(item.oldPrice) === cents(c.price) ? 'old price' : 'misread';
    if (np) s.notPrices[np.kind] = (s.notPrices[np.kind] ?? 0) + 1;
    s.notes.push(
      `${confident ? 'WRONG ONE-CLICK' : 'wrong'} ${c.price} (${kind}${np ? ` "${np.text}"` : ''}, confidence ${c.confidence.toFixed(2)}) in ${item ? `"${item.name}"` : 'no tile'}: "${c.text}"`,
    );
  }
  return s;
}

export type CorpusTotals = Omit<PageScore, 'id' | 'notes'> & { pages: number; foundPct: number };

export function corpusTotals(scores: readonly PageScore[]): CorpusTotals {
  const t: CorpusTotals = { pages: scores.length, priced: 0, found: 0, oneClick: 0, wrong: 0, wrongConfident: 0, notPrices: {}, foundPct: 0 };
  for (const s of scores) {
    for (const k of ['priced', 'found', 'oneClick', 'wrong', 'wrongConfident'] as const) t[k] += s[k];
    for (const [k, n] of Object.entries(s.notPrices)) t.notPrices[k] = (t.notPrices[k] ?? 0) + n;
  }
  t.foundPct = t.priced ? Math.round((t.found / t.priced) * 1000) / 10 : 100;
  return t;
}

/** The per-page table (tab-separated), the totals line and the notes. */
export function corpusTable(scores: readonly PageScore[]): string {
  const t = corpusTotals(scores);
  const np = (r: Record<string, number>) =>
    Object.entries(r)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || '-';
  const lines = [['page', 'found', '1-click', 'wrong 1-click', 'wrong', 'not-prices offered'].join('\t')];
  for (const s of scores) lines.push([s.id, `${s.found}/${s.priced}`, s.oneClick, s.wrongConfident, s.wrong, np(s.notPrices)].join('\t'));
  lines.push(['all', `${t.found}/${t.priced} (${t.foundPct}%)`, t.oneClick, t.wrongConfident, t.wrong, np(t.notPrices)].join('\t'));
  const notes = scores.flatMap((s) => s.notes.map((n) => `${s.id}: ${n}`));
  return `${lines.join('\n')}${notes.length ? `\n\n${notes.join('\n')}` : ''}`;
}
