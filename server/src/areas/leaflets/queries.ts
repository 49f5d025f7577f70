/**
 * Leaflet SQL, the only place of it in the area: plain reads and writes through drizzle's builder (rows
 * typed by the schema), raw SQL (through queryRows) for the list reads with their counts, the name
 * search and the trigram product suggestion. User text travels only as bound parameters. `codes` is the
 * caller's visible network codes (null: every network). Functions taking `tx` run in the caller's
 * transaction.
 */
import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';
import { leafletPages, leafletPrices, leafletRecognitions, leaflets, networks, products } from '../../db/schema';
import { likeContains, searchWords, type ProductRow } from '../products/plugin';
import { translated } from '../../core/translations';

export type LeafletRow = {
  id: number;
  network_id: number;
  network: string;
  network_name: string;
  country: string;
  name: string;
  start_day: unknown;
  end_day: unknown;
  description: string | null;
  created_at: unknown;
  updated_at: unknown;
  page_count: number;
  price_count: number;
  cover: string | null;
};

export type PageRow = {
  id: number;
  leaflet_id: number;
  page_no: number;
  file_name: string;
  type: string;
  width: number;
  height: number;
  bytes: number;
  thumb_name: string;
  recognition: string;
  price_count: number;
};

export type PriceRow = {
  id: number;
  leaflet_id: number;
  page_id: number | null;
  page_no: number | null;
  product_id: number | null;
  product_name: string;
  price: number;
  old_price: number | null;
  discount_pct: number | null;
  mechanics: string;
  mechanics_text: string | null;
  box: unknown;
  source: string;
  created_at: unknown;
  // the matched product (null columns when not matched)
  p_id: number | null;
  p_ean: string | null;
  p_article: string | null;
  p_name: string | null;
  p_brand_id: number | null;
  p_brand: string | null;
  p_section_id: number | null;
  p_section: string | null;
  p_category_id: number | null;
  p_category: string | null;
  p_weight: number | null;
  p_unit: string | null;
  p_image: string | null;
  p_country: string | null;
};

const networkCondition = (codes: string[] | null): SQL => (codes === null ? sql`TRUE` : sql`n.code = ANY(${sql.param(codes)}::text[])`);

const LEAFLET_SELECT = sql`SELECT l.id, l.network_id, n.code AS network, n.name AS network_name, n.country, l.name,
    l.start_day, l.end_day, l.description, l.created_at, l.updated_at,
    (SELECT count(*)::int FROM leaflet_pages lp WHERE lp.leaflet_id = l.id) AS page_count,
    (SELECT count(*)::int FROM leaflet_prices pr WHERE pr.leaflet_id = l.id) AS price_count,
    (SELECT lp.file_name FROM leaflet_pages lp WHERE lp.leaflet_id = l.id ORDER BY lp.page_no LIMIT 1) AS cover
  FROM leaflets l JOIN networks n ON n.id = l.network_id`;

/** The matched product's columns, section and category names in `lang` where translated (docs/translations.md). */
const productColumns = (lang: Language | null) => sql`p.id AS p_id, p.ean AS p_ean, p.article AS p_article, p.name AS p_name,
  p.brand_id AS p_brand_id, b.name AS p_brand, p.section_id AS p_section_id,
  ${translated('section', sql`p.section_id`, sql`se.name`, lang)} AS p_section,
  p.category_id AS p_category_id, ${translated('category', sql`p.category_id`, sql`ca.name`, lang)} AS p_category,
  p.weight AS p_weight, p.unit AS p_unit, p.image AS p_image, p.country AS p_country`;
export const PRODUCT_JOINS = sql`LEFT JOIN brands b ON b.id = p.brand_id
  LEFT JOIN sections se ON se.id = p.section_id
  LEFT JOIN categories ca ON ca.id = p.category_id`;

const priceSelect = (lang: Language | null = null) => sql`SELECT pr.id, pr.leaflet_id, pr.page_id, lp.page_no, pr.product_id, pr.product_name, pr.price,
    pr.old_price, pr.discount_pct, pr.mechanics, pr.mechanics_text, pr.box, pr.source, pr.created_at, ${productColumns(lang)}
  FROM leaflet_prices pr
  LEFT JOIN leaflet_pages lp ON lp.id = pr.page_id
  LEFT JOIN products p ON p.id = pr.product_id
  ${PRODUCT_JOINS}`;

