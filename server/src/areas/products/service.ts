import {
  CATALOGUE_LIMITS,
  WEIGHT_UNITS,
  type Brand,
  type ExportFile,
  type Language,
  type MaxArticle,
  type SectionSummary,
  type Product,
  type ProductListItem,
  type ProductPage,
  type ProductSort,
  type ProductSummary,
  type SimilarProduct,
  type WeightUnit,
} from '@pricewatch/shared/contract';
import { parseSearchText, type SearchQuery } from '@pricewatch/shared/format';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { currencyOf, fromMinor, round1 } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import type { FileStore } from '../../core/file-store';
import { writeXlsx } from '../../core/xlsx';
import { shopDirectory } from '../../core/shop-directory';
import { Visibility } from '../../core/shop-visibility';
import { createProductsQueries, type ProductFilter, type ProductListRow, type ProductRow } from './queries';

const unitOf = (u: string | null): WeightUnit | null => ((WEIGHT_UNITS as readonly string[]).includes(u ?? '') ? (u as WeightUnit) : null);

export function toSummary(r: ProductRow): ProductSummary {
  return {
    _id: String(r.id),
    ean: r.ean,
    article: r.article,
    name: r.name,
    brandId: r.brandId === null ? null : String(r.brandId),
    brand: r.brand,
    sectionId: r.sectionId === null ? null : String(r.sectionId),
    section: r.section,
    categoryId: r.categoryId === null ? null : String(r.categoryId),
    category: r.category,
    weight: r.weight,
    unit: unitOf(r.unit),
    image: r.image,
    country: r.country,
  };
}

export function toListItem(r: ProductListRow): ProductListItem {
  const priced = r.shops > 0 && r.minPrice !== null && r.maxPrice !== null;
  return {
    ...toSummary(r),
    shops: r.shops,
    minPrice: priced ? fromMinor(r.minPrice!) : null,
    maxPrice: priced ? fromMinor(r.maxPrice!) : null,
    currency: priced ? currencyOf(r.country) : null,
    onPromo: r.onPromo,
  };
}

/** Grams, millilitres or pieces. */
const normalWeight = (w: number | null, unit: string | null) => (w === null ? null : unit === 'kg' || unit === 'l' ? w * 1000 : w);

/** 1 within `full` % difference, fading to 0 at `zero` %. */
const closeness = (diffPct: number, full: number, zero: number) => (diffPct <= full ? 1 : Math.max(0, 1 - (diffPct - full) / (zero - full)));

export type ListFilters = {
  search?: string;
  networks?: string[];
  shops?: number[];
  sections?: number[];
  categories?: number[];
  brands?: number[];
  country?: string;
  onlyPromo?: boolean;
  sort: ProductSort;
  order: 'asc' | 'desc';
};

