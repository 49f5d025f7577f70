/**
 * Recognition of leaflet pages (docs/leaflets.md "Recognition"): GET /leaflets/{id}/neural-data queues
 * the pg-boss job `leaflets.recognise` on the first call (or with refresh=true once the last run ended)
 * and answers the page's state from leaflet_recognitions; the job reads the page picture, runs OCR
 * (src/ocr recognisePrices), finds each candidate's suggested product and stores the result. The row
 * names its job: a re-queued page ignores an older job. Any failure is status `failed` with an error
 * code, never a 500; a run left queued/running too long (a process that died) is reported `interrupted`.
 * Guests only read the state: their calls never queue a run (a page never recognised answers `none`).
 *
 * Shutdown: the onClose hook below runs before the job runner stops (hooks run in reverse order of
 * registration), so it sets `closing` first — a job handed over after that is marked `interrupted`
 * without touching OCR — then shutdownOcr() fails the run in flight and refuses any later call.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { NeuralData, PriceCandidate, RecognitionStatus } from '@pricewatch/shared/contract';
import { mayWriteLeaflet } from '@pricewatch/shared/permissions';
import { notFound } from '../../lib/errors';
import { toMinor } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import { toSummary } from '../products/plugin';
import type { PictureStore } from './pictures';
import type { LeafletsQueries, RecognitionRow } from './queries';
import type { LeafletsService } from './service';

const RECOGNISE_QUEUE = 'leaflets.recognise';
/** A run queued or running longer than this is taken as lost (its process stopped). */
const RECOGNITION_STALE_MS = 10 * 60_000;
/** Product suggestion: pg_trgm similarity of the candidate's text and the product name, at least this. */
const SUGGEST_MIN_SIMILARITY = 0.4;
/** Candidate texts shorter than this (letters and digits) get no suggestion. */
const SUGGEST_MIN_LETTERS = 4;

type StoredCandidate = Omit<PriceCandidate, 'suggestedProduct' | 'confirmedPriceId'> & { suggestedProductId: number | null };

const overlaps = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The text a product is searched by: letters and digits only, single spaces. */
const suggestionText = (text: string) =>
  text
    .replace(/[^\p{L}\p{N}%.,]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);

/** The product of `country` whose name most resembles `text`, when similar enough (the rule above). */
async function suggestProduct(queries: LeafletsQueries, text: string, country: string): Promise<number | null> {
  const t = suggestionText(text);
  if (t.replace(/[^\p{L}\p{N}]/gu, '').length < SUGGEST_MIN_LETTERS) return null;
  const row = await queries.mostSimilarProduct(t, country);
  return row && row.s >= SUGGEST_MIN_SIMILARITY ? row.id : null;
}

