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
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { createWorker, type Worker } from 'tesseract.js';
import engData from '@tesseract.js-data/eng';
import { LEAFLET_LIMITS, type PriceCandidate } from '@pricewatch/shared/contract';
import { buildCandidates, type OcrWord } from './candidates';
import { darkTextOnLight } from './polarity';

export type OcrCandidate = Omit<PriceCandidate, 'suggestedProduct' | 'confirmedPriceId'>;
export type OcrResult = { text: string; seconds: number; candidates: OcrCandidate[] };
export type RecogniseOptions = {
  onProgress?: (pct: number) => void;
  /** Most milliseconds for the OCR of this page (worker start included); default OCR_TIMEOUT_MS. */
  timeoutMs?: number;
};

/** The English LSTM model, integer-quantised "best" (as accurate as best, faster). */
export const OCR_LANG_PATH = path.join(path.dirname(engData.langPath), '4.0.0_best_int');
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
  return pending.then((w) => w.terminate()).then(() => undefined, () => undefined);
}

function getWorker(): Promise<Worker> {
  if (stopped) return Promise.reject(unavailable());
  if (!workerPromise) {
    const started = performance.now();
    workerPromise = createWorker('eng', 1, {
      langPath: OCR_LANG_PATH,
      gzip: true,
      cacheMethod: 'none',
      logger: (m) => {
        if (m.status === 'recognizing text' && progressSink) progressSink(10 + Math.round(m.progress * 85));
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

/** Greyscale, scaled into OCR_MIN_WIDTH…OCR_MAX_WIDTH (and under OCR_MAX_PIXELS), as PNG. */
export async function prepareImage(
  image: Buffer,
  maxInputPixels: number = OCR_MAX_INPUT_PIXELS,
): Promise<{ png: Buffer; scale: number; width: number; height: number }> {
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
    const png = await sharp(Buffer.from(darkTextOnLight(grey.data, grey.info.width, grey.info.height)), {
      raw: { width: grey.info.width, height: grey.info.height, channels: 1 },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    return { png, scale, width, height };
  } catch (e) {
    throw ocrError('image_unreadable', 'picture could not be decoded', e);
  }
}

/** OCR words with boxes (in the prepared picture's pixels) from tesseract's blocks. */
function wordsOf(page: { blocks: { paragraphs: { lines: { words: { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } }[] }[] }[] }[] | null }): OcrWord[] {
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

async function run(image: Buffer, opts: RecogniseOptions): Promise<OcrResult> {
  const started = performance.now();
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
      const worker = await getWorker();
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
  } finally {
    over = true;
    clearTimeout(timer);
    abortCurrent = null;
    progressSink = null;
  }
  const candidates = buildCandidates(words, { scale: prepared.scale, width: prepared.width, height: prepared.height });
  report(100);
  return { text, seconds: Math.round((performance.now() - started) / 10) / 100, candidates };
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
 * Stops OCR for good: later calls (and those still queued) reject with `ocr_unavailable`, the call in
 * flight fails at once, and the worker is terminated. Safe to call again or without a worker.
 */
export async function shutdownOcr(): Promise<void> {
  stopped = true;
  abortCurrent?.(unavailable());
  await dropWorker();
}
