/**
 * SQL of "To match" (matching/unmatched.ts; docs/parsers.md "Matching pages to products"): a parser's
 * pages whose product matched nothing, the catalogue products suggested for them and the decisions.
 * Every function takes the caller's transaction when it runs inside one.
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { brands, offers, parsers, products, unmatchedPages } from '../../db/schema';
import type { Candidate } from './matching/score';

/** A page as the runner read it (money in minor units). */
export type UnmatchedRead = Pick<
  typeof unmatchedPages.$inferSelect,
  'url' | 'name' | 'ean' | 'article' | 'price' | 'oldPrice' | 'promo' | 'currency' | 'inStock' | 'priceText'
> & { seq: number };

const pageColumns = {
  id: unmatchedPages.id,
  parserId: unmatchedPages.parserId,
  url: unmatchedPages.url,
  name: unmatchedPages.name,
  ean: unmatchedPages.ean,
  article: unmatchedPages.article,
  price: unmatchedPages.price,
  oldPrice: unmatchedPages.oldPrice,
  promo: unmatchedPages.promo,
  currency: unmatchedPages.currency,
  inStock: unmatchedPages.inStock,
  priceText: unmatchedPages.priceText,
  day: unmatchedPages.day,
  runId: unmatchedPages.runId,
  itemSeq: unmatchedPages.itemSeq,
  firstSeenAt: unmatchedPages.firstSeenAt,
  lastSeenAt: unmatchedPages.lastSeenAt,
  // The schema keeps it as text; the decisions write only these values.
  decision: sql<'accepted' | 'rejected' | null>`${unmatchedPages.decision}`,
  productId: unmatchedPages.productId,
  networkId: parsers.networkId,
  shopId: parsers.shopId,
  country: parsers.country,
};

const candidateColumns = {
  id: products.id,
  name: products.name,
  ean: products.ean,
  brand: brands.name,
  weight: products.weight,
  unit: products.unit,
};

/** Candidates fetched per way of finding them (EAN, article) before scoring. */
const SURE_CANDIDATES = 5;

export function createUnmatchedQueries(db: Db) {
  const pages = (tx: Db) => tx.select(pageColumns).from(unmatchedPages).innerJoin(parsers, eq(parsers.id, unmatchedPages.parserId));
  const waiting = (parserId: number) => and(eq(unmatchedPages.parserId, parserId), isNull(unmatchedPages.decision));

  return {
    /** Pages the run did match leave the queue. */
    async dropMatchedPages(parserId: number, urls: string[], tx: Db = db): Promise<void> {
      if (!urls.length) return;
      await tx.delete(unmatchedPages).where(and(waiting(parserId), inArray(unmatchedPages.url, urls)));
    },

    /**
     * One row per page of the parser: a later reading replaces what was read; a rejected page stays
     * hidden, an accepted one waits again. Raw sql: a bulk load (one unnest statement for a run's pages).
     */
    async upsertPages(run: { id: number; parserId: number; day: string }, rows: UnmatchedRead[], tx: Db = db): Promise<void> {
      if (!rows.length) return;
      const col = <T>(f: (p: UnmatchedRead) => T) => sql.param(rows.map(f));
      await tx.execute(sql`INSERT INTO unmatched_pages AS u (parser_id, run_id, day, item_seq, url, name, ean, article, price, old_price, promo, currency, in_stock, price_text)
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
    },

    /** The parser's waiting pages, oldest first. */
    async listUnmatched(parserId: number, limit: number, skip: number) {
      const [counted] = await db.select({ n: count() }).from(unmatchedPages).where(waiting(parserId));
      const rows = await pages(db).where(waiting(parserId)).orderBy(asc(unmatchedPages.id)).limit(limit).offset(skip);
      return { rows, total: counted?.n ?? 0 };
    },

    async unmatchedRow(id: number) {
      const [row] = await pages(db).where(eq(unmatchedPages.id, id));
      return row ?? null;
    },

    /** Products of the country with one of these EANs. */
    candidatesByEan: (country: string, eans: string[]): Promise<Candidate[]> =>
      db
        .select(candidateColumns)
        .from(products)
        .leftJoin(brands, eq(brands.id, products.brandId))
        .where(and(eq(products.country, country), inArray(products.ean, eans)))
        .limit(SURE_CANDIDATES),

    /** Products of the country the shop sells under this article of its own. */
    candidatesByArticle: (country: string, shopId: number, article: string): Promise<Candidate[]> =>
      db
        .select({ ...candidateColumns, shopArticle: offers.shopArticle })
        .from(offers)
        .innerJoin(products, eq(products.id, offers.productId))
        .leftJoin(brands, eq(brands.id, products.brandId))
        .where(and(eq(offers.shopId, shopId), eq(offers.shopArticle, article), eq(products.country, country)))
        .limit(SURE_CANDIDATES),

    /** Raw sql: a search — the names most alike by trigrams (pg_trgm), a brand printed in the name counting extra. */
    candidatesByName: (country: string, name: string, limit: number) =>
      queryRows<Candidate>(
        db,
        sql`SELECT p.id, p.name, p.ean, b.name AS brand, p.weight, p.unit FROM products p LEFT JOIN brands b ON b.id = p.brand_id
          WHERE p.country = ${country}
          ORDER BY similarity(p.name, ${name}) + CASE WHEN b.name IS NOT NULL AND strpos(lower(${name}), lower(b.name)) > 0 THEN 0.3 ELSE 0 END DESC, p.id
          LIMIT ${limit}`,
      ),

    /** Marks a waiting page decided; false when it was not waiting any more (the conditional UPDATE is the lock). */
    async markUnmatched(id: number, decision: 'accepted' | 'rejected', userId: string, productId: number | null, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(unmatchedPages)
        .set({ decision, productId, decidedAt: sql`now()`, decidedBy: userId })
        .where(and(eq(unmatchedPages.id, id), isNull(unmatchedPages.decision)))
        .returning({ id: unmatchedPages.id });
      return rows.length > 0;
    },

    /** The page becomes the shop's offer of the product (an offer it had already takes the page's URL). */
    async upsertOffer(productId: number, shopId: number, url: string, tx: Db = db): Promise<void> {
      await tx
        .insert(offers)
        .values({ productId, shopId, url })
        .onConflictDoUpdate({ target: [offers.productId, offers.shopId], set: { url } });
    },
  };
}

type UnmatchedQueries = ReturnType<typeof createUnmatchedQueries>;
export type UnmatchedRow = NonNullable<Awaited<ReturnType<UnmatchedQueries['unmatchedRow']>>>;
