/**
 * Leaflet recognition benchmark (`npm run bench` → this, or `pnpm --filter @pricewatch/server run
 * bench:leaflets`): generates leaflet pages with known prices (src/ocr/leaflet-page.ts: several seeds,
 * grid layouts, widths, decimal styles, PNG and JPEG), recognises each with src/ocr and reports
 * - prices: share of the known prices found exactly (same value, inside the item's tile);
 * - old prices: of those, share whose old price is right (also "none" when the item has none);
 * - names: of those, share whose text holds at least 60 % of the name's words;
 * - mechanics: of those, share with the right mechanics (multi_buy / card / discount);
 * - false: candidates that are no item's price at that place;
 * - seconds per page (mean, p95) and the worker's start time.
 * Prints a table and one JSON line. `--pages N` (or BENCH_LEAFLET_PAGES) pages, default 12 (0: only the
 * kinds section); `--kinds strike,traps` scores only those kinds;
 * `--strike` adds a measurement of struck-through old prices (reported apart, not in the accuracy).
 * Then the "blind corpus" row: the 26 Chromium-drawn pages (two batches) of __tests__/fixtures/leaflet-corpus, scored
 * by bench/leaflets-corpus.ts (found, one-click, wrong one-click, wrong, not-prices offered); `--no-corpus`
 * (or BENCH_LEAFLET_CORPUS=0) skips it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  LEAFLET_CARD_TEXTS,
  LEAFLET_PAGE_KINDS,
  leafletKindOptions,
  renderLeafletPage,
  type LeafletPageKind,
  type RenderedLeafletItem,
} from '../src/ocr/leaflet-page';
import { candidatesOf, lastWorkerStartSeconds, ocrLanguagesFor, readPrices, recognisePrices, shutdownOcr, type OcrCandidate } from '../src/ocr';
import { corpusPages, corpusPicture, corpusTable, corpusTotals, scorePage, type CorpusTotals, type PageScore } from './leaflets-corpus';
import * as contract from '@pricewatch/shared/contract';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const PAGES = Number(flag('--pages') ?? process.env.BENCH_LEAFLET_PAGES ?? 12);
const STRIKE = args.includes('--strike');
const CORPUS = !args.includes('--no-corpus') && process.env.BENCH_LEAFLET_CORPUS !== '0';
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Pages per kind of the kinds section (0: none). */
const KIND_PAGES = Number(flag('--kind-pages') ?? process.env.BENCH_LEAFLET_KIND_PAGES ?? 3);
/** First seed of the kinds section: pages the rules were never tuned on (tuning used other seeds). */
const KIND_SEED = Number(flag('--kind-seed') ?? 7000);
/** Only these kinds (comma-separated) in the kinds section; all by default. */
const ONLY_KINDS = flag('--kinds')?.split(',');
/** Candidates at or above this confidence get a one-click Accept (the contract's threshold). */
const ACCEPT = (contract as { CANDIDATE_ACCEPT_CONFIDENCE?: number }).CANDIDATE_ACCEPT_CONFIDENCE ?? 0;
/** Candidates' confidence on the 0..1 scale (older answers had 0–100). */
const conf01 = (c: OcrCandidate) => (c.confidence > 1 ? c.confidence / 100 : c.confidence);

const LAYOUTS = [
  { columns: 3, rows: 3, width: 1240 },
  { columns: 4, rows: 3, width: 1240 },
  { columns: 2, rows: 2, width: 900 },
  { columns: 3, rows: 4, width: 1654 },
  { columns: 4, rows: 4, width: 2480 },
  { columns: 3, rows: 2, width: 1000 },
];

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}%]+$/gu, ''))
    .filter(Boolean);
export function nameMatches(name: string, text: string): boolean {
  const want = words(name);
  const got = new Set(words(text));
  return want.filter((w) => got.has(w)).length >= Math.ceil(0.6 * want.length);
}
const expectedMechanics = (i: RenderedLeafletItem) =>
  i.mechanicsText && LEAFLET_CARD_TEXTS.includes(i.mechanicsText) ? 'card' : i.mechanicsText ? 'multi_buy' : 'discount';
