/**
 * Pages whose product matched nothing (docs/parsers.md "Matching pages to products"): kept per parser
 * by the runner, listed with suggestions, accepted (the page becomes the shop's offer of the product
 * and its price is written now, through the sanity guard) or rejected (hidden). Every function takes
 * the caller's handle: inside a transaction that is the transaction's.
 */
import { sql } from 'drizzle-orm';
import type { UnmatchedPage } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../../db/client';
import { asIsoDay } from '../../../lib/days';
import { recordObservations } from '../../prices/plugin';
import { holdObservations, screenObservations, type SourcedObservation } from '../suspicious';
import { rankCandidates, type Candidate, type Scored } from './score';

/** A page as the runner read it (money in minor units). */
export type UnmatchedRead = {
  seq: number;
  url: string;
  name: string | null;
  ean: string | null;
  article: string | null;
  price: number | null;
  oldPrice: number | null;
  promo: boolean;
  currency: string | null;
  inStock: boolean | null;
  priceText: string | null;
};

export type UnmatchedRow = {
  id: number;
  parser_id: number;
  url: string;
  name: string | null;
  ean: string | null;
  article: string | null;
  price: number | null;
  old_price: number | null;
  promo: boolean;
  currency: string | null;
  in_stock: boolean | null;
  price_text: string | null;
  day: string | Date | null;
  run_id: number | null;
  item_seq: number | null;
  first_seen_at: string | Date;
  last_seen_at: string | Date;
  decision: 'accepted' | 'rejected' | null;
  product_id: number | null;
  network_id: number;
  shop_id: number | null;
  country: string;
};

/**
 * Keeps a run's unmatched pages, one row per page of the parser: a later reading replaces what was read.
 * A rejected page stays hidden; an accepted one that matches nothing again (its offer went) waits again.
 * Pages the run did match leave the queue.
 */
export async function keepUnmatched(db: Db, run: { id: number; parserId: number; day: string }, pages: UnmatchedRead[], matchedUrls: string[]): Promise<void> {
  if (matchedUrls.length) {
    await db.execute(sql`DELETE FROM unmatched_pages WHERE parser_id = ${run.parserId} AND decision IS NULL AND url = ANY(${sql.param(matchedUrls)}::text[])`);
  }
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  const rows = [...byUrl.values()];
  if (!rows.length) return;
  const col = <T>(f: (p: UnmatchedRead) => T) => sql.param(rows.map(f));
  await db.execute(sql`INSERT INTO unmatched_pages AS u (parser_id, run_id, day, item_seq, url, name, ean, article, price, old_price, promo, currency, in_stock, price_text)
    SELECT ${run.parserId}, ${run.id}, ${run.day}::date, * FROM unnest(${col((p) => p.seq)}::int[], ${col((p) => p.url)}::text[], ${col((p) => p.name)}::text[],
      ${col((p) => p.ean)}::text[], ${col((p) => p.article)}::text[], ${col((p) => p.price)}::int[], ${col((p) => p.oldPrice)}::int[],
      ${col((p) => p.promo)}::bool[], ${col((p) => p.currency)}::text[], ${col((p) => p.inStock)}::bool[], ${col((p) => p.priceText)}::text[])
    ON CONFLICT (parser_id, url) DO UPDATE SET run_id = EXCLUDED.run_id, day = EXCLUDED.day, item_seq = EXCLUDED.item_seq, name = EXCLUDED.name,
      ean = EXCLUDED.ean, article = EXCLUDED.article, price = EXCLUDED.price, old_price = EXCLUDED.old_price, promo = EXCLUDED.promo,
      currency = EXCLUDED.currency, in_stock = EXCLUDED.in_stock, price_text = EXCLUDED.price_text, last_seen_at = now(),
      decision = CASE WHEN u.decision = 'accepted' THEN NULL ELSE u.decision END,
      product_id = CASE WHEN u.decision = 'accepted' THEN NULL ELSE u.product_id END,
      decided_at = CASE WHEN u.decision = 'accepted' THEN NULL ELSE u.decided_at END,
      decided_by = CASE WHEN u.decision = 'accepted' THEN NULL ELSE u.decided_by END`);
}

const ROW = sql.raw(`u.id, u.parser_id, u.url, u.name, u.ean, u.article, u.price, u.old_price, u.promo, u.currency, u.in_stock, u.price_text, u.day,
  u.run_id, u.item_seq, u.first_seen_at, u.last_seen_at, u.decision, u.product_id, p.network_id, p.shop_id, p.country`);
const FROM = sql.raw(`unmatched_pages u JOIN parsers p ON p.id = u.parser_id`);

