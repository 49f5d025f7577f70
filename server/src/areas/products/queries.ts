/**
 * Product SQL. Plain reads on the typed builder (ids numbers, times Dates on both backends); raw sql, through
 * queryRows, for the list and search statements (name words, EAN prefixes, trigram similarity) and the
 * price figures they carry. User text only ever travels as bound parameters; LIKE patterns have %, _ and \
 * escaped (likeContains). Pages are found as ids first (one index-friendly query), then those ids get
 * their names and price figures.
 */
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Language, ProductSort } from '@pricewatch/shared/contract';
import type { SearchQuery } from '@pricewatch/shared/format';
import { anyOf } from '../../db/any-of';
import { queryRows, type Db } from '../../db/client';
import { brands, categories, currentPrices, offers, products, sections, shops } from '../../db/schema';
import { shopCondition } from '../../core/shop-visibility';
import { translated } from '../../core/translations';

/** LIKE/ILIKE pattern matching `text` anywhere, its wildcard characters taken literally. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Words of a name search (at most 10, each matched as a case-insensitive substring). */
export const searchWords = (name: string) => name.split(/\s+/).filter(Boolean).slice(0, 10);

/** EAN prefixes shorter than this only match exactly (a 1-digit prefix would match a quarter of all). */
export const EAN_PREFIX_MIN = 4;

/**
 * A product with its brand, section and category names (section and category in `lang` where
 * translated, docs/translations.md), over products left-joined to them (selectProducts).
 */
const productColumns = (lang: Language | null) => ({
  id: products.id,
  ean: products.ean,
  article: products.article,
  name: products.name,
  brandId: products.brandId,
  brand: sql<string | null>`${brands.name}`,
  sectionId: products.sectionId,
  section: sql<string | null>`${translated('section', sql`${products.sectionId}`, sql`${sections.name}`, lang)}`,
  categoryId: products.categoryId,
  category: sql<string | null>`${translated('category', sql`${products.categoryId}`, sql`${categories.name}`, lang)}`,
  weight: products.weight,
  unit: products.unit,
  image: products.image,
  country: products.country,
});
export type ProductRow = SelectResultFields<ReturnType<typeof productColumns>>;

/** Current-price figures over the shops asked (cast to int in SQL: both drivers answer numbers). */
export type ProductListRow = ProductRow & { shops: number; minPrice: number | null; maxPrice: number | null; onPromo: number };

/** productColumns for the raw list and search statements (products `p`), under the same names. */
const rawProductColumns = (lang: Language | null) => sql`p.id, p.ean, p.article, p.name, p.brand_id AS "brandId", b.name AS brand,
  p.section_id AS "sectionId", ${translated('section', sql`p.section_id`, sql`se.name`, lang)} AS section,
  p.category_id AS "categoryId", ${translated('category', sql`p.category_id`, sql`ca.name`, lang)} AS category,
  p.weight, p.unit, p.image, p.country`;
const PRODUCT_JOINS = sql`LEFT JOIN brands b ON b.id = p.brand_id
  LEFT JOIN sections se ON se.id = p.section_id
  LEFT JOIN categories ca ON ca.id = p.category_id`;

/** What a product list is filtered by, already checked against the caller's visibility. */
export type ProductFilter = {
  text?: SearchQuery;
  /** Products with a current price in one of these shops (null: no such condition). */
  inShops?: number[] | null;
  onlyPromo?: boolean;
  sections?: number[];
  categories?: number[];
  brands?: number[];
  country?: string;
};