/** A price row's product as a products-area row, or null. */
export function productOf(r: PriceRow): ProductRow | null {
  if (r.p_id === null) return null;
  return {
    id: r.p_id,
    ean: r.p_ean,
    article: r.p_article,
    name: r.p_name ?? '',
    brand_id: r.p_brand_id,
    brand: r.p_brand,
    section_id: r.p_section_id,
    section: r.p_section,
    category_id: r.p_category_id,
    category: r.p_category,
    weight: r.p_weight,
    unit: r.p_unit,
    image: r.p_image,
    country: r.p_country ?? '',
  };
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

    async leaflet(id: number): Promise<LeafletRow | undefined> {
      const [row] = await queryRows<LeafletRow>(db, sql`${LEAFLET_SELECT} WHERE l.id = ${id}`);
      return row;
    },

    async leaflets(ids: number[]): Promise<LeafletRow[]> {
      return queryRows<LeafletRow>(db, sql`${LEAFLET_SELECT} WHERE l.id = ANY(${sql.param(ids)}::int[]) ORDER BY l.start_day DESC, l.id DESC`);
    },

    /** Every word of `name` in the name (any case); empty name: the newest leaflets. */
    async byName(name: string, codes: string[] | null, limit: number): Promise<LeafletRow[]> {
      const words = searchWords(name.toLowerCase());
      const text = words.length
        ? sql.join(
            words.map((w) => sql`lower(l.name) LIKE ${likeContains(w)}`),
            sql` AND `,
          )
        : sql`TRUE`;
      return queryRows<LeafletRow>(db, sql`${LEAFLET_SELECT} WHERE ${networkCondition(codes)} AND ${text} ORDER BY l.start_day DESC, l.id DESC LIMIT ${limit}`);
    },

    /** Leaflets running on at least one day of start…end. */
    async byPeriod(start: string, end: string, codes: string[] | null, limit: number): Promise<LeafletRow[]> {
      return queryRows<LeafletRow>(
        db,
        sql`${LEAFLET_SELECT} WHERE ${networkCondition(codes)} AND l.start_day <= ${end}::date AND l.end_day >= ${start}::date
            ORDER BY l.start_day, l.id LIMIT ${limit}`,
      );
    },

    async pages(leafletId: number): Promise<PageRow[]> {
      return queryRows<PageRow>(
        db,
        sql`SELECT lp.id, lp.leaflet_id, lp.page_no, lp.file_name, lp.type, lp.width, lp.height, lp.bytes, lp.thumb_name,
              coalesce(r.status, 'none') AS recognition,
              (SELECT count(*)::int FROM leaflet_prices pr WHERE pr.page_id = lp.id) AS price_count
            FROM leaflet_pages lp LEFT JOIN leaflet_recognitions r ON r.page_id = lp.id
            WHERE lp.leaflet_id = ${leafletId} ORDER BY lp.page_no`,
      );
    },

    async page(pageId: number): Promise<PageRow | undefined> {
      const [row] = await queryRows<PageRow>(
        db,
        sql`SELECT lp.id, lp.leaflet_id, lp.page_no, lp.file_name, lp.type, lp.width, lp.height, lp.bytes, lp.thumb_name,
              coalesce(r.status, 'none') AS recognition,
              (SELECT count(*)::int FROM leaflet_prices pr WHERE pr.page_id = lp.id) AS price_count
            FROM leaflet_pages lp LEFT JOIN leaflet_recognitions r ON r.page_id = lp.id
            WHERE lp.id = ${pageId}`,
      );
      return row;
    },

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

    async price(id: number): Promise<PriceRow | undefined> {
      const [row] = await queryRows<PriceRow>(db, sql`${priceSelect()} WHERE pr.id = ${id}`);
      return row;
    },

    async pricesPage(
      leafletId: number,
      pageId: number | undefined,
      offset: number,
      limit: number,
      lang: Language | null = null,
    ): Promise<{ rows: PriceRow[]; total: number }> {
      const cond = pageId === undefined ? sql`TRUE` : sql`pr.page_id = ${pageId}`;
      const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM leaflet_prices pr WHERE pr.leaflet_id = ${leafletId} AND ${cond}`);
      const rows = await queryRows<PriceRow>(
        db,
        sql`${priceSelect(lang)} WHERE pr.leaflet_id = ${leafletId} AND ${cond}
            ORDER BY lp.page_no NULLS LAST, pr.id LIMIT ${limit} OFFSET ${offset}`,
      );
      return { rows, total: Number(count?.n ?? 0) };
    },

    async allPrices(leafletIds: number[], limit: number, lang: Language | null = null): Promise<PriceRow[]> {
      return queryRows<PriceRow>(
        db,
        sql`${priceSelect(lang)} WHERE pr.leaflet_id = ANY(${sql.param(leafletIds)}::int[])
            ORDER BY pr.leaflet_id, lp.page_no NULLS LAST, pr.id LIMIT ${limit}`,
      );
    },

    /** The product's country, or undefined for an unknown id. */
    async productCountry(id: number): Promise<string | undefined> {
      const [row] = await db.select({ country: products.country }).from(products).where(eq(products.id, id));
      return row?.country;
    },
  };
}

export type LeafletsQueries = ReturnType<typeof createLeafletsQueries>;
