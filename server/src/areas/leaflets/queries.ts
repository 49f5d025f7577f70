/**
 * Leaflet SQL, the only place of it in the area: reads and writes through drizzle's builder (rows typed
 * by the schema or the builder's select: ids numbers, days ISO text, times Dates on both backends), raw
 * SQL only for the name search's words and the trigram product suggestion. User text travels only as bound parameters. `codes` is the
 * caller's visible network codes (null: every network). Functions taking `tx` run in the caller's
 * transaction.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Language } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';
import { brands, categories, leafletPages, leafletPrices, leafletRecognitions, leaflets, networks, products, sections } from '../../db/schema';
import { likeContains, searchWords, type ProductRow } from '../products/plugin';
import { translated } from '../../core/translations';

const networkCondition = (codes: string[] | null): SQL | undefined => (codes === null ? undefined : inArray(networks.code, codes));

// Every list read joins the network: the builder writes its columns qualified, so the subqueries'
// references to the outer row stay the outer row's.
const leafletColumns = {
  id: leaflets.id,
  networkId: leaflets.networkId,
  network: networks.code,
  networkName: networks.name,
  country: networks.country,
  name: leaflets.name,
  startDay: leaflets.startDay,
  endDay: leaflets.endDay,
  description: leaflets.description,
  createdAt: leaflets.createdAt,
  updatedAt: leaflets.updatedAt,
  pageCount: sql<number>`(SELECT count(*)::int FROM leaflet_pages lp WHERE lp.leaflet_id = ${leaflets.id})`.mapWith(Number),
  priceCount: sql<number>`(SELECT count(*)::int FROM leaflet_prices pr WHERE pr.leaflet_id = ${leaflets.id})`.mapWith(Number),
  cover: sql<string | null>`(SELECT lp.file_name FROM leaflet_pages lp WHERE lp.leaflet_id = ${leaflets.id} ORDER BY lp.page_no LIMIT 1)`,
};
export type LeafletRow = SelectResultFields<typeof leafletColumns>;

const pageColumns = {
  id: leafletPages.id,
  leafletId: leafletPages.leafletId,
  pageNo: leafletPages.pageNo,
  fileName: leafletPages.fileName,
  type: leafletPages.type,
  width: leafletPages.width,
  height: leafletPages.height,
  bytes: leafletPages.bytes,
  thumbName: leafletPages.thumbName,
  recognition: sql<string>`coalesce(${leafletRecognitions.status}, 'none')`,
  priceCount: sql<number>`(SELECT count(*)::int FROM leaflet_prices pr WHERE pr.page_id = ${leafletPages.id})`.mapWith(Number),
};
export type PageRow = SelectResultFields<typeof pageColumns>;

/** A price with its page's number and the matched product (section and category names in `lang` where translated, docs/translations.md). */
const priceColumns = (lang: Language | null) => ({
  id: leafletPrices.id,
  leafletId: leafletPrices.leafletId,
  pageId: leafletPrices.pageId,
  pageNo: sql<number | null>`${leafletPages.pageNo}`,
  productId: leafletPrices.productId,
  productName: leafletPrices.productName,
  price: leafletPrices.price,
  oldPrice: leafletPrices.oldPrice,
  discountPct: leafletPrices.discountPct,
  mechanics: leafletPrices.mechanics,
  mechanicsText: leafletPrices.mechanicsText,
  box: leafletPrices.box,
  source: leafletPrices.source,
  createdAt: leafletPrices.createdAt,
  // Left joined: every column null when the price has no product.
  product: {
    id: sql<number | null>`${products.id}`,
    ean: sql<string | null>`${products.ean}`,
    article: sql<string | null>`${products.article}`,
    name: sql<string | null>`${products.name}`,
    brandId: sql<number | null>`${products.brandId}`,
    brand: sql<string | null>`${brands.name}`,
    sectionId: sql<number | null>`${products.sectionId}`,
    section: sql<string | null>`${translated('section', sql`${products.sectionId}`, sql`${sections.name}`, lang)}`,
    categoryId: sql<number | null>`${products.categoryId}`,
    category: sql<string | null>`${translated('category', sql`${products.categoryId}`, sql`${categories.name}`, lang)}`,
    weight: sql<number | null>`${products.weight}`.mapWith(products.weight),
    unit: sql<string | null>`${products.unit}`,
    image: sql<string | null>`${products.image}`,
    country: sql<string | null>`${products.country}`,
  },
});
export type PriceRow = SelectResultFields<ReturnType<typeof priceColumns>>;

