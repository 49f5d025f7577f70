/**
 * SQL of the sanity guard (suspicious.ts; docs/parsers.md "Sanity guard"): the reference prices a batch
 * is screened against, the held rows, the queue and its decisions. Every function takes the caller's
 * transaction when it runs inside one.
 */
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SUSPICIOUS_REFERENCES } from '@pricewatch/shared/contract';
import { type Db } from '../../db/client';
import { currentPrices, networks, parserRunItems, parserRuns, parsers, products, shops, suspiciousPrices } from '../../db/schema';

type Reference = (typeof SUSPICIOUS_REFERENCES)[number];

/** A price held for a person's decision, minor units; `seq` is its page in the run. */
type HeldRow = {
  seq: number | null;
  productId: number;
  shopId: number;
  day: string;
  regular: number;
  promo: number | null;
  inStock: boolean;
  currency: string | null;
  oldPrice: number;
  reference: Reference;
  text: string | null;
  url: string;
};

/** A rejection written into its run: the page's item (or a new one when it is gone) and the run's count. */
type RejectionProblem = Pick<typeof suspiciousPrices.$inferSelect, 'runId' | 'itemSeq' | 'url' | 'productId' | 'promo' | 'currency' | 'inStock'> & {
  price: number;
  message: string;
};

// The schema keeps these as text; the guard writes only these values.
const queueColumns = {
  id: suspiciousPrices.id,
  runId: suspiciousPrices.runId,
  parserId: suspiciousPrices.parserId,
  itemSeq: suspiciousPrices.itemSeq,
  productId: suspiciousPrices.productId,
  shopId: suspiciousPrices.shopId,
  day: suspiciousPrices.day,
  regular: suspiciousPrices.regular,
  promo: suspiciousPrices.promo,
  inStock: suspiciousPrices.inStock,
  currency: suspiciousPrices.currency,
  oldPrice: suspiciousPrices.oldPrice,
  reference: sql<Reference>`${suspiciousPrices.reference}`,
  text: suspiciousPrices.text,
  url: suspiciousPrices.url,
  createdAt: suspiciousPrices.createdAt,
  decidedAt: suspiciousPrices.decidedAt,
  decision: sql<'confirmed' | 'rejected' | null>`${suspiciousPrices.decision}`,
  parserName: parsers.name,
  networkId: parsers.networkId,
  network: networks.code,
  country: shops.country,
  productName: products.name,
  shopName: shops.name,
};

type QueueFilter = { networkIds: number[] | null; parserId?: number; networkId?: number; limit: number; skip: number };

