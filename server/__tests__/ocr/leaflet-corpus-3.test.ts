/**
 * The blind leaflet corpus's third batch (LEAFCORP3, pages-3.mjs: 10 pages — Stokrotka, Rossmann, Carrefour PL,
 * Kaufland CZ, dm, Metro UA, Eva, Auchan UA, Europroduct, 2 Nabiji), scored like the first two batches in a file
 * of its own so each file's OCR stays within a few minutes. Scored first with the engine as it was when the
 * batch landed (see docs "Blind corpus", fourth round).
 */
import path from 'node:path';
import { shutdownOcr } from '../../src/ocr';
import { corpusPages } from '../../bench/leaflets-corpus';
import { scoreCorpus } from './leaflet-corpus-score';

const SERVER_DIR = path.join(__dirname, '..', '..');

afterAll(() => shutdownOcr());

/** Measured when the rules last changed: 64 of 88 (72.7 %; 61 with 4 wrong one-click at c55d731, when it landed); see docs "Blind corpus". */
const FOUND_AT_LEAST = 0.72;

describe('blind leaflet corpus, third batch', () => {
  it('offers no wrong price at one-click confidence on any page, and finds the measured share', async () => {
    const t = await scoreCorpus(SERVER_DIR, corpusPages(SERVER_DIR, 3));
    expect(t.pages).toBe(10);
    expect(t.wrongOneClick).toEqual([]);
    expect(t.found / t.priced).toBeGreaterThanOrEqual(FOUND_AT_LEAST);
  }, 3_600_000);
});
