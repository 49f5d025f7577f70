/**
 * Tuning aid for leaflet recognition (not a test, not the bench): reads the blind corpus's and the attack
 * pages once, keeps what OCR read (readPrices: words, regions, strikes) as JSON, and replays the candidate
 * rules on it in a second — so a rule of candidates.ts is measured on every page without minutes of OCR.
 * A change to the picture's preparation (polarity.ts, regions.ts, index.ts) needs a fresh reading.
 *
 *   npx tsx bench/leaflets-replay.ts read [dir] [batch|attack|all|ids]  read and keep the readings (slow)
 *   npx tsx bench/leaflets-replay.ts score [dir]                      replay the rules, print the tables
 *
 * dir defaults to $TMPDIR/pricewatch-leaflet-readings. Batches: 1, 2, 3 (corpus), attack, all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CANDIDATE_ACCEPT_CONFIDENCE } from '@pricewatch/shared/contract';
import { candidatesOf, ocrLanguagesFor, readPrices, shutdownOcr, type OcrReading } from '../src/ocr';
import { corpusDir, corpusPages, corpusPicture, corpusTable, scorePage, type CorpusPage } from './leaflets-corpus';

const SERVER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const ATTACK_DIR = path.join(SERVER_DIR, '__tests__', 'fixtures', 'leaflet-attack');
type AttackTile = { name: string; price: number; oldPrice: number | null };
const attackAnswers = () =>
  JSON.parse(fs.readFileSync(path.join(ATTACK_DIR, 'answers.json'), 'utf8')) as Record<string, { country: string; tiles: AttackTile[] }>;

// the attack pages' grid (their HTML's CSS): two columns of 596 px, rows of 510 px from (16, 196), 16 px gaps
const attackTileAt = (tiles: AttackTile[], x: number, y: number) => {
  const col = Math.floor((x - 16) / 612);
  const row = Math.floor((y - 196) / 526);
  return col >= 0 && col < 2 && row >= 0 ? (tiles[row * 2 + col] ?? null) : null;
};

const batchOf = (id: string, batches: Map<string, number>) => batches.get(id) ?? 1;

function corpusBatches(): Map<string, number> {
  const out = new Map<string, number>();
  for (const b of [2, 3] as const) for (const p of corpusPages(SERVER_DIR, b)) out.set(p.id, b);
  return out;
}

async function read(dir: string, which: string) {
  fs.mkdirSync(dir, { recursive: true });
  const batches = corpusBatches();
  // a batch number, 'attack', 'all', or page ids (comma-separated: corpus ids or attack page names)
  const ids = which.split(',');
  const pages = corpusPages(SERVER_DIR).filter((p) => which === 'all' || String(batchOf(p.id, batches)) === which || ids.includes(p.id));
  for (const p of which === 'attack' ? [] : pages) {
    const reading = await readPrices(corpusPicture(SERVER_DIR, p.id), { languages: ocrLanguagesFor(p.country), timeoutMs: 600_000 });
    fs.writeFileSync(path.join(dir, `corpus-${p.id}.json`), JSON.stringify(reading));
    console.log('read', p.id);
  }
  for (const [id, a] of Object.entries(attackAnswers()))
    if (which === 'attack' || which === 'all' || ids.includes(id)) {
      const reading = await readPrices(fs.readFileSync(path.join(ATTACK_DIR, `${id}.png`)), { languages: ocrLanguagesFor(a.country), timeoutMs: 600_000 });
      fs.writeFileSync(path.join(dir, `attack-${id}.json`), JSON.stringify(reading));
      console.log('read', id);
    }
  await shutdownOcr();
}

function score(dir: string) {
  const batches = corpusBatches();
  const byBatch = new Map<number, ReturnType<typeof scorePage>[]>();
  for (const p of corpusPages(SERVER_DIR) as CorpusPage[]) {
    const file = path.join(dir, `corpus-${p.id}.json`);
    if (!fs.existsSync(file)) continue;
    const reading = JSON.parse(fs.readFileSync(file, 'utf8')) as OcrReading;
    const b = batchOf(p.id, batches);
    byBatch.set(b, [...(byBatch.get(b) ?? []), scorePage(p, candidatesOf(reading, { priceBoxes: true }))]);
  }
  for (const [b, scores] of [...byBatch].sort((x, y) => x[0] - y[0])) console.log(`\n== batch ${b}\n${corpusTable(scores)}`);
  const answers = attackAnswers();
  for (const [id, a] of Object.entries(answers)) {
    const file = path.join(dir, `attack-${id}.json`);
    if (!fs.existsSync(file)) continue;
    const reading = JSON.parse(fs.readFileSync(file, 'utf8')) as OcrReading;
    const cands = candidatesOf(reading, { priceBoxes: true });
    const lines = cands.map((c) => {
      const tile = attackTileAt(a.tiles, c.box.x + c.box.w / 2, c.box.y + c.box.h / 2);
      const one = c.confidence >= CANDIDATE_ACCEPT_CONFIDENCE;
      const right = tile?.price === c.price && (c.oldPrice === null || c.oldPrice === tile.oldPrice);
      return `${one && !right ? 'WRONG ONE-CLICK ' : right ? '' : 'wrong '}${c.price}${c.oldPrice ? ` was ${c.oldPrice}` : ''} @${c.confidence} in ${tile?.name ?? '-'} (printed ${tile?.price ?? '-'})`;
    });
    console.log(`\n== attack ${id}\n${lines.join('\n')}`);
  }
}

const [mode, dirArg, which] = process.argv.slice(2);
const dir = dirArg ?? path.join(os.tmpdir(), 'pricewatch-leaflet-readings');
if (mode === 'read') await read(dir, which ?? 'all');
else if (mode === 'score') score(dir);
else console.log(`usage: read|score [dir] [batch]  (corpus in ${corpusDir(SERVER_DIR)})`);