export async function listUnmatched(db: Db, parserId: number, limit: number, skip: number) {
  const where = sql`u.parser_id = ${parserId} AND u.decision IS NULL`;
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`);
  const rows = await queryRows<UnmatchedRow>(db, sql`SELECT ${ROW} FROM ${FROM} WHERE ${where} ORDER BY u.id LIMIT ${limit} OFFSET ${skip}`);
  return { rows, total: Number(count?.n ?? 0) };
}

export const unmatchedRow = async (db: Db, id: number) => (await queryRows<UnmatchedRow>(db, sql`SELECT ${ROW} FROM ${FROM} WHERE u.id = ${id}`))[0] ?? null;

/** The forms a GTIN may be stored in (EAN-8, UPC-A, EAN-13, GTIN-14): the same digits padded with zeros; the index serves each. */
const eanForms = (key: string) => [...new Set([8, 12, 13, 14].filter((n) => n >= key.length).map((n) => key.padStart(n, '0')))];

/** Name candidates fetched per page before scoring (trigram similarity, the brand printed in the name). */
const NAME_CANDIDATES = 30;

/**
 * Up to three catalogue products of the parser's country for a page: the same EAN, the shop's own
 * article, then the names most alike by trigrams (pg_trgm), all scored by score.ts.
 */
export async function suggestionsFor(db: Db, row: Pick<UnmatchedRow, 'name' | 'ean' | 'article' | 'country' | 'shop_id'>): Promise<Scored[]> {
  const candidates: Candidate[] = [];
  const cols = sql.raw(`p.id, p.name, p.ean, b.name AS brand, p.weight, p.unit`);
  const eanKey = row.ean?.replace(/\D/g, '').replace(/^0+/, '');
  if (eanKey) {
    candidates.push(
      ...(await queryRows<Candidate>(
        db,
        sql`SELECT ${cols} FROM products p LEFT JOIN brands b ON b.id = p.brand_id
          WHERE p.country = ${row.country} AND p.ean = ANY(${sql.param(eanForms(eanKey))}::text[]) LIMIT 5`,
      )),
    );
  }
  if (row.article && row.shop_id !== null) {
    candidates.push(
      ...(await queryRows<Candidate>(
        db,
        sql`SELECT ${cols}, o.shop_article AS "shopArticle" FROM offers o JOIN products p ON p.id = o.product_id LEFT JOIN brands b ON b.id = p.brand_id
          WHERE o.shop_id = ${row.shop_id} AND o.shop_article = ${row.article} AND p.country = ${row.country} LIMIT 5`,
      )),
    );
  }
  if (row.name) {
    candidates.push(
      ...(await queryRows<Candidate>(
        db,
        sql`SELECT ${cols} FROM products p LEFT JOIN brands b ON b.id = p.brand_id
          WHERE p.country = ${row.country}
          ORDER BY similarity(p.name, ${row.name}) + CASE WHEN b.name IS NOT NULL AND strpos(lower(${row.name}), lower(b.name)) > 0 THEN 0.3 ELSE 0 END DESC, p.id
          LIMIT ${NAME_CANDIDATES}`,
      )),
    );
  }
  return rankCandidates(
    { name: row.name, ean: row.ean, article: row.article },
    candidates.map((c) => ({ ...c, id: Number(c.id), weight: c.weight === null ? null : Number(c.weight) })),
  );
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const major = (minor: number | null) => (minor === null ? null : Number(minor) / 100);

export function toUnmatched(r: UnmatchedRow, suggestions: Scored[]): UnmatchedPage {
  return {
    _id: String(r.id),
    parserId: String(r.parser_id),
    country: r.country,
    url: r.url,
    name: r.name,
    ean: r.ean,
    article: r.article,
    price: major(r.price),
    oldPrice: major(r.old_price),
    promo: r.promo,
    currency: r.currency,
    inStock: r.in_stock,
    day: r.day === null ? null : asIsoDay(r.day),
    firstSeenAt: iso(r.first_seen_at)!,
    lastSeenAt: iso(r.last_seen_at)!,
    decision: r.decision,
    productId: r.product_id === null ? null : String(r.product_id),
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

/** Marks a waiting page decided; false when it was not waiting any more (the conditional UPDATE is the lock). */
export async function markUnmatched(db: Db, id: number, decision: 'accepted' | 'rejected', userId: string, productId: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE unmatched_pages SET decision = ${decision}, product_id = ${productId}, decided_at = now(), decided_by = ${userId}::uuid
      WHERE id = ${id} AND decision IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * An accepted page: its URL becomes the shop's offer of the product (the next run matches it and writes
 * its price), and the price just read is written now for the day it was read — unless the sanity guard
 * holds it among the suspicious prices, as it would a run's.
 */
export async function applyAcceptance(
  db: Db,
  row: UnmatchedRow,
  productId: number,
  shopId: number,
  guardShare: number,
): Promise<{ written: number; held: number; observation: SourcedObservation | null }> {
  await db.execute(sql`INSERT INTO offers (product_id, shop_id, url) VALUES (${productId}, ${shopId}, ${row.url})
    ON CONFLICT (product_id, shop_id) DO UPDATE SET url = EXCLUDED.url`);
  if (row.price === null || row.day === null) return { written: 0, held: 0, observation: null };
  const price = Number(row.price);
  const old = row.old_price === null ? null : Number(row.old_price);
  const observation: SourcedObservation = {
    productId,
    shopId,
    day: asIsoDay(row.day),
    regular: row.promo && old !== null ? old : price,
    promo: row.promo && old !== null ? price : null,
    inStock: row.in_stock ?? true,
    source: 'parser',
    url: row.url,
    text: row.price_text,
    seq: row.item_seq,
    currency: row.currency,
  };
  const { accepted, held } = await screenObservations(db, [observation], guardShare);
  // A held price belongs to its run; a page whose run is gone has nothing to hold it by: written.
  const hold = row.run_id === null ? [] : held;
  if (hold.length) await holdObservations(db, { id: Number(row.run_id), parserId: Number(row.parser_id) }, hold);
  const r = await recordObservations(db, row.run_id === null ? [...accepted, ...held] : accepted);
  return { written: r.extended + r.opened, held: hold.length, observation };
}