/** The article/EAN/name condition of spec §5: the parts given, combined with OR. */
export function textCondition(q: SearchQuery): SQL | null {
  const parts: SQL[] = [];
  if (q.article) parts.push(sql`p.article = ${q.article}`);
  if (q.ean) {
    parts.push(q.ean.length >= EAN_PREFIX_MIN ? sql`p.ean LIKE ${`${q.ean}%`}` : sql`p.ean = ${q.ean}`);
  }
  if (q.name) {
    const words = searchWords(q.name);
    if (words.length)
      parts.push(
        sql`(${sql.join(
          words.map((w) => sql`p.name ILIKE ${likeContains(w)}`),
          sql` AND `,
        )})`,
      );
  }
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` OR `)})`;
}

const whereIsEmpty = (f: ProductFilter) =>
  !f.text && (f.inShops === undefined || f.inShops === null) && !f.onlyPromo && !f.sections?.length && !f.categories?.length && !f.brands?.length && !f.country;

function whereOf(f: ProductFilter, visibleShops: number[] | null): SQL {
  const conds: SQL[] = [];
  if (f.text) {
    const t = textCondition(f.text);
    conds.push(t ?? sql`FALSE`);
  }
  if (f.inShops !== undefined && f.inShops !== null) {
    conds.push(
      sql`EXISTS (SELECT 1 FROM current_prices cp WHERE cp.product_id = p.id AND cp.shop_id = ANY(${sql.param(f.inShops)}::int[])${f.onlyPromo ? sql` AND cp.promo IS NOT NULL` : sql``})`,
    );
  } else if (f.onlyPromo) {
    conds.push(
      sql`EXISTS (SELECT 1 FROM current_prices cp WHERE cp.product_id = p.id AND cp.promo IS NOT NULL AND ${shopCondition(sql`cp.shop_id`, visibleShops)})`,
    );
  }
  if (f.sections?.length) conds.push(sql`p.section_id = ANY(${sql.param(f.sections)}::int[])`);
  if (f.categories?.length) conds.push(sql`p.category_id = ANY(${sql.param(f.categories)}::int[])`);
  if (f.brands?.length) conds.push(sql`p.brand_id = ANY(${sql.param(f.brands)}::int[])`);
  if (f.country) conds.push(sql`p.country = ${f.country}`);
  return conds.length ? sql.join(conds, sql` AND `) : sql`TRUE`;
}

/**
 * The rows of a page (a statement answering `id` and the sort keys, named `page`), with names and the
 * current-price figures over `statShops` (null: every shop) of the product's own country.
 */
function itemsSql(page: SQL, orderBy: SQL, statShops: number[] | null, lang: Language | null): SQL {
  return sql`WITH page AS (${page})
    SELECT ${rawProductColumns(lang)}, st.shops, st.min_price AS "minPrice", st.max_price AS "maxPrice", st.on_promo AS "onPromo", page.*
    FROM page JOIN products p ON p.id = page.id
    ${PRODUCT_JOINS}
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS shops, min(coalesce(cp.promo, cp.regular)) AS min_price,
             max(coalesce(cp.promo, cp.regular)) AS max_price, count(cp.promo)::int AS on_promo
      FROM current_prices cp JOIN shops s ON s.id = cp.shop_id
      WHERE cp.product_id = p.id AND s.country = p.country AND ${shopCondition(sql`cp.shop_id`, statShops)}
    ) st ON TRUE
    ORDER BY ${orderBy}`;
}

const SORT_COLUMN: Record<Exclude<ProductSort, 'price' | 'shops'>, SQL> = {
  name: sql`p.name`,
  ean: sql`p.ean`,
  article: sql`p.article`,
  brand: sql`(SELECT bb.name FROM brands bb WHERE bb.id = p.brand_id)`,
  weight: sql`p.weight`,
  createdAt: sql`p.created_at`,
};

/**
 * The sort key of a product row. Price and shop count are the figures the row shows (itemsSql: the
 * product's country, over `statShops`), so the order agrees with what the user reads.
 */
function sortKey(sort: ProductSort, statShops: number[] | null): SQL {
  if (sort !== 'price' && sort !== 'shops') return SORT_COLUMN[sort];
  const figure = sort === 'price' ? sql`min(coalesce(cp.promo, cp.regular))` : sql`count(*)::int`;
  return sql`(SELECT ${figure} FROM current_prices cp JOIN shops s ON s.id = cp.shop_id
    WHERE cp.product_id = p.id AND s.country = p.country AND ${shopCondition(sql`cp.shop_id`, statShops)})`;
}

/**
 * Products without a price come last in both directions (PostgreSQL puts NULL first in DESC). Only for
 * price: on an indexed column NULLS LAST in DESC would stop the index's backward scan.
 */
const orderOf = (dir: SQL, sort: ProductSort) => (sort === 'price' ? sql`${dir} NULLS LAST` : dir);

/**
 * The unfiltered product count (the default list's total) is read often and changes only with imports:
 * kept for COUNT_TTL_MS per database instead of counting ~100k index entries on every page.
 */
const COUNT_TTL_MS = 10_000;
const allCounts = new WeakMap<Db, { at: number; value: Promise<number> }>();

export function createProductsQueries(db: Db) {
  const selectProducts = <T extends SelectedFields>(lang: Language | null, more: T) =>
    db
      .select({ ...productColumns(lang), ...more })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(sections, eq(sections.id, products.sectionId))
      .leftJoin(categories, eq(categories.id, products.categoryId));

  function countAll(): Promise<number> {
    const cached = allCounts.get(db);
    if (cached && Date.now() - cached.at < COUNT_TTL_MS) return cached.value;
    const value = db
      .select({ n: count() })
      .from(products)
      .then((r) => r[0]?.n ?? 0);
    allCounts.set(db, { at: Date.now(), value });
    value.catch(() => allCounts.delete(db));
    return value;
  }

  /**
   * Product rows with their current-price figures over `statShops` (null: every shop), in `ids` order.
   * Raw sql: the list's statement (itemsSql), which the search and the filtered pages share.
   */
  async function listItems(ids: number[], statShops: number[] | null, lang: Language | null = null): Promise<ProductListRow[]> {
    if (!ids.length) return [];
    return queryRows<ProductListRow>(
      db,
      itemsSql(sql`SELECT o.id, o.ord FROM unnest(${sql.param(ids)}::int[]) WITH ORDINALITY AS o(id, ord)`, sql`page.ord`, statShops, lang),
    );
  }

  return {
    listItems,

    /**
     * One page of list rows and the total, for a filter and sort: one statement finds the page and adds
     * names and price figures (a round trip saved per page); the total comes from the same statement for
     * text searches, from the cached count without filters, else from a count run alongside.
     */
    async listPage(
      f: ProductFilter,
      visibleShops: number[] | null,
      statShops: number[] | null,
      sort: ProductSort,
      order: 'asc' | 'desc',
      limit: number,
      skip: number,
      lang: Language | null = null,
    ): Promise<{ rows: ProductListRow[]; total: number }> {
      const where = whereOf(f, visibleShops);
      const dir = order === 'desc' ? sql`DESC` : sql`ASC`;
      const key = sortKey(sort, statShops);
      const keyDir = orderOf(dir, sort);
      // Raw sql: a search (name words, EAN prefix) and the sorts by price figures.
      // A name search is found through the trigram index first; without MATERIALIZED the planner may
      // walk the name index in order and test every row, which is slow for rare words.
      const hasText = !!f.text;
      const page = hasText
        ? sql`WITH m AS MATERIALIZED (SELECT p.id, ${key} AS k FROM products p WHERE ${where})
              SELECT id, k, count(*) OVER ()::int AS total FROM m ORDER BY k ${keyDir}, id ${dir} LIMIT ${limit} OFFSET ${skip}`
        : sql`SELECT p.id, ${key} AS k, NULL::int AS total FROM products p WHERE ${where}
              ORDER BY ${key} ${keyDir}, p.id ${dir} LIMIT ${limit} OFFSET ${skip}`;
      const countQuery = () => queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products p WHERE ${where}`).then((r) => r[0]?.n ?? 0);
      const [rows, counted] = await Promise.all([
        queryRows<ProductListRow & { total: number | null }>(db, itemsSql(page, sql`page.k ${keyDir}, page.id ${dir}`, statShops, lang)),
        hasText ? Promise.resolve(null) : whereIsEmpty(f) ? countAll() : countQuery(),
      ]);
      let total = counted ?? rows[0]?.total ?? null;
      // A text search paged past its end has no row to carry the total.
      if (total === null) total = skip > 0 ? await countQuery() : 0;
      return { rows, total };
    },

    /** Ids of every product of a filter in sort order, up to `max` (exports). Raw sql: the list's search and sorts. */
    async allIds(
      f: ProductFilter,
      visibleShops: number[] | null,
      statShops: number[] | null,
      sort: ProductSort,
      order: 'asc' | 'desc',
      max: number,
    ): Promise<number[]> {
      const dir = order === 'desc' ? sql`DESC` : sql`ASC`;
      const rows = await queryRows<{ id: number }>(
        db,
        sql`SELECT p.id FROM products p WHERE ${whereOf(f, visibleShops)}
            ORDER BY ${sortKey(sort, statShops)} ${orderOf(dir, sort)}, p.id ${dir} LIMIT ${max}`,
      );
      return rows.map((r) => r.id);
    },

    /** Spec §5 search: article = / EAN prefix / name words, OR-ed; exact article or EAN matches first. Raw sql: a search. */
    async search(q: SearchQuery, limit: number, statShops: number[] | null, lang: Language | null = null): Promise<ProductListRow[]> {
      const cond = textCondition(q);
      if (!cond) return [];
      const exact: SQL[] = [];
      if (q.article) exact.push(sql`p.article = ${q.article}`);
      if (q.ean) exact.push(sql`p.ean = ${q.ean}`);
      const rank = exact.length ? sql`(${sql.join(exact, sql` OR `)})` : sql`FALSE`;
      const page = sql`WITH m AS MATERIALIZED (SELECT p.id, p.name, ${rank} AS exact FROM products p WHERE ${cond})
                       SELECT id, name, exact FROM m ORDER BY exact DESC, name, id LIMIT ${limit}`;
      // The header search's statement is planned once per connection (docs/overload.md).
      return queryRows<ProductListRow>(db, itemsSql(page, sql`page.exact DESC, page.name, page.id`, statShops, lang), { prepared: true });
    },

    async detail(id: number, lang: Language | null = null) {
      const [row] = await selectProducts(lang, {
        description: sql<string | null>`${translated('product_description', sql`${products.id}`, sql`${products.description}`, lang)}`,
        createdAt: products.createdAt,
        updatedAt: products.updatedAt,
      }).where(eq(products.id, id));
      return row ?? null;
    },

    async summary(id: number, lang: Language | null = null): Promise<ProductRow | null> {
      const [row] = await selectProducts(lang, {}).where(eq(products.id, id));
      return row ?? null;
    },

    async summaries(ids: number[], lang: Language | null = null): Promise<ProductRow[]> {
      if (!ids.length) return [];
      return selectProducts(lang, {})
        .where(anyOf(products.id, ids, 'int'))
        .orderBy(asc(products.id));
    },

    offers(id: number, shopIds: number[] | null) {
      return db
        .select({ shopId: offers.shopId, url: offers.url, shopArticle: offers.shopArticle })
        .from(offers)
        .where(and(eq(offers.productId, id), shopCondition(sql`${offers.shopId}`, shopIds)));
    },

    /** Every section with its name in `lang` (the translations table, else the stored name), by that name. */
    sections(lang: Language | null): Promise<{ id: number; name: string }[]> {
      // The outer table written out: one table's columns are unqualified, which inside the subquery would be its own.
      const name = sql<string>`${translated('section', sql`sections.id`, sql`sections.name`, lang)}`.as('name');
      return db
        .select({ id: sections.id, name })
        .from(sections)
        .orderBy(sql`"name"`, asc(sections.id));
    },

    /** Largest all-digits article (longest first, then greatest), through products_article_num_idx. */
    async maxArticle(): Promise<string | null> {
      const [row] = await db
        .select({ article: products.article })
        .from(products)
        .where(sql`${products.article} ~ '^[0-9]+$'`)
        .orderBy(desc(sql`length(${products.article})`), desc(products.article))
        .limit(1);
      return row?.article ?? null;
    },

    /**
     * Similar-name candidates: trigram similarity of the name (and description) with `%` at a lowered
     * threshold, best first.
     */
    async similarCandidates(name: string, description: string | undefined, limit: number) {
      // Raw sql: a trigram search (similarity() is real: both drivers answer numbers).
      return db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL pg_trgm.similarity_threshold = 0.2`);
        const text = description ? sql`greatest(similarity(p.name, ${name}), similarity(p.name, ${description}) * 0.8)` : sql`similarity(p.name, ${name})`;
        const cond = description ? sql`(p.name % ${name} OR p.name % ${description})` : sql`p.name % ${name}`;
        return queryRows<{ id: number; sim: number }>(
          tx,
          sql`SELECT p.id, ${text} AS sim FROM products p WHERE ${cond} ORDER BY sim DESC, p.id LIMIT ${limit}`,
        );
      });
    },

    /** Current price of products in one shop, or their cheapest over `shops` (null: all). */
    async pricesFor(ids: number[], shop: number | null, shopIds: number[] | null) {
      if (!ids.length) return [];
      return db
        .select({
          productId: currentPrices.productId,
          // int4 money: min() stays int4.
          price: sql<number>`min(coalesce(${currentPrices.promo}, ${currentPrices.regular}))`,
          country: sql<string>`min(${shops.country})`,
        })
        .from(currentPrices)
        .innerJoin(shops, eq(shops.id, currentPrices.shopId))
        .innerJoin(products, eq(products.id, currentPrices.productId))
        .where(
          and(
            anyOf(currentPrices.productId, ids, 'int'),
            eq(shops.country, products.country),
            shop !== null ? eq(currentPrices.shopId, shop) : shopCondition(sql`${currentPrices.shopId}`, shopIds),
          ),
        )
        .groupBy(currentPrices.productId);
    },

    async brandIdByName(name: string): Promise<number | null> {
      const [row] = await db
        .select({ id: brands.id })
        .from(brands)
        .where(eq(sql`lower(${brands.name})`, sql`lower(${name})`))
        .limit(1);
      return row?.id ?? null;
    },

    /** Brands with their product counts under the filters (POST /brands/get-by-filters). */
    brands(f: { search?: string; sections?: number[]; categories?: number[]; inShops: number[] | null }, limit: number) {
      const conds: (SQL | undefined)[] = [];
      if (f.search) conds.push(ilike(brands.name, likeContains(f.search)));
      if (f.sections?.length) conds.push(anyOf(products.sectionId, f.sections, 'int'));
      if (f.categories?.length) conds.push(anyOf(products.categoryId, f.categories, 'int'));
      if (f.inShops !== null) {
        conds.push(sql`EXISTS (SELECT 1 FROM current_prices cp WHERE cp.product_id = ${products.id} AND ${shopCondition(sql`cp.shop_id`, f.inShops)})`);
      }
      const productCount = count(products.id);
      return db
        .select({ id: brands.id, name: brands.name, products: productCount })
        .from(brands)
        .innerJoin(products, eq(products.brandId, brands.id))
        .where(and(...conds))
        .groupBy(brands.id, brands.name)
        .orderBy(desc(productCount), asc(brands.name))
        .limit(limit);
    },
  };
}

export type ProductsQueries = ReturnType<typeof createProductsQueries>;