const centreIn = (c: OcrCandidate, i: RenderedLeafletItem) => {
  // the price sits in the tile: the candidate's box overlaps the tile by most of its area
  const x0 = Math.max(c.box.x, i.box.x);
  const y0 = Math.max(c.box.y, i.box.y);
  const x1 = Math.min(c.box.x + c.box.w, i.box.x + i.box.w);
  const y1 = Math.min(c.box.y + c.box.h, i.box.y + i.box.h);
  return x1 > x0 && y1 > y0 && (x1 - x0) * (y1 - y0) >= 0.5 * c.box.w * c.box.h;
};

type Score = { items: number; found: number; oldRight: number; nameRight: number; mechRight: number; falseCands: number; misses: string[] };

function score(items: RenderedLeafletItem[], cands: OcrCandidate[]): Score {
  const used = new Set<OcrCandidate>();
  const s: Score = { items: items.length, found: 0, oldRight: 0, nameRight: 0, mechRight: 0, falseCands: 0, misses: [] };
  for (const item of items) {
    const c = cands.find((c) => !used.has(c) && c.price === item.price && centreIn(c, item));
    if (!c) {
      s.misses.push(`${item.name}: ${item.price}`);
      continue;
    }
    used.add(c);
    s.found++;
    if (c.oldPrice === item.oldPrice) s.oldRight++;
    else s.misses.push(`${item.name}: old ${c.oldPrice} ≠ ${item.oldPrice}`);
    if (nameMatches(item.name, c.text)) s.nameRight++;
    else s.misses.push(`${item.name}: name "${c.text}"`);
    if (c.mechanics === expectedMechanics(item)) s.mechRight++;
    else s.misses.push(`${item.name}: mechanics ${c.mechanics} ≠ ${expectedMechanics(item)}`);
  }
  s.falseCands = cands.filter((c) => !used.has(c)).length;
  for (const c of cands.filter((c) => !used.has(c))) s.misses.push(`false ${c.price} "${c.text}"`);
  return s;
}

const pct = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : 100);