export async function createRecognition(fastify: FastifyInstance, pictures: PictureStore, service: LeafletsService) {
  const { queries } = service;
  let closing = false;
  let ocrLoaded = false;

  await fastify.jobs.register<{ pageId: number; jobId: string }>(
    RECOGNISE_QUEUE,
    async ({ pageId, jobId }, ctx) => {
      if (closing || ctx.signal.aborted) {
        await queries.recognitionInterrupted(pageId, jobId).catch(() => undefined);
        return;
      }
      if (!(await queries.startRecognition(pageId, jobId))) return;
      let lastWrite = 0;
      let writes = Promise.resolve();
      const onProgress = (pct: number) => {
        const now = Date.now();
        if (now - lastWrite < 400) return;
        lastWrite = now;
        const p = Math.max(0, Math.min(99, Math.round(pct)));
        writes = writes
          .then(() => queries.recognitionProgress(pageId, jobId, p))
          .then(
            () => undefined,
            () => undefined,
          );
      };
      try {
        const page = await queries.page(pageId);
        if (!page) return;
        const country = await queries.leafletCountry(page.leafletId);
        const file = pictures.pathOf(page.fileName);
        const image = file ? await readFile(file).catch(() => null) : null;
        if (!image) throw Object.assign(new Error('picture missing'), { code: 'picture_missing' });
        if (closing || ctx.signal.aborted) throw Object.assign(new Error('interrupted'), { code: 'interrupted' });
        const { ocrLanguagesFor, recognisePrices } = await import('../../ocr');
        ocrLoaded = true;
        // the leaflet's market decides the script its names are printed in (Cyrillic in ua, Georgian in ge)
        const result = await recognisePrices(image, { onProgress, languages: ocrLanguagesFor(country), dumpCropsDir: fastify.config.ocrDumpCropsDir });
        if (closing || ctx.signal.aborted) throw Object.assign(new Error('interrupted'), { code: 'interrupted' });
        const candidates: StoredCandidate[] = [];
        for (const c of result.candidates) {
          candidates.push({ ...c, suggestedProductId: await suggestProduct(queries, c.text, country ?? '') });
        }
        await writes;
        await queries.recognitionDone(pageId, jobId, { result: { candidates }, text: result.text, seconds: result.seconds });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const reason = closing || ctx.signal.aborted ? 'interrupted' : typeof code === 'string' && /^[a-z_]+$/.test(code) ? code : 'ocr_failed';
        fastify.log.warn({ pageId, reason, err: error }, 'leaflets: recognition failed');
        await writes;
        await queries.recognitionFailed(pageId, jobId, reason).catch(() => undefined);
      }
    },
    { concurrency: 1, retryLimit: 0, expireInSeconds: 15 * 60 },
  );

  fastify.addHook('onClose', async () => {
    closing = true;
    // Only when this process ran OCR: importing it just to stop it would load tesseract for nothing.
    if (ocrLoaded) {
      const { shutdownOcr } = await import('../../ocr');
      await shutdownOcr().catch(() => undefined);
    }
  });

  async function queue(pageId: number, refresh: boolean): Promise<void> {
    const jobId = randomUUID();
    if (!(await queries.queueRecognition(pageId, jobId, refresh))) return;
    try {
      await fastify.jobs.send(RECOGNISE_QUEUE, { pageId, jobId }, { id: jobId });
    } catch (error) {
      fastify.log.error({ err: error, pageId }, 'leaflets: could not queue recognition');
      await queries.recognitionFailed(pageId, jobId, 'not_queued');
    }
  }

  async function answer(pageId: number, leafletId: number, row: RecognitionRow | undefined): Promise<NeuralData> {
    if (!row) {
      return { pageId: String(pageId), status: 'none', progress: 0, candidates: [], text: '', seconds: null, error: null, recognisedAt: null };
    }
    const result = row.result as { candidates: StoredCandidate[] } | null;
    const stored = row.status === 'done' ? (result?.candidates ?? []) : [];
    const productIds = [...new Set(stored.map((c) => c.suggestedProductId).filter((id): id is number => id !== null))];
    // Products through the products area (untranslated names, as the suggestion was made).
    const products = await fastify.products.queries.summaries(productIds);
    const productById = new Map(products.map((p) => [p.id, p]));
    const priceBoxes = stored.length ? await queries.boxedPrices(leafletId, pageId) : [];
    const candidates: PriceCandidate[] = stored.map(({ suggestedProductId, ...c }) => {
      const product = suggestedProductId === null ? undefined : productById.get(suggestedProductId);
      const confirmed = priceBoxes.find((p) => p.price === toMinor(c.price) && p.box && overlaps(p.box, c.box));
      // results stored before confidence was 0..1 kept OCR's 0–100
      const confidence = c.confidence > 1 ? Math.min(1, c.confidence / 100) : c.confidence;
      return { ...c, confidence, suggestedProduct: product ? toSummary(product) : null, confirmedPriceId: confirmed ? String(confirmed.id) : null };
    });
    return {
      pageId: String(pageId),
      status: row.status as RecognitionStatus,
      progress: row.status === 'done' ? 100 : row.progress,
      candidates,
      text: row.status === 'done' ? (row.text ?? '') : '',
      seconds: row.seconds,
      error: row.error,
      recognisedAt: row.status === 'done' && row.finishedAt ? row.finishedAt.toISOString() : null,
    };
  }

  return {
    /**
     * GET /leaflets/{id}/neural-data: queues when needed (only for the leaflet's writers: guests and other
     * networks get the stored state, or `none`), answers the state. 404 for a page of another leaflet.
     */
    async neuralData(user: AuthUser, leafletId: number, pageId: number, refresh: boolean): Promise<NeuralData> {
      const leaflet = await service.visibleLeaflet(user, leafletId);
      const page = await queries.page(pageId);
      if (!page || page.leafletId !== leafletId) throw notFound('page');
      let row = await queries.recognition(pageId);
      if (row && (row.status === 'queued' || row.status === 'running')) {
        const since = (row.startedAt ?? row.queuedAt).getTime();
        // A row without a job (none is written so) cannot be told from another's: it stays.
        if (Date.now() - since > RECOGNITION_STALE_MS && row.jobId !== null) {
          await queries.recognitionInterrupted(pageId, row.jobId);
          row = await queries.recognition(pageId);
        }
      }
      // Starting a run writes the page's recognition: the leaflet's writers only (guests never).
      const mayQueue = mayWriteLeaflet(user.profile, leaflet.network);
      if (mayQueue && (!row || (refresh && (row.status === 'done' || row.status === 'failed')))) {
        await queue(pageId, refresh);
        row = await queries.recognition(pageId);
      }
      return answer(pageId, leafletId, row);
    },
  };
}