export function createProductsService(db: Db, files: FileStore) {
  const queries = createProductsQueries(db);
  const directory = shopDirectory(db);
  const visibility = async (user: AuthUser) => Visibility.of(user, await directory.get());

  /** The shop condition of a list and the shops its price figures cover. */
  function filterOf(vis: Visibility, f: Omit<ListFilters, 'sort' | 'order'>, fields?: { networks: string; shops: string }) {
    const narrowed = !!(f.networks?.length || f.shops?.length);
    const chosen = vis.shopIdsFor({ networks: f.networks, shops: f.shops }, fields);
    const text: SearchQuery | undefined = f.search ? parseSearchText(f.search) : undefined;
    const filter: ProductFilter = {
      text: text && Object.keys(text).length ? text : undefined,
      inShops: narrowed ? chosen : undefined,
      onlyPromo: f.onlyPromo,
      sections: f.sections,
      categories: f.categories,
      brands: f.brands,
      country: f.country,
    };
    return { filter, statShops: chosen };
  }

  async function page(
    user: AuthUser,
    f: ListFilters,
    limit: number,
    skip: number,
    lang: Language | null,
    fields?: { networks: string; shops: string },
  ): Promise<ProductPage> {
    const vis = await visibility(user);
    const { filter, statShops } = filterOf(vis, f, fields);
    const { rows, total } = await queries.listPage(filter, vis.all ? null : vis.shops.map((s) => s.id), statShops, f.sort, f.order, limit, skip, lang);
    return { items: rows.map(toListItem), total, limit, skip };
  }

  return {
    /** GET /products/search: article / EAN / name, OR-ed (spec §5). */
    async search(user: AuthUser, q: SearchQuery & { limit: number }, lang: Language | null = null): Promise<ProductListItem[]> {
      const vis = await visibility(user);
      const text: SearchQuery = {};
      if (q.article) text.article = q.article;
      if (q.ean) text.ean = q.ean;
      if (q.name) text.name = q.name;
      const rows = await queries.search(text, q.limit, vis.all ? null : vis.shops.map((s) => s.id), lang);
      return rows.map(toListItem);
    },

    /** GET /products: the header search box's table (search text, market = network, marketId = shop). */
    products(user: AuthUser, q: { search?: string; market?: string; marketId?: number; limit: number; skip: number }, lang: Language | null = null) {
      return page(
        user,
        {
          search: q.search,
          networks: q.market ? [q.market] : undefined,
          shops: q.marketId ? [q.marketId] : undefined,
          sort: 'name',
          order: 'asc',
        },
        q.limit,
        q.skip,
        lang,
        { networks: 'market', shops: 'marketId' },
      );
    },

    /** GET /products/list: paged, filtered, sorted. */
    list(user: AuthUser, q: ListFilters & { limit: number; skip: number }, lang: Language | null = null) {
      return page(user, q, q.limit, q.skip, lang);
    },

    async detail(user: AuthUser, id: number, lang: Language | null = null): Promise<Product> {
      const vis = await visibility(user);
      const row = await queries.detail(id, lang);
      if (!row) throw notFound('product');
      const offers = await queries.offers(id, vis.all ? null : vis.shops.map((s) => s.id));
      return {
        ...toSummary(row),
        description: row.description,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        offers: offers
          .map((o) => ({ o, shop: vis.dir.shopById.get(o.shopId)! }))
          .filter(({ shop }) => !!shop)
          .sort((a, b) => a.shop.networkName.localeCompare(b.shop.networkName) || a.shop.name.localeCompare(b.shop.name))
          .map(({ o, shop }) => ({
            shopId: String(shop.id),
            shopName: shop.name,
            network: shop.network,
            networkName: shop.networkName,
            url: o.url,
            shopArticle: o.shopArticle,
          })),
      };
    },

    /** GET /sections: the catalogue's sections (the catalogue is shared: every signed-in user sees them all). */
    async sections(lang: Language | null = null): Promise<SectionSummary[]> {
      return (await queries.sections(lang)).map((s) => ({ _id: String(s.id), name: s.name }));
    },

    async maxArticle(): Promise<MaxArticle> {
      const max = await queries.maxArticle();
      return { maxArticle: max, next: max === null ? '1' : (BigInt(max) + 1n).toString() };
    },

    /** GET /products/find-similar-products: candidates by name, ranked as the contract describes. */
    async similar(
      user: AuthUser,
      q: { name: string; marketId?: number; sectionId?: number; brand?: string; description?: string; weight?: number; price?: number; limit: number },
      lang: Language | null = null,
    ): Promise<SimilarProduct[]> {
      const vis = await visibility(user);
      if (q.marketId !== undefined) vis.shopIdsFor({ shops: [q.marketId] }, { networks: 'networks', shops: 'marketId' });
      const candidates = await queries.similarCandidates(q.name, q.description || undefined, 100);
      if (!candidates.length) return [];
      const ids = candidates.map((c) => c.id);
      const [rows, prices] = await Promise.all([
        queries.summaries(ids, lang),
        queries.pricesFor(ids, q.marketId ?? null, vis.all ? null : vis.shops.map((s) => s.id)),
      ]);
      const sim = new Map(candidates.map((c) => [c.id, c.sim]));
      const priceOf = new Map(prices.map((p) => [p.productId, p]));
      const brand = q.brand?.toLowerCase();
      return rows
        .map((r) => {
          const nameSimilarity = Math.round((sim.get(r.id) ?? 0) * 1000) / 1000;
          const sameBrand = !!brand && r.brand?.toLowerCase() === brand;
          const sameSection = q.sectionId !== undefined && r.sectionId === q.sectionId;
          const w = normalWeight(r.weight, r.unit);
          const weightDiffPct = q.weight && w !== null ? round1((Math.abs(w - q.weight) / q.weight) * 100) : null;
          const pr = priceOf.get(r.id);
          const price = pr ? fromMinor(pr.price) : null;
          const priceDiffPct = q.price && price !== null ? round1((Math.abs(price - q.price) / q.price) * 100) : null;
          const score =
            0.55 * nameSimilarity +
            (sameBrand ? 0.2 : 0) +
            (sameSection ? 0.05 : 0) +
            (weightDiffPct === null ? 0 : 0.1 * closeness(weightDiffPct, 10, 50)) +
            (priceDiffPct === null ? 0 : 0.1 * closeness(priceDiffPct, 15, 60));
          return {
            ...toSummary(r),
            score: Math.round(score * 1000) / 1000,
            nameSimilarity,
            sameBrand,
            sameSection,
            weightDiffPct,
            price,
            currency: price === null ? null : currencyOf(r.country),
            priceDiffPct,
          };
        })
        .sort((a, b) => b.score - a.score || Number(a._id) - Number(b._id))
        .slice(0, q.limit);
    },

    /** POST /brands/get-by-filters. */
    async brands(
      user: AuthUser,
      q: { search?: string; sections?: number[]; categories?: number[]; networks?: string[]; shops?: number[]; limit: number },
    ): Promise<Brand[]> {
      const vis = await visibility(user);
      const narrowed = !!(q.networks?.length || q.shops?.length);
      const chosen = vis.shopIdsFor({ networks: q.networks, shops: q.shops });
      const rows = await queries.brands(
        { search: q.search || undefined, sections: q.sections, categories: q.categories, inShops: narrowed ? chosen : null },
        q.limit,
      );
      return rows.map((r) => ({ _id: String(r.id), name: r.name, products: r.products }));
    },

    /** GET /products/export: the list's rows (no paging, at most exportMaxRows) as an xlsx file. */
    async exportXlsx(user: AuthUser, f: ListFilters, lang: Language | null = null): Promise<ExportFile> {
      const vis = await visibility(user);
      const { filter, statShops } = filterOf(vis, f);
      const ids = await queries.allIds(filter, vis.all ? null : vis.shops.map((s) => s.id), statShops, f.sort, f.order, CATALOGUE_LIMITS.exportMaxRows);
      const file = await files.create('products', user, '.xlsx');
      async function* batches() {
        for (let i = 0; i < ids.length; i += 2000) {
          const rows = await queries.listItems(ids.slice(i, i + 2000), statShops, lang);
          yield rows.map((r) => {
            const item = toListItem(r);
            return {
              id: Number(item._id),
              article: item.article,
              ean: item.ean,
              name: item.name,
              brand: item.brand,
              section: item.section,
              category: item.category,
              weight: item.weight,
              unit: item.unit,
              country: item.country,
              shops: item.shops,
              minPrice: item.minPrice,
              maxPrice: item.maxPrice,
              currency: item.currency,
              onPromo: item.onPromo,
            };
          });
        }
      }
      try {
        const rows = await writeXlsx(file.path, 'Products', PRODUCT_EXPORT_COLUMNS, batches());
        await file.commit();
        return { file: file.name, extension: '.xlsx', rows };
      } catch (err) {
        await file.discard();
        throw err;
      }
    },
  };
}

export const PRODUCT_EXPORT_COLUMNS = [
  { header: 'Id', key: 'id', width: 10 },
  { header: 'Article', key: 'article', width: 12 },
  { header: 'EAN', key: 'ean', width: 16 },
  { header: 'Name', key: 'name', width: 48 },
  { header: 'Brand', key: 'brand', width: 18 },
  { header: 'Section', key: 'section', width: 18 },
  { header: 'Category', key: 'category', width: 18 },
  { header: 'Weight', key: 'weight', width: 9 },
  { header: 'Unit', key: 'unit', width: 6 },
  { header: 'Country', key: 'country', width: 8 },
  { header: 'Shops', key: 'shops', width: 8 },
  { header: 'Min price', key: 'minPrice', width: 10 },
  { header: 'Max price', key: 'maxPrice', width: 10 },
  { header: 'Currency', key: 'currency', width: 9 },
  { header: 'On promo', key: 'onPromo', width: 9 },
];

export type ProductsService = ReturnType<typeof createProductsService>;