async function main() {
  const total: Score = { items: 0, found: 0, oldRight: 0, nameRight: 0, mechRight: 0, falseCands: 0, misses: [] };
  const seconds: number[] = [];
  const rows: string[] = [];
  const firstStart = performance.now();
  for (let p = 0; p < PAGES; p++) {
    const seed = 101 + p;
    const layout = LAYOUTS[p % LAYOUTS.length];
    const page = await renderLeafletPage({ seed, ...layout });
    const jpeg = p % 3 === 2;
    const image = jpeg ? await sharp(page.png).jpeg({ quality: 75 }).toBuffer() : page.png;
    const t0 = performance.now();
    const result = await recognisePrices(image, { timeoutMs: 600_000 });
    const secs = (performance.now() - t0) / 1000;
    if (p > 0) seconds.push(secs); // the first page includes the worker's start
    const s = score(page.items, result.candidates);
    for (const k of ['items', 'found', 'oldRight', 'nameRight', 'mechRight', 'falseCands'] as const) total[k] += s[k];
    total.misses.push(...s.misses.map((m) => `seed ${seed}: ${m}`));
    rows.push(
      [
        `${seed}`,
        `${layout.columns}x${layout.rows}@${layout.width}${jpeg ? ' jpg' : ''}`,
        `${s.found}/${s.items}`,
        `${s.oldRight}`,
        `${s.nameRight}`,
        `${s.mechRight}`,
        `${s.falseCands}`,
        secs.toFixed(2),
      ].join('\t'),
    );
  }
  const firstPageSeconds = (performance.now() - firstStart) / 1000;
  let strike: { items: number; oldRight: number } | null = null;
  if (STRIKE) {
    strike = { items: 0, oldRight: 0 };
    for (const seed of [201, 202, 203]) {
      const page = await renderLeafletPage({ seed, oldPriceStyle: 'strike' });
      const cands = (await recognisePrices(page.png, { timeoutMs: 600_000 })).candidates;
      for (const item of page.items.filter((i) => i.oldPrice !== null)) {
        strike.items++;
        if (cands.some((c) => c.price === item.price && centreIn(c, item) && c.oldPrice === item.oldPrice)) strike.oldRight++;
      }
    }
  }
  const kinds = KIND_PAGES > 0 ? await benchKinds() : null;
  const blindCorpus = CORPUS ? await benchCorpus() : null;
  await shutdownOcr();
  const sorted = [...seconds].sort((a, b) => a - b);
  const mean = seconds.reduce((a, b) => a + b, 0) / Math.max(1, seconds.length);
  const p95 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] : 0;
  console.log(['seed', 'layout', 'prices', 'old', 'names', 'mech', 'false', 's'].join('\t'));
  for (const r of rows) console.log(r);
  if (total.misses.length) console.log(`\nmisses:\n  ${total.misses.join('\n  ')}`);
  const summary = {
    bench: 'leaflets',
    pages: PAGES,
    items: total.items,
    exactPricePct: pct(total.found, total.items),
    oldPricePct: pct(total.oldRight, total.found),
    namePct: pct(total.nameRight, total.found),
    mechanicsPct: pct(total.mechRight, total.found),
    falseCandidates: total.falseCands,
    falsePerPage: Math.round((total.falseCands / PAGES) * 100) / 100,
    secondsPerPageMean: Math.round(mean * 100) / 100,
    secondsPerPageP95: Math.round(p95 * 100) / 100,
    workerStartSeconds: lastWorkerStartSeconds === null ? null : Math.round(lastWorkerStartSeconds * 100) / 100,
    firstPageSeconds: Math.round((firstPageSeconds - seconds.reduce((a, b) => a + b, 0)) * 100) / 100,
    ...(strike ? { strikeOldPricePct: pct(strike.oldRight, strike.items) } : {}),
    ...(kinds ? { kinds } : {}),
    ...(blindCorpus ? { blindCorpus } : {}),
  };
  console.log(
    `\nprices found exactly ${summary.exactPricePct}% · old prices ${summary.oldPricePct}% · names ${summary.namePct}% · mechanics ${summary.mechanicsPct}% · false ${summary.falseCandidates} · ${summary.secondsPerPageMean} s/page (p95 ${summary.secondsPerPageP95}) · worker start ${summary.workerStartSeconds} s`,
  );
  console.log(JSON.stringify(summary));
}

/** The blind corpus row: each page read with its country's models, scored by the price's own box. */
async function benchCorpus(): Promise<CorpusTotals & { secondsPerPage: number }> {
  const scores: PageScore[] = [];
  const t0 = performance.now();
  for (const page of corpusPages(SERVER_DIR)) {
    const reading = await readPrices(corpusPicture(SERVER_DIR, page.id), { languages: ocrLanguagesFor(page.country), timeoutMs: 600_000 });
    scores.push(scorePage(page, candidatesOf(reading, { priceBoxes: true })));
  }
  const secondsPerPage = Math.round(((performance.now() - t0) / 1000 / Math.max(1, scores.length)) * 100) / 100;
  console.log(`\nblind corpus (accept threshold ${ACCEPT}):\n${corpusTable(scores)}`);
  return { ...corpusTotals(scores), secondsPerPage };
}

type KindScore = {
  pages: number;
  items: number;
  found: number;
  oneClick: number;
  wrongOneClick: number;
  wrongAll: number;
  withOld: number;
  oldRight: number;
  seconds: number;
};

/**
 * Pages of each kind (leafletKindOptions: struck-through old prices, superscript cents, rotated badges,
 * bursts, Cyrillic and Georgian names, pack sizes and dates beside prices, all of them at once), scored
 * per kind: found (a candidate with the item's price in its tile), one-click (found and at or above the
 * accept threshold), wrong one-click (a candidate at or above the threshold that is no item's price
 * there — what a user could save in one click), wrong (any such candidate), old prices right (of the
 * found items that have one).
 */
