/**
 * Offline price recognition of leaflet page pictures (server/docs/leaflets-recognition.md):
 * sharp prepares the picture (greyscale, scaled to a width tesseract reads well), tesseract.js reads
 * words with boxes, and the pure rules of candidates.ts turn them into price candidates. The English
 * traineddata comes from the @tesseract.js-data/eng package (nothing is downloaded); one worker per
 * process, created on first use, and calls are serialised.
 *
 * Lifecycle: a call that takes longer than its timeout (OCR_TIMEOUT_MS, option `timeoutMs`) terminates
 * the worker and fails with code `ocr_timeout` — the next call starts a fresh worker, so one hung page
 * never blocks the pages after it. shutdownOcr() stops the module for good: the worker is terminated at
 * once (a call in flight fails with `ocr_unavailable`), and every later call rejects with
 * `ocr_unavailable` without creating a worker.
 */
import { copyFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { createWorker, type Worker } from 'tesseract.js';
import engData from '@tesseract.js-data/eng';
import katData from '@tesseract.js-data/kat';
import ukrData from '@tesseract.js-data/ukr';
import { LEAFLET_LIMITS, type PriceCandidate } from '@pricewatch/shared/contract';
import { buildCandidates, type CandidateDraft, type CandidateOptions, type OcrWord, type RegionReading } from './candidates';
import { darkTextOnLight } from './polarity';
import { findPriceRegions, removeStrikes, type PriceRegion, type Rect } from './regions';

export type OcrCandidate = Omit<PriceCandidate, 'suggestedProduct' | 'confirmedPriceId'>;
export type OcrResult = { text: string; seconds: number; candidates: OcrCandidate[] };
/** What OCR read, before the candidate rules (for tuning and tests): words in prepared-picture pixels. */
export type OcrReading = { text: string; words: OcrWord[]; regions: RegionReading[]; strikes: Rect[]; scale: number; width: number; height: number };
export type RecogniseOptions = {
  onProgress?: (pct: number) => void;
  /** Most milliseconds for the OCR of this page (worker start included); default OCR_TIMEOUT_MS. */
  timeoutMs?: number;
  /** The models to read with (ocrLanguagesFor(country)); default English only. */
  languages?: readonly OcrLanguage[];
  /** Tuning aid: each price region's crop is written here as a PNG (OCR_DUMP_CROPS, config.ts). */
  dumpCropsDir?: string | null;
};

/** The English LSTM model, integer-quantised "best" (as accurate as best, faster). */
export const OCR_LANG_PATH = path.join(path.dirname(engData.langPath), '4.0.0_best_int');

/**
 * The models the project ships (npm packages of traineddata, same layout as eng; nothing is downloaded):
 * English, Ukrainian (its model also has the Russian letters ы, э, ъ, ё) and Georgian.
 */
export const OCR_LANGUAGES = {
  eng: OCR_LANG_PATH,
  ukr: path.join(path.dirname(ukrData.langPath), '4.0.0_best_int'),
  kat: path.join(path.dirname(katData.langPath), '4.0.0_best_int'),
} as const;
export type OcrLanguage = keyof typeof OCR_LANGUAGES;

/**
 * The models for a deployment country's leaflets: its own script first, then English (brands, units and
 * Latin names are printed everywhere). Czech and Polish read well enough with English alone (prices are
 * digits; diacritics come out approximately), and each extra model costs time on every page.
 */
export function ocrLanguagesFor(country: string | null | undefined): OcrLanguage[] {
  if (country === 'ua') return ['ukr', 'eng'];
  if (country === 'ge') return ['kat', 'eng'];
  return ['eng'];
}
/** Pictures are scaled to a width within these bounds before OCR (see the doc for the measurements). */
export const OCR_MIN_WIDTH = 1200;
export const OCR_MAX_WIDTH = 2000;
/** Most pixels handed to OCR (a very tall picture is scaled down to stay under it). */
export const OCR_MAX_PIXELS = 2000 * 4000;
/** Most pixels of a picture sharp decodes for OCR (uploads are at most imageMaxSide on each side). */
export const OCR_MAX_INPUT_PIXELS = LEAFLET_LIMITS.imageMaxSide * LEAFLET_LIMITS.imageMaxSide;
/** Default per-page timeout of recognisePrices. */
export const OCR_TIMEOUT_MS = 60_000;

let workerPromise: Promise<Worker> | null = null;
/** The languages of the current worker ("ukr+eng"). */
let workerLanguages = '';
let queue: Promise<unknown> = Promise.resolve();
let progressSink: ((pct: number) => void) | null = null;
/** Set by shutdownOcr(): no worker is created any more. */
let stopped = false;
/** Fails the call in flight (shutdown). */
let abortCurrent: ((error: Error) => void) | null = null;
/** Seconds the last worker took to start (the benchmark reports it). */
export let lastWorkerStartSeconds: number | null = null;

function ocrError(code: string, message: string, cause?: unknown): Error {
  return Object.assign(new Error(message, { cause }), { code });
}

const unavailable = () => ocrError('ocr_unavailable', 'OCR was shut down');

/** Terminates the current worker (when there is one) and forgets it: the next call starts a new one. */
function dropWorker(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (!pending) return Promise.resolve();
  return pending
    .then((w) => w.terminate())
    .then(
      () => undefined,
      () => undefined,
    );
}

function getWorker(languages: readonly OcrLanguage[]): Promise<Worker> {
  if (stopped) return Promise.reject(unavailable());
  const key = languages.join('+');
  // Another set of models: a fresh worker (pages of one leaflet share a country, so this is rare).
  if (workerPromise && workerLanguages !== key) void dropWorker();
  if (!workerPromise) {
    const started = performance.now();
    workerLanguages = key;
    workerPromise = createWorker(key, 1, {
      langPath: modelFolder(languages),
      gzip: true,
      cacheMethod: 'none',
      logger: (m) => {
        if (m.status === 'recognizing text' && progressSink) progressSink(10 + Math.round(m.progress * 70));
      },
      errorHandler: () => undefined,
    })
      .then(async (w) => {
        // sparse text: leaflets are scattered blocks, not a column of prose (measured: finds more prices)
        await w.setParameters({ tessedit_pageseg_mode: '11' as never, user_defined_dpi: '150' });
        lastWorkerStartSeconds = (performance.now() - started) / 1000;
        return w;
      })
      .catch((e) => {
        workerPromise = null;
        throw ocrError('ocr_unavailable', 'OCR worker failed to start', e);
      });
  }
  return workerPromise;
}

/**
 * A folder holding the models of `languages` side by side: tesseract.js reads every model from one
 * `langPath`, and each package has its own folder (and tesseract.js 7 cannot initialise from models
 * handed over as bytes). English alone is read in place; otherwise the packaged files are copied once
 * into a folder under the system's temporary directory (through a rename, so processes sharing it
 * never see half a file). Nothing is downloaded.
 */
function modelFolder(languages: readonly OcrLanguage[]): string {
  if (languages.every((l) => l === 'eng')) return OCR_LANGUAGES.eng;
  const dir = path.join(tmpdir(), 'pricewatch-tessdata-4.0.0_best_int');
  mkdirSync(dir, { recursive: true });
  for (const code of languages) {
    const from = path.join(OCR_LANGUAGES[code], `${code}.traineddata.gz`);
    const to = path.join(dir, `${code}.traineddata.gz`);
    const size = statSync(from).size;
    let have = -1;
    try {
      have = statSync(to).size;
    } catch {
      /* not there yet */
    }
    if (have === size) continue;
    const part = `${to}.${process.pid}.part`;
    copyFileSync(from, part);
    renameSync(part, to);
  }
  return dir;
}

/**
 * A picture ready for OCR: `grey` (pw × ph, 1 byte a pixel, light-on-dark text turned dark-on-light,
 * strike lines erased) and the same as PNG; `strikes` are the boxes of struck-through words.
 */
export type Prepared = { png: Buffer; grey: Uint8Array; pw: number; ph: number; strikes: Rect[]; scale: number; width: number; height: number };

/** Greyscale, scaled into OCR_MIN_WIDTH…OCR_MAX_WIDTH (and under OCR_MAX_PIXELS), as PNG. */
export async function prepareImage(image: Buffer, maxInputPixels: number = OCR_MAX_INPUT_PIXELS): Promise<Prepared> {
  let meta: Metadata;
  try {
    // The header only (no decode); the size is checked below, and the decode has the limit.
    meta = await sharp(image, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw ocrError('image_unreadable', 'not a picture sharp can read', e);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw ocrError('image_unreadable', 'picture without size');
  if (width * height > maxInputPixels) throw ocrError('image_too_large', 'picture has too many pixels');
  let scale = 1;
  if (width < OCR_MIN_WIDTH) scale = OCR_MIN_WIDTH / width;
  else if (width > OCR_MAX_WIDTH) scale = OCR_MAX_WIDTH / width;
  if (width * height * scale * scale > OCR_MAX_PIXELS) scale = Math.sqrt(OCR_MAX_PIXELS / (width * height));
  let img = sharp(image, { limitInputPixels: maxInputPixels }).rotate().flatten({ background: '#ffffff' }).greyscale();
  if (Math.abs(scale - 1) > 0.01) img = img.resize({ width: Math.round(width * scale), kernel: scale > 1 ? 'cubic' : 'lanczos3' });
  else scale = 1;
  try {
    const grey = await img.raw().toBuffer({ resolveWithObject: true });
    if (grey.info.channels !== 1) throw new Error(`expected 1 channel, got ${grey.info.channels}`);
    const pw = grey.info.width;
    const ph = grey.info.height;
    const cleaned = removeStrikes(darkTextOnLight(grey.data, pw, ph), pw, ph);
    const png = await sharp(Buffer.from(cleaned.grey), { raw: { width: pw, height: ph, channels: 1 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    return { png, grey: cleaned.grey, pw, ph, strikes: cleaned.strikes, scale, width, height };
  } catch (e) {
    throw ocrError('image_unreadable', 'picture could not be decoded', e);
  }
}

/** Most price regions read again on one page (a page of 16 prices has about 20 with badges). */
export const OCR_MAX_REGIONS = 40;

/** One line of digits: single-line mode, digits and separators only. */
const DIGITS = { tessedit_pageseg_mode: '7' as never, tessedit_char_whitelist: '0123456789.,-' };
const PAGE = { tessedit_pageseg_mode: '11' as never, tessedit_char_whitelist: '' };

/** Glyph height (px) crops are scaled to: tesseract's LSTM misreads small digits ("90" as "20" at 24 px). */
const CROP_GLYPH_PX = 56;

/** A crop of the prepared picture, turned level by `angle` degrees, scaled so its glyphs are about CROP_GLYPH_PX tall, as PNG with a white margin. */
async function crop(p: Prepared, r: Rect, margin: number, angle: number, glyphH: number, maxX1 = Infinity, cuts: number[] = []): Promise<Buffer> {
  const x0 = Math.max(0, Math.floor(r.x0 - margin));
  const y0 = Math.max(0, Math.floor(r.y0 - margin));
  const x1 = Math.min(p.pw, Math.ceil(r.x1 + margin), Math.max(Math.ceil(r.x1), maxX1));
  const y1 = Math.min(p.ph, Math.ceil(r.y1 + margin));
  const inside = cuts.filter((c) => c > x0 && c < x1 - 1).sort((a, b) => a - b);
  let img = inside.length
    ? spread(p, x0, y0, x1, y1, inside, Math.max(2, Math.round(0.2 * (r.y1 - r.y0))))
    : sharp(Buffer.from(p.grey), { raw: { width: p.pw, height: p.ph, channels: 1 } }).extract({
        left: x0,
        top: y0,
        width: Math.max(1, x1 - x0),
        height: Math.max(1, y1 - y0),
      });
  if (Math.abs(angle) >= 2) {
    // sharp rotates clockwise: a run rising to the right (negative angle) turns back by −angle
    img = sharp(await img.png().toBuffer()).rotate(-angle, { background: '#ffffff' });
  }
  const factor = glyphH > 0 ? Math.min(4, Math.max(1, CROP_GLYPH_PX / glyphH)) : 1;
  if (factor > 1.1) {
    const meta = await sharp(await img.png().toBuffer()).metadata();
    img = sharp(await img.png().toBuffer()).resize({ width: Math.round((meta.width ?? 1) * factor), kernel: 'cubic' });
  }
  return img.extend({ top: 10, bottom: 10, left: 10, right: 10, background: '#ffffff' }).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * The prepared picture's x0..x1 × y0..y1 with touching digits cut apart: each cut column turns white and
 * `gap` white columns are put after it. Two touching equal digits ("99" raised cents kerned into one
 * component) are read by tesseract's LSTM as one, none or three ("9", "", "929", "199"); apart they read
 * "99" (the blind corpus's Auchan, Dino, Biedronka cents).
 */
function spread(p: Prepared, x0: number, y0: number, x1: number, y1: number, cuts: number[], gap: number) {
  const w = x1 - x0 + cuts.length * gap;
  const hh = y1 - y0;
  const out = new Uint8Array(w * hh).fill(255);
  for (let y = 0; y < hh; y++) {
    let shift = 0;
    for (let x = x0; x < x1; x++) {
      if (cuts.includes(x)) {
        shift += gap;
        continue;
      }
      out[y * w + x - x0 + shift] = p.grey[(y0 + y) * p.pw + x]!;
    }
  }
  return sharp(Buffer.from(out), { raw: { width: w, height: hh, channels: 1 } });
}

/**
 * Reads each price region again on its own (single line, digits only): the big digits, and the
 * superscript cents apart. The worker is left in page mode afterwards.
 */
async function readRegions(p: Prepared, words: OcrWord[] = [], dumpCropsDir: string | null = null): Promise<RegionReading[]> {
  const found = findPriceRegions(p.grey, p.pw, p.ph).slice(0, OCR_MAX_REGIONS);
  // struck-through numbers: the page's words with digits under a strike line, read again alone (the
  // line's leftovers and the small print made the page's reading lose digits: "43.90" read "43.00")
  const struck: PriceRegion[] = [];
  for (const s of p.strikes.slice(0, OCR_MAX_REGIONS)) {
    const inside = words.filter((w) => /\d.*\d/.test(w.text) && Math.min(w.x1, s.x1) > Math.max(w.x0, s.x0) && Math.min(w.y1, s.y1) > Math.max(w.y0, s.y0));
    if (!inside.length) continue;
    const box = inside.reduce<Rect>((a, w) => ({ x0: Math.min(a.x0, w.x0), y0: Math.min(a.y0, w.y0), x1: Math.max(a.x1, w.x1), y1: Math.max(a.y1, w.y1) }), {
      x0: inside[0]!.x0,
      y0: inside[0]!.y0,
      x1: inside[0]!.x1,
      y1: inside[0]!.y1,
    });
    const glyphs = inside.reduce((n, w) => n + w.text.replace(/\D/g, '').length, 0);
    struck.push({ big: box, angle: 0, cents: null, glyphH: box.y1 - box.y0, glyphs });
  }
  if (!found.length && !struck.length) return [];
  const worker = await getWorker(workerLanguages ? (workerLanguages.split('+') as OcrLanguage[]) : ['eng']);
  const out: RegionReading[] = [];
  await worker.setParameters(DIGITS);
  try {
    for (const r of [...found, ...struck]) {
      const one = async (rect: Rect, angle: number, margin: number, glyphH: number, maxX1?: number, cuts?: number[]) => {
        const png = await crop(p, rect, margin, angle, glyphH, maxX1, cuts);
        if (dumpCropsDir) (await import('node:fs')).writeFileSync(path.join(dumpCropsDir, `crop-${rect.x0}-${rect.y0}.png`), png);
        const res = await worker.recognize(png, {}, { text: true });
        return { text: (res.data.text ?? '').trim(), conf: res.data.confidence ?? 0 };
      };
      // Each part is read at two scales: a reading both agree on is kept with the lower confidence, a
      // disagreement is kept as doubtful (confidence 20) — the candidate then needs Fix. Small raised
      // cents are read as nothing at one scale or the other: what the other scale read is kept, doubtful.
      const twice = async (rect: Rect, margin: number, glyphH: number, maxX1?: number, cuts?: number[]) => {
        const a = await one(rect, r.angle, margin, glyphH, maxX1, cuts);
        const b = await one(rect, r.angle, margin, glyphH * (2 / 3), maxX1, cuts);
        const digits = (x: string) => x.replace(/\D/g, '');
        if (!digits(a.text)) return digits(b.text) ? { text: b.text, conf: Math.min(b.conf, 20) } : a;
        return digits(a.text) === digits(b.text) ? { text: a.text, conf: Math.min(a.conf, b.conf) } : { text: a.text, conf: Math.min(a.conf, b.conf, 20) };
      };
      // a struck number is small print: read at 4× and 3× with a wider margin (at 1.5 px of margin "43.90" was read "43.00")
      const isStruck = struck.includes(r);
      const big = isStruck
        ? await (async () => {
            const margin = Math.max(3, 0.35 * r.glyphH);
            const a = await one(r.big, 0, margin, CROP_GLYPH_PX / 4);
            const b = await one(r.big, 0, margin, CROP_GLYPH_PX / 3);
            const digits = (x: string) => x.replace(/\D/g, '');
            return digits(a.text) === digits(b.text) ? { text: a.text, conf: Math.min(a.conf, b.conf) } : { text: a.text, conf: Math.min(a.conf, b.conf, 20) };
          })()
        : // a lone big digit's margin stops short of its cents: the start of a raised "4" beside a "7" made
          // it unreadable (Lidl "7⁴⁹", "9⁹⁹"); runs of two or more keep theirs (cut short, "27" was read "21")
          await twice(r.big, 0.15 * r.glyphH, r.glyphH, r.cents && r.glyphs === 1 ? r.cents.x0 - 1 : undefined);
      const cents = r.cents && !isStruck ? await twice(r.cents, 0.1 * (r.cents.y1 - r.cents.y0), r.cents.y1 - r.cents.y0, undefined, r.centsCuts) : null;
      // one big digit with its cents ("7⁴⁹"): tesseract reads a lone glyph as nothing or another digit
      // ("5" as "3"); read with its cents it has context. The combined reading's first digit is kept
      // when the lone one read none or disagrees — doubtful either way (Fix, not one click)
      if (cents && r.cents && r.glyphs === 1 && /^\d{2}$/.test(cents.text.replace(/\D/g, ''))) {
        // (a small margin: the currency under the cents, "zł", is read as a fourth digit when caught)
        const both = await twice(union(r.big, r.cents), 0.05 * r.glyphH, r.glyphH, undefined, r.centsCuts);
        const d = both.text.replace(/\D/g, '');
        const lone = big.text.replace(/\D/g, '');
        if ((d.length === 3 || d.length === 4) && d.slice(1, 3) === cents.text.replace(/\D/g, '') && lone !== d[0])
          Object.assign(big, { text: d[0]!, conf: Math.min(both.conf, 20) });
      }
      // nothing like digits: no second look
      if (!/\d/.test(big.text)) continue;
      out.push({
        ...region(r),
        text: big.text,
        conf: big.conf,
        centsText: cents?.text ?? null,
        centsConf: cents?.conf ?? null,
        ...(isStruck ? { struck: true } : {}),
      });
    }
  } finally {
    await worker.setParameters(PAGE).catch(() => undefined);
  }
  return out;
}

const union = (a: Rect, b: Rect): Rect => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) });
const region = (r: PriceRegion) => ({
  big: r.big,
  cents: r.cents,
  angle: r.angle,
  glyphH: r.glyphH,
  glyphs: r.glyphs,
  ...(r.dash ? { dash: true } : {}),
  ...(r.topBars ? { topBars: r.topBars } : {}),
});

/** OCR words with boxes (in the prepared picture's pixels) from tesseract's blocks. */
function wordsOf(page: {
  blocks: { paragraphs: { lines: { words: { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } }[] }[] }[] }[] | null;
}): OcrWord[] {
  const words: OcrWord[] = [];
  let line = 0;
  for (const b of page.blocks ?? [])
    for (const p of b.paragraphs)
      for (const l of p.lines) {
        for (const w of l.words) {
          if (!w.text.trim()) continue;
          words.push({ text: w.text, conf: w.confidence, x0: w.bbox.x0, y0: w.bbox.y0, x1: w.bbox.x1, y1: w.bbox.y1, line });
        }
        line++;
      }
  return words;
}

/** The candidate rules on what OCR read (recognisePrices; scoring scripts pass `priceBoxes`). */
export function candidatesOf(r: OcrReading, extra: Pick<CandidateOptions, 'priceBoxes'> = {}): CandidateDraft[] {
  return buildCandidates(r.words, { scale: r.scale, width: r.width, height: r.height, regions: r.regions, strikes: r.strikes, ...extra });
}

async function run(image: Buffer, opts: RecogniseOptions): Promise<OcrResult> {
  const started = performance.now();
  const r = await read(image, opts);
  const candidates = candidatesOf(r);
  try {
    opts.onProgress?.(100);
  } catch {
    /* a progress callback never stops recognition */
  }
  return { text: r.text, seconds: Math.round((performance.now() - started) / 10) / 100, candidates };
}

async function read(image: Buffer, opts: RecogniseOptions): Promise<OcrReading> {
  const report = (pct: number) => {
    try {
      opts.onProgress?.(Math.max(0, Math.min(100, pct)));
    } catch {
      /* a progress callback never stops recognition */
    }
  };
  if (stopped) throw unavailable();
  report(0);
  const prepared = await prepareImage(image);
  report(5);
  let text = '';
  let words: OcrWord[] = [];
  let regions: RegionReading[] = [];
  const timeoutMs = opts.timeoutMs ?? OCR_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  let over = false;
  // The worker's start and the OCR race the timeout and a shutdown; the loser's promise is left to
  // settle (or not) on its own — a terminated worker's pending job never blocks the queue.
  const stop = new Promise<never>((_, reject) => {
    abortCurrent = reject;
    timer = setTimeout(() => {
      void dropWorker();
      reject(ocrError('ocr_timeout', `OCR took longer than ${timeoutMs} ms`));
    }, timeoutMs);
  });
  stop.catch(() => undefined);
  try {
    progressSink = report;
    const ocr = (async () => {
      const worker = await getWorker(opts.languages?.length ? opts.languages : ['eng']);
      // Lost the race meanwhile: the worker is being terminated, so it is not asked for anything.
      if (over) throw ocrError('ocr_timeout', 'OCR stopped before it began');
      report(10);
      try {
        return await worker.recognize(prepared.png, {}, { blocks: true, text: true });
      } catch (e) {
        throw ocrError('ocr_failed', 'OCR failed', e);
      }
    })();
    ocr.catch(() => undefined);
    const first = await Promise.race([ocr, stop]);
    text = (first.data.text ?? '').trim();
    words = wordsOf(first.data as never);
    // the regions' own readings report no progress of their own
    progressSink = null;
    report(80);
    const again = readRegions(prepared, words, opts.dumpCropsDir ?? null);
    again.catch(() => undefined);
    regions = await Promise.race([again, stop]);
  } finally {
    over = true;
    clearTimeout(timer);
    abortCurrent = null;
    progressSink = null;
  }
  report(96);
  return { text, words, regions, strikes: prepared.strikes, scale: prepared.scale, width: prepared.width, height: prepared.height };
}

/**
 * Reads the prices of one leaflet page picture (PNG, JPEG or WebP). Calls run one at a time; after
 * shutdownOcr() they reject with `ocr_unavailable`.
 */
export function recognisePrices(image: Buffer, opts: RecogniseOptions = {}): Promise<OcrResult> {
  if (stopped) return Promise.reject(unavailable());
  const result = queue.then(() => run(image, opts));
  queue = result.catch(() => undefined);
  return result;
}

/**
 * What OCR read on a page, before the candidate rules (queued like recognisePrices): tuning scripts keep
 * it and replay buildCandidates on it without OCR's minutes per page.
 */
export function readPrices(image: Buffer, opts: RecogniseOptions = {}): Promise<OcrReading> {
  if (stopped) return Promise.reject(unavailable());
  const result = queue.then(() => read(image, opts));
  queue = result.catch(() => undefined);
  return result;
}

/**
 * Stops OCR for good: later calls (and those still queued) reject with `ocr_unavailable`, the call in
 * flight fails at once, and the worker is terminated. Safe to call again or without a worker.
 */
export async function shutdownOcr(): Promise<void> {
  stopped = true;
  abortCurrent?.(unavailable());
  await dropWorker();
}