export function createSuspiciousQueries(db: Db) {
  const queue = (tx: Db) =>
    tx
      .select(queueColumns)
      .from(suspiciousPrices)
      .innerJoin(parsers, eq(parsers.id, suspiciousPrices.parserId))
      .innerJoin(networks, eq(networks.id, parsers.networkId))
      .innerJoin(shops, eq(shops.id, suspiciousPrices.shopId))
      .innerJoin(products, eq(products.id, suspiciousPrices.productId));

  return {
    /**
     * The current price of every product of a batch in every shop of the batch's networks: each shop of
     * the batch, and the networks' other shops when last seen on one of the batch's days.
     */
    referencePrices: (q: { productIds: number[]; shopIds: number[]; networkIds: number[]; days: string[] }, tx: Db = db) =>
      tx
        .select({
          productId: currentPrices.productId,
          shopId: currentPrices.shopId,
          networkId: shops.networkId,
          lastSeen: currentPrices.lastSeen,
          regular: currentPrices.regular,
          promo: currentPrices.promo,
        })
        .from(currentPrices)
        .innerJoin(shops, eq(shops.id, currentPrices.shopId))
        .where(
          and(
            inArray(currentPrices.productId, q.productIds),
            or(
              inArray(currentPrices.shopId, q.shopIds),
              q.networkIds.length ? and(inArray(shops.networkId, q.networkIds), inArray(currentPrices.lastSeen, q.days)) : undefined,
            ),
          ),
        ),

    /**
     * Held rows, one waiting per product × shop: a later hold of the pair replaces the waiting one.
     * Raw sql: a bulk load (one unnest statement for a run's whole batch).
     */
    async insertHeld(run: { id: number; parserId: number }, rows: HeldRow[], tx: Db = db): Promise<void> {
      if (!rows.length) return;
      const col = <T>(f: (h: HeldRow) => T) => sql.param(rows.map(f));
      await tx.execute(sql`INSERT INTO suspicious_prices (run_id, parser_id, item_seq, product_id, shop_id, day, regular, promo, in_stock, currency, old_price, reference, text, url)
        SELECT ${run.id}, ${run.parserId}, * FROM unnest(${col((h) => h.seq)}::int[], ${col((h) => h.productId)}::int[], ${col((h) => h.shopId)}::int[],
          ${col((h) => h.day)}::date[], ${col((h) => h.regular)}::int[], ${col((h) => h.promo)}::int[], ${col((h) => h.inStock)}::bool[],
          ${col((h) => h.currency)}::text[], ${col((h) => h.oldPrice)}::int[], ${col((h) => h.reference)}::text[], ${col((h) => h.text)}::text[], ${col((h) => h.url)}::text[])
        ON CONFLICT (product_id, shop_id) WHERE decision IS NULL DO UPDATE SET
          run_id = EXCLUDED.run_id, parser_id = EXCLUDED.parser_id, item_seq = EXCLUDED.item_seq, day = EXCLUDED.day, regular = EXCLUDED.regular,
          promo = EXCLUDED.promo, in_stock = EXCLUDED.in_stock, currency = EXCLUDED.currency, old_price = EXCLUDED.old_price,
          reference = EXCLUDED.reference, text = EXCLUDED.text, url = EXCLUDED.url, created_at = now()`);
    },

    /** Waiting rows of these networks (null = all), newest first. */
    async listSuspicious(f: QueueFilter) {
      const conds: (SQL | undefined)[] = [isNull(suspiciousPrices.decision)];
      if (f.networkIds) conds.push(inArray(parsers.networkId, f.networkIds));
      if (f.parserId !== undefined) conds.push(eq(suspiciousPrices.parserId, f.parserId));
      if (f.networkId !== undefined) conds.push(eq(parsers.networkId, f.networkId));
      const where = and(...conds);
      const [counted] = await db.select({ n: count() }).from(suspiciousPrices).innerJoin(parsers, eq(parsers.id, suspiciousPrices.parserId)).where(where);
      const rows = await queue(db).where(where).orderBy(desc(suspiciousPrices.id)).limit(f.limit).offset(f.skip);
      return { rows, total: counted?.n ?? 0 };
    },

    async suspiciousRow(id: number, tx: Db = db) {
      const [row] = await queue(tx).where(eq(suspiciousPrices.id, id));
      return row ?? null;
    },

    /**
     * Marks a waiting row decided; false when it was not waiting any more. The conditional UPDATE is the
     * lock: of two decisions at once the second waits for the first's row lock, then finds it decided.
     */
    async markDecided(id: number, decision: 'confirmed' | 'rejected', userId: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .update(suspiciousPrices)
        .set({ decision, decidedAt: sql`now()`, decidedBy: userId })
        .where(and(eq(suspiciousPrices.id, id), isNull(suspiciousPrices.decision)))
        .returning({ id: suspiciousPrices.id });
      return rows.length > 0;
    },

    /** The rejection as a problem of its run: on its page's item, or a new item when that is gone (a retried run); the run counts it. */
    async recordRejectionProblem(p: RejectionProblem, tx: Db = db): Promise<void> {
      const updated = await tx
        .update(parserRunItems)
        .set({ problemKind: 'suspicious_price', problem: p.message })
        .where(and(eq(parserRunItems.runId, p.runId), p.itemSeq === null ? sql`false` : eq(parserRunItems.seq, p.itemSeq)))
        .returning({ seq: parserRunItems.seq });
      if (!updated.length) {
        await tx.insert(parserRunItems).values({
          runId: p.runId,
          seq: sql`(SELECT COALESCE(max(${parserRunItems.seq}), -1) + 1 FROM ${parserRunItems} WHERE ${parserRunItems.runId} = ${p.runId})`,
          url: p.url,
          productId: p.productId,
          price: p.price,
          promo: p.promo !== null,
          currency: p.currency,
          inStock: p.inStock,
          problemKind: 'suspicious_price',
          problem: p.message,
        });
      }
      await tx
        .update(parserRuns)
        .set({ errors: sql`${parserRuns.errors} || jsonb_build_object('suspicious_price', COALESCE((${parserRuns.errors}->>'suspicious_price')::int, 0) + 1)` })
        .where(eq(parserRuns.id, p.runId));
    },
  };
}

type SuspiciousQueries = ReturnType<typeof createSuspiciousQueries>;
export type SuspiciousRow = NonNullable<Awaited<ReturnType<SuspiciousQueries['suspiciousRow']>>>;
