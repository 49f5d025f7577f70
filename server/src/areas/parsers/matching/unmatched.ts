/**
 * Pages whose product matched nothing (docs/parsers.md "Matching pages to products"): kept per parser
 * by the runner, listed with suggestions, accepted (the page becomes the shop's offer of the product
 * and its price is written now, through the sanity guard) or rejected (hidden). The SQL is in
 * queries-unmatched.ts; every function takes the caller's handle: inside a transaction that is the
 * transaction's.
 */
import type { UnmatchedPage } from '@pricewatch/shared/contract';
import type { Db } from '../../../db/client';
import { recordObservations } from '../../prices/plugin';
import type { ParsersQueries } from '../queries';
import type { UnmatchedRead, UnmatchedRow } from '../queries-unmatched';
import { holdObservations, screenObservations, type SourcedObservation } from '../suspicious';
import { rankCandidates, type Candidate, type Scored } from './score';

/**
 * Keeps a run's unmatched pages, one row per page of the parser: a later reading replaces what was read.
 * A rejected page stays hidden; an accepted one that matches nothing again (its offer went) waits again.
 * Pages the run did match leave the queue.
 */
export async function keepUnmatched(
  q: Pick<ParsersQueries, 'dropMatchedPages' | 'upsertPages'>,
  run: { id: number; parserId: number; day: string },
  pages: UnmatchedRead[],
  matchedUrls: string[],
  tx: Db,
): Promise<void> {
  await q.dropMatchedPages(run.parserId, matchedUrls, tx);
  await q.upsertPages(run, [...new Map(pages.map((p) => [p.url, p])).values()], tx);
}

/** The forms a GTIN may be stored in (EAN-8, UPC-A, EAN-13, GTIN-14): the same digits padded with zeros; the index serves each. */
const eanForms = (key: string) => [...new Set([8, 12, 13, 14].filter((n) => n >= key.length).map((n) => key.padStart(n, '0')))];

/** Name candidates fetched per page before scoring (trigram similarity, the brand printed in the name). */
const NAME_CANDIDATES = 30;

/**
 * Up to three catalogue products of the parser's country for a page: the same EAN, the shop's own
 * article, then the names most alike by trigrams (pg_trgm), all scored by score.ts.
 */
export async function suggestionsFor(
  q: Pick<ParsersQueries, 'candidatesByEan' | 'candidatesByArticle' | 'candidatesByName'>,
  row: Pick<UnmatchedRow, 'name' | 'ean' | 'article' | 'country' | 'shopId'>,
): Promise<Scored[]> {
  const candidates: Candidate[] = [];
  const eanKey = row.ean?.replace(/\D/g, '').replace(/^0+/, '');
  if (eanKey) candidates.push(...(await q.candidatesByEan(row.country, eanForms(eanKey))));
  if (row.article && row.shopId !== null) candidates.push(...(await q.candidatesByArticle(row.country, row.shopId, row.article)));
  if (row.name) candidates.push(...(await q.candidatesByName(row.country, row.name, NAME_CANDIDATES)));
  return rankCandidates({ name: row.name, ean: row.ean, article: row.article }, candidates);
}

const major = (minor: number | null) => (minor === null ? null : minor / 100);

export function toUnmatched(r: UnmatchedRow, suggestions: Scored[]): UnmatchedPage {
  return {
    _id: String(r.id),
    parserId: String(r.parserId),
    country: r.country,
    url: r.url,
    name: r.name,
    ean: r.ean,
    article: r.article,
    price: major(r.price),
    oldPrice: major(r.oldPrice),
    promo: r.promo,
    currency: r.currency,
    inStock: r.inStock,
    day: r.day,
    firstSeenAt: r.firstSeenAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    decision: r.decision,
    productId: r.productId === null ? null : String(r.productId),
    suggestions: suggestions.map((s) => ({
      productId: String(s.productId),
      name: s.name,
      ean: s.ean,
      brand: s.brand,
      score: s.score,
      via: s.via,
      pack: s.pack,
    })),
  };
}

/**
 * An accepted page: its URL becomes the shop's offer of the product (the next run matches it and writes
 * its price), and the price just read is written now for the day it was read — unless the sanity guard
 * holds it among the suspicious prices, as it would a run's.
 */
export async function applyAcceptance(
  q: Pick<ParsersQueries, 'upsertOffer' | 'shopNetworks' | 'referencePrices' | 'insertHeld'>,
  row: UnmatchedRow,
  productId: number,
  shopId: number,
  guardShare: number,
  tx: Db,
): Promise<{ written: number; held: number; observation: SourcedObservation | null }> {
  await q.upsertOffer(productId, shopId, row.url, tx);
  if (row.price === null || row.day === null) return { written: 0, held: 0, observation: null };
  const old = row.oldPrice;
  const observation: SourcedObservation = {
    productId,
    shopId,
    day: row.day,
    regular: row.promo && old !== null ? old : row.price,
    promo: row.promo && old !== null ? row.price : null,
    inStock: row.inStock ?? true,
    source: 'parser',
    url: row.url,
    text: row.priceText,
    seq: row.itemSeq,
    currency: row.currency,
  };
  const { accepted, held } = await screenObservations(q, [observation], guardShare, tx);
  // A held price belongs to its run; a page whose run is gone has nothing to hold it by: written.
  const hold = row.runId === null ? [] : held;
  if (row.runId !== null && hold.length) await holdObservations(q, { id: row.runId, parserId: row.parserId }, hold, tx);
  const r = await recordObservations(tx, row.runId === null ? [...accepted, ...held] : accepted);
  return { written: r.extended + r.opened, held: hold.length, observation };
}