/** A price row's product as a products-area row, or null. */
export function productOf(r: PriceRow): ProductRow | null {
  const p = r.product;
  if (p.id === null) return null;
  return { ...p, id: p.id, name: p.name ?? '', country: p.country ?? '' };
}

export type RecognitionRow = typeof leafletRecognitions.$inferSelect;
type NewLeafletPrice = Omit<typeof leafletPrices.$inferInsert, 'id' | 'createdAt'>;
/** The stored fields of a price an edit may change (undefined: kept). */
type LeafletPriceChanges = Partial<
  Pick<NewLeafletPrice, 'productId' | 'productName' | 'price' | 'oldPrice' | 'discountPct' | 'mechanics' | 'mechanicsText' | 'box'>
>;

const now = sql`now()`;
const UNFINISHED = ['queued', 'running'];

export function createLeafletsQueries(db: Db) {
  /** The recognition row `jobId` owns (a re-queued page ignores its older job). */
  const ownRun = (pageId: number, jobId: string) => and(eq(leafletRecognitions.pageId, pageId), eq(leafletRecognitions.jobId, jobId));
  const selectLeaflets = () => db.select(leafletColumns).from(leaflets).innerJoin(networks, eq(networks.id, leaflets.networkId));
  const selectPages = () => db.select(pageColumns).from(leafletPages).leftJoin(leafletRecognitions, eq(leafletRecognitions.pageId, leafletPages.id));
  const selectPrices = (lang: Language | null = null) =>
    db
      .select(priceColumns(lang))
      .from(leafletPrices)
      .leftJoin(leafletPages, eq(leafletPages.id, leafletPrices.pageId))
      .leftJoin(products, eq(products.id, leafletPrices.productId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(sections, eq(sections.id, products.sectionId))
      .leftJoin(categories, eq(categories.id, products.categoryId));

  return {
    // ---- leaflets

    async insertLeaflet(values: typeof leaflets.$inferInsert): Promise<number> {
      const [row] = await db.insert(leaflets).values(values).returning({ id: leaflets.id });
      return row!.id;
    },

    /** Locks the leaflet's row for the rest of `tx`; false when it is gone. */
    async lockLeaflet(tx: Db, id: number): Promise<boolean> {
      const rows = await tx.select({ id: leaflets.id }).from(leaflets).where(eq(leaflets.id, id)).for('update');
      return rows.length > 0;
    },

    /** The editable fields of a leaflet with its network's country. */
    async leafletFields(tx: Db, id: number) {
      const [row] = await tx
        .select({
          name: leaflets.name,
          networkId: leaflets.networkId,
          startDay: leaflets.startDay,
          endDay: leaflets.endDay,
          description: leaflets.description,
          country: networks.country,
        })
        .from(leaflets)
        .innerJoin(networks, eq(networks.id, leaflets.networkId))
        .where(eq(leaflets.id, id));
      return row;
    },

    async updateLeaflet(tx: Db, id: number, values: Pick<typeof leaflets.$inferInsert, 'name' | 'networkId' | 'startDay' | 'endDay' | 'description'>) {
      await tx
        .update(leaflets)
        .set({ ...values, updatedAt: now })
        .where(eq(leaflets.id, id));
    },

    /** A page or price was written: the leaflet counts as changed. */
    async touchLeaflet(tx: Db, id: number) {
      await tx.update(leaflets).set({ updatedAt: now }).where(eq(leaflets.id, id));
    },

    /** Deletes the leaflet (its prices and recognitions cascade); answers its pages' file names. */
    async deleteLeaflet(tx: Db, id: number): Promise<string[]> {
      const pages = await tx
        .delete(leafletPages)
        .where(eq(leafletPages.leafletId, id))
        .returning({ fileName: leafletPages.fileName, thumbName: leafletPages.thumbName });
      await tx.delete(leaflets).where(eq(leaflets.id, id));
      return pages.flatMap((p) => [p.fileName, p.thumbName]);
    },

    /** The leaflet's market (its network's country). */
    async leafletCountry(id: number): Promise<string | undefined> {
      const [row] = await db
        .select({ country: networks.country })
        .from(leaflets)
        .innerJoin(networks, eq(networks.id, leaflets.networkId))
        .where(eq(leaflets.id, id));
      return row?.country;
    },

    // ---- pages

    /** How many pages the leaflet has and the number of the next one. */
    async pageSlot(tx: Db, leafletId: number): Promise<{ n: number; next: number }> {
      const [row] = await tx
        .select({ n: count(), next: sql<number>`coalesce(max(${leafletPages.pageNo}), 0)::int + 1`.mapWith(Number) })
        .from(leafletPages)
        .where(eq(leafletPages.leafletId, leafletId));
      return row!;
    },

    async insertPage(tx: Db, values: typeof leafletPages.$inferInsert): Promise<number> {
      const [row] = await tx.insert(leafletPages).values(values).returning({ id: leafletPages.id });
      return row!.id;
    },

    // ---- prices

    async priceCount(tx: Db, leafletId: number): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(leafletPrices).where(eq(leafletPrices.leafletId, leafletId));
      return row!.n;
    },

    async insertPrice(tx: Db, values: NewLeafletPrice): Promise<number> {
      const [row] = await tx.insert(leafletPrices).values(values).returning({ id: leafletPrices.id });
      return row!.id;
    },

    /** The stored money of a price of this leaflet. */
    async priceMoney(tx: Db, priceId: number, leafletId: number) {
      const [row] = await tx
        .select({ price: leafletPrices.price, oldPrice: leafletPrices.oldPrice, discountPct: leafletPrices.discountPct })
        .from(leafletPrices)
        .where(and(eq(leafletPrices.id, priceId), eq(leafletPrices.leafletId, leafletId)));
      return row;
    },

    async updatePrice(tx: Db, priceId: number, changes: LeafletPriceChanges) {
      await tx.update(leafletPrices).set(changes).where(eq(leafletPrices.id, priceId));
    },

    /** False when the price was already gone. */
    async deletePrice(tx: Db, priceId: number): Promise<boolean> {
      const gone = await tx.delete(leafletPrices).where(eq(leafletPrices.id, priceId)).returning({ id: leafletPrices.id });
      return gone.length > 0;
    },

    /** Prices of one page that have a box (recognition marks the candidates they confirm). */
    async boxedPrices(leafletId: number, pageId: number) {
      return db
        .select({ id: leafletPrices.id, price: leafletPrices.price, box: leafletPrices.box })
        .from(leafletPrices)
        .where(and(eq(leafletPrices.leafletId, leafletId), eq(leafletPrices.pageId, pageId), isNotNull(leafletPrices.box)))
        .orderBy(asc(leafletPrices.id));
    },

    // ---- recognition (recognition.ts)

    async recognition(pageId: number): Promise<RecognitionRow | undefined> {
      const [row] = await db.select().from(leafletRecognitions).where(eq(leafletRecognitions.pageId, pageId));
      return row;
    },

    /**
     * Queues a run owned by `jobId`: a page never recognised, or with `refresh` one whose last run
     * ended. False when nothing was queued (a run is pending, or done and not refreshed).
     */
    async queueRecognition(pageId: number, jobId: string, refresh: boolean): Promise<boolean> {
      const insert = db.insert(leafletRecognitions).values({ pageId, status: 'queued', progress: 0, jobId });
      const rows = refresh
        ? await insert
            .onConflictDoUpdate({
              target: leafletRecognitions.pageId,
              set: {
                status: 'queued',
                progress: 0,
                result: null,
                text: null,
                seconds: null,
                error: null,
                jobId,
                queuedAt: now,
                startedAt: null,
                finishedAt: null,
              },
              setWhere: inArray(leafletRecognitions.status, ['done', 'failed']),
            })
            .returning({ pageId: leafletRecognitions.pageId })
        : await insert.onConflictDoNothing().returning({ pageId: leafletRecognitions.pageId });
      return rows.length > 0;
    },

    /** The job's run starts; false when the row is no longer its own or no longer pending. */
    async startRecognition(pageId: number, jobId: string): Promise<boolean> {
      const rows = await db
        .update(leafletRecognitions)
        .set({ status: 'running', progress: 0, startedAt: now })
        .where(and(ownRun(pageId, jobId), inArray(leafletRecognitions.status, UNFINISHED)))
        .returning({ pageId: leafletRecognitions.pageId });
      return rows.length > 0;
    },

    async recognitionProgress(pageId: number, jobId: string, progress: number) {
      await db
        .update(leafletRecognitions)
        .set({ progress })
        .where(and(ownRun(pageId, jobId), eq(leafletRecognitions.status, 'running')));
    },

    async recognitionDone(pageId: number, jobId: string, done: { result: unknown; text: string; seconds: number }) {
      await db
        .update(leafletRecognitions)
        .set({ status: 'done', progress: 100, result: done.result, text: done.text, seconds: done.seconds, error: null, finishedAt: now })
        .where(ownRun(pageId, jobId));
    },

    async recognitionFailed(pageId: number, jobId: string, error: string) {
      await db.update(leafletRecognitions).set({ status: 'failed', error, finishedAt: now }).where(ownRun(pageId, jobId));
    },

    /** A run still queued or running ends as `interrupted` (its process stopped, or this one is closing). */
    async recognitionInterrupted(pageId: number, jobId: string) {
      await db
        .update(leafletRecognitions)
        .set({ status: 'failed', error: 'interrupted', finishedAt: now })
        .where(and(ownRun(pageId, jobId), inArray(leafletRecognitions.status, UNFINISHED)));
    },

    /** The product of `country` whose name is most similar to `text` (pg_trgm), with its similarity. */
    async mostSimilarProduct(text: string, country: string): Promise<{ id: number; s: number } | undefined> {
      const [row] = await queryRows<{ id: number; s: number }>(
        db,
        sql`SELECT p.id, similarity(p.name, ${text}) AS s FROM products p
            WHERE p.country = ${country} AND p.name % ${text}
            ORDER BY s DESC, p.id LIMIT 1`,
      );
      return row;
    },

    leaflet: async (id: number): Promise<LeafletRow | undefined> => (await selectLeaflets().where(eq(leaflets.id, id)))[0],

    leaflets: (ids: number[]): Promise<LeafletRow[]> => selectLeaflets().where(inArray(leaflets.id, ids)).orderBy(desc(leaflets.startDay), desc(leaflets.id)),

    /** Every word of `name` in the name (any case); empty name: the newest leaflets. */
    byName(name: string, codes: string[] | null, limit: number): Promise<LeafletRow[]> {
      // Raw sql: a search — each word a LIKE on the lower-cased name (leaflets_name_lower_idx).
      const words = searchWords(name.toLowerCase()).map((w) => sql`lower(${leaflets.name}) LIKE ${likeContains(w)}`);
      return selectLeaflets()
        .where(and(networkCondition(codes), ...words))
        .orderBy(desc(leaflets.startDay), desc(leaflets.id))
        .limit(limit);
    },

    /** Leaflets running on at least one day of start…end. */
    byPeriod: (start: string, end: string, codes: string[] | null, limit: number): Promise<LeafletRow[]> =>
      selectLeaflets()
        .where(and(networkCondition(codes), lte(leaflets.startDay, end), gte(leaflets.endDay, start)))
        .orderBy(asc(leaflets.startDay), asc(leaflets.id))
        .limit(limit),

    pages: (leafletId: number): Promise<PageRow[]> => selectPages().where(eq(leafletPages.leafletId, leafletId)).orderBy(asc(leafletPages.pageNo)),

    page: async (pageId: number): Promise<PageRow | undefined> => (await selectPages().where(eq(leafletPages.id, pageId)))[0],

    /** The page whose picture has this name, with its leaflet's network code. */
    async pictureByName(name: string) {
      const [row] = await db
        .select({ fileName: leafletPages.fileName, thumbName: leafletPages.thumbName, type: leafletPages.type, network: networks.code })
        .from(leafletPages)
        .innerJoin(leaflets, eq(leaflets.id, leafletPages.leafletId))
        .innerJoin(networks, eq(networks.id, leaflets.networkId))
        .where(eq(leafletPages.fileName, name));
      return row;
    },

    price: async (id: number): Promise<PriceRow | undefined> => (await selectPrices().where(eq(leafletPrices.id, id)))[0],

    async pricesPage(
      leafletId: number,
      pageId: number | undefined,
      offset: number,
      limit: number,
      lang: Language | null = null,
    ): Promise<{ rows: PriceRow[]; total: number }> {
      const where = and(eq(leafletPrices.leafletId, leafletId), pageId === undefined ? undefined : eq(leafletPrices.pageId, pageId));
      const total = await db.$count(leafletPrices, where);
      // Pages in order (ASC puts the prices without a page last), then the prices as entered.
      const rows = await selectPrices(lang).where(where).orderBy(asc(leafletPages.pageNo), asc(leafletPrices.id)).limit(limit).offset(offset);
      return { rows, total };
    },

    allPrices: (leafletIds: number[], limit: number, lang: Language | null = null): Promise<PriceRow[]> =>
      selectPrices(lang)
        .where(inArray(leafletPrices.leafletId, leafletIds))
        .orderBy(asc(leafletPrices.leafletId), asc(leafletPages.pageNo), asc(leafletPrices.id))
        .limit(limit),

    /** The product's country, or undefined for an unknown id. */
    async productCountry(id: number): Promise<string | undefined> {
      const [row] = await db.select({ country: products.country }).from(products).where(eq(products.id, id));
      return row?.country;
    },
  };
}

export type LeafletsQueries = ReturnType<typeof createLeafletsQueries>;