async function benchKinds(): Promise<Record<string, KindScore & { foundPct: number; oldPct: number }>> {
  const out: Record<string, KindScore & { foundPct: number; oldPct: number }> = {};
  const lines: string[] = [];
  const misses: string[] = [];
  for (const [k, kind] of LEAFLET_PAGE_KINDS.entries()) {
    if (ONLY_KINDS && !ONLY_KINDS.includes(kind)) continue;
    const s: KindScore = { pages: 0, items: 0, found: 0, oneClick: 0, wrongOneClick: 0, wrongAll: 0, withOld: 0, oldRight: 0, seconds: 0 };
    for (let p = 0; p < KIND_PAGES; p++) {
      const seed = KIND_SEED + k * 100 + p;
      const layout = LAYOUTS[(k + p) % 3];
      const options = leafletKindOptions(kind as LeafletPageKind, seed);
      const page = await renderLeafletPage({ seed, ...layout, ...options });
      const jpeg = p % 3 === 2;
      const image = jpeg ? await sharp(page.png).jpeg({ quality: 75 }).toBuffer() : page.png;
      const t0 = performance.now();
      const language = options.language ?? 'en';
      const country = language === 'uk' || language === 'ru' ? 'ua' : language === 'ka' ? 'ge' : 'cz';
      // the models the app picks for the leaflet's country (areas/leaflets/recognition.ts)
      const cands = (await recognisePrices(image, { languages: ocrLanguagesFor(country), timeoutMs: 600_000 })).candidates;
      s.seconds += (performance.now() - t0) / 1000;
      s.pages++;
      const used = new Set<OcrCandidate>();
      for (const item of page.items) {
        s.items++;
        if (item.oldPrice !== null) s.withOld++;
        const c = cands.find((c) => !used.has(c) && c.price === item.price && centreIn(c, item));
        if (!c) {
          misses.push(`${kind} seed ${seed}: missed ${item.price} (${item.name})`);
          continue;
        }
        used.add(c);
        s.found++;
        if (conf01(c) >= ACCEPT) s.oneClick++;
        if (item.oldPrice !== null && c.oldPrice === item.oldPrice) s.oldRight++;
        else if (item.oldPrice !== null) misses.push(`${kind} seed ${seed}: ${item.price} old ${c.oldPrice} ≠ ${item.oldPrice}`);
      }
      for (const c of cands.filter((c) => !used.has(c))) {
        s.wrongAll++;
        if (conf01(c) >= ACCEPT) s.wrongOneClick++;
        misses.push(`${kind} seed ${seed}: wrong ${c.price} (confidence ${conf01(c).toFixed(2)}) "${c.text}"`);
      }
    }
    out[kind] = { ...s, seconds: Math.round(s.seconds * 10) / 10, foundPct: pct(s.found, s.items), oldPct: pct(s.oldRight, s.withOld) };
    lines.push(
      [
        kind,
        `${s.pages}`,
        `${s.found}/${s.items}`,
        `${s.oneClick}`,
        `${s.wrongOneClick}`,
        `${s.wrongAll}`,
        `${s.oldRight}/${s.withOld}`,
        (s.seconds / s.pages).toFixed(2),
      ].join('\t'),
    );
  }
  const all = Object.values(out);
  const sum = (f: (s: KindScore) => number) => all.reduce((a, s) => a + f(s), 0);
  console.log(`\nkinds (seeds from ${KIND_SEED}, accept threshold ${ACCEPT}):`);
  console.log(['kind', 'pages', 'found', '1-click', 'wrong 1-click', 'wrong', 'old right', 's/page'].join('\t'));
  for (const l of lines) console.log(l);
  console.log(
    [
      'all',
      `${sum((s) => s.pages)}`,
      `${sum((s) => s.found)}/${sum((s) => s.items)} (${pct(
        sum((s) => s.found),
        sum((s) => s.items),
      )}%)`,
      `${sum((s) => s.oneClick)}`,
      `${sum((s) => s.wrongOneClick)}`,
      `${sum((s) => s.wrongAll)}`,
      `${sum((s) => s.oldRight)}/${sum((s) => s.withOld)}`,
    ].join('\t'),
  );
  if (misses.length) console.log(`\nkinds misses:\n  ${misses.join('\n  ')}`);
  return out;
}

main().catch(async (e) => {
  console.error(e);
  await shutdownOcr().catch(() => undefined);
  process.exit(1);
});
