/**
 * Leaflet SQL (raw, through queryRows, the same on PGlite and PostgreSQL). User text travels only as
 * bound parameters. `codes` is the caller's visible network codes (null: every network).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';
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

export const networkCondition = (codes: string[] | null): SQL => (codes === null ? sql`TRUE` : sql`n.code = ANY(${sql.param(codes)}::text[])`);

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

export function createLeafletsQueries(db: Db) {
  return {
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

    /** The page whose picture or thumbnail has this name, with its leaflet's network code. */
    async pictureByName(name: string): Promise<{ file_name: string; thumb_name: string; type: string; network: string } | undefined> {
      const [row] = await queryRows<{ file_name: string; thumb_name: string; type: string; network: string }>(
        db,
        sql`SELECT lp.file_name, lp.thumb_name, lp.type, n.code AS network
            FROM leaflet_pages lp JOIN leaflets l ON l.id = lp.leaflet_id JOIN networks n ON n.id = l.network_id
            WHERE lp.file_name = ${name}`,
      );
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
      const [row] = await queryRows<{ country: string }>(db, sql`SELECT country FROM products WHERE id = ${id}`);
      return row?.country;
    },
  };
}

export type LeafletsQueries = ReturnType<typeof createLeafletsQueries>;
