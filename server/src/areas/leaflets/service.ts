/**
 * Leaflet rules (docs/leaflets.md): visibility through the network (core/shop-visibility.ts — the one
 * rule), writes in one transaction each, pictures stored before their row and removed when the row
 * could not be written (and after the commit that deleted their rows), pageable prices, statistics,
 * the xlsx export.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  LEAFLET_LIMITS,
  PROMO_MECHANICS,
  leafletPriceInputSchema,
  leafletPriceUpdateSchema,
  type Box,
  type Leaflet,
  type LeafletDetail,
  type LeafletImageType,
  type LeafletPage,
  type LeafletPrice,
  type LeafletPricesPage,
  type LeafletStatistics,
  type Language,
  type PromoMechanics,
  type RecognitionStatus,
} from '@pricewatch/shared/contract';
import { mayWriteLeaflet } from '@pricewatch/shared/permissions';
import { queryRows, type Db, type Tx } from '../../db/client';
import { asIsoDay } from '../../lib/days';
import { forbidden, notFound, validationFailed } from '../../lib/errors';
import { currencyOf, fromMinor, round1, toMinor } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import type { FileStore } from '../../core/file-store';
import { writeXlsx } from '../../core/xlsx';
import { toSummary } from '../products/plugin';
import { shopDirectory } from '../../core/shop-directory';
import { Visibility, visibleNetworkCodes } from '../../core/shop-visibility';
import { checkPicture, type Form, type PictureStore, type StoredPicture } from './pictures';
import { createLeafletsQueries, productOf, type LeafletRow, type PageRow, type PriceRow } from './queries';

export const toIso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

export const imageUrl = (name: string) => `/leaflets/images/${name}`;
export const thumbUrl = (name: string) => `/leaflets/images/${name}?size=thumb`;

export function toLeaflet(r: LeafletRow): Leaflet {
  return {
    _id: String(r.id),
    name: r.name,
    network: r.network,
    networkName: r.network_name,
    currency: currencyOf(r.country),
    start: asIsoDay(r.start_day),
    end: asIsoDay(r.end_day),
    description: r.description,
    pageCount: Number(r.page_count),
    priceCount: Number(r.price_count),
    coverThumbUrl: r.cover ? thumbUrl(r.cover) : null,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

export function toPage(r: PageRow): LeafletPage {
  return {
    _id: String(r.id),
    leafletId: String(r.leaflet_id),
    pageNo: r.page_no,
    name: r.file_name,
    url: imageUrl(r.file_name),
    thumbUrl: thumbUrl(r.file_name),
    type: r.type as LeafletImageType,
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    recognition: r.recognition as RecognitionStatus,
    priceCount: Number(r.price_count),
  };
}

const parseBox = (v: unknown): Box | null => {
  if (v === null || v === undefined) return null;
  const b = (typeof v === 'string' ? JSON.parse(v) : v) as Box;
  return { x: b.x, y: b.y, w: b.w, h: b.h };
};

export function toPrice(r: PriceRow): LeafletPrice {
  const product = productOf(r);
  return {
    _id: String(r.id),
    leafletId: String(r.leaflet_id),
    pageId: r.page_id === null ? null : String(r.page_id),
    pageNo: r.page_no,
    productId: r.product_id === null ? null : String(r.product_id),
    product: product ? toSummary(product) : null,
    productName: r.product_name,
    price: fromMinor(r.price),
    oldPrice: r.old_price === null ? null : fromMinor(r.old_price),
    discountPct: r.discount_pct === null ? null : Number(r.discount_pct),
    mechanics: r.mechanics as PromoMechanics,
    mechanicsText: r.mechanics_text,
    box: parseBox(r.box),
    source: r.source as 'manual' | 'recognised',
    createdAt: toIso(r.created_at),
  };
}

/** (old − price) / old × 100, one decimal. */
export const discountOf = (price: number, oldPrice: number | null): number | null =>
  oldPrice === null || oldPrice <= price ? null : round1(((oldPrice - price) / oldPrice) * 100);

/** leafletPriceUpdateSchema as parsed (numbers, not input strings). */
export type ParsedPriceUpdate = z.output<typeof leafletPriceUpdateSchema>;

export type LeafletFields = { name?: string; network?: string; start?: string; end?: string; description?: string | null };

export function createLeafletsService(db: Db, pictures: PictureStore, files: FileStore) {
  const queries = createLeafletsQueries(db);
  const visibility = async (user: AuthUser) => Visibility.of(user, await shopDirectory(db).get());

  /** The network of a create/update/search filter: 400 unknown, 403 not visible. */
  async function networkFor(user: AuthUser, code: string, field = 'network') {
    const vis = await visibility(user);
    const network = vis.dir.networkByCode.get(code);
    if (!network) throw validationFailed([{ path: field, message: 'unknown_network' }]);
    if (!vis.canSeeNetwork(code)) throw forbidden();
    return network;
  }

  /** A leaflet the caller sees; 404 for unknown and invisible ones alike. */
  async function visibleLeaflet(user: AuthUser, id: number): Promise<LeafletRow> {
    const row = await queries.leaflet(id);
    if (!row) throw notFound('leaflet');
    const codes = visibleNetworkCodes(user);
    if (codes !== null && !codes.includes(row.network)) throw notFound('leaflet');
    return row;
  }

  /**
   * A leaflet the caller may write (issue 13): seen (else 404) and of the caller's own network, or the
   * caller is the provider's staff (else 403) — the rule the screens use to offer the actions.
   */
  async function writableLeaflet(user: AuthUser, id: number): Promise<LeafletRow> {
    const row = await visibleLeaflet(user, id);
    if (!mayWriteLeaflet(user.profile, row.network)) throw forbidden();
    return row;
  }

  /** The network a leaflet is created in or moved to: seen (networkFor) and writable by the caller. */
  async function writableNetwork(user: AuthUser, code: string) {
    const network = await networkFor(user, code);
    if (!mayWriteLeaflet(user.profile, code)) throw forbidden();
    return network;
  }

  /** A price of a leaflet the caller sees; 404 for unknown and invisible ones alike. */
  async function visiblePrice(user: AuthUser, priceId: number): Promise<{ row: PriceRow; leaflet: LeafletRow }> {
    const row = await queries.price(priceId);
    if (!row) throw notFound('leaflet_price');
    const leaflet = await queries.leaflet(row.leaflet_id);
    const codes = visibleNetworkCodes(user);
    if (!leaflet || (codes !== null && !codes.includes(leaflet.network))) throw notFound('leaflet_price');
    return { row, leaflet };
  }

  async function detail(id: number): Promise<LeafletDetail> {
    const row = await queries.leaflet(id);
    if (!row) throw notFound('leaflet');
    return { ...toLeaflet(row), pages: (await queries.pages(id)).map(toPage) };
  }

  /**
   * Locks the leaflet's row for the rest of the transaction: page numbers, the price limit and a
   * concurrent delete are serialised by it. A leaflet deleted meanwhile is 404 (never an FK error).
   */
  async function lockLeaflet(tx: Tx, leafletId: number): Promise<void> {
    const rows = await queryRows(tx, sql`SELECT id FROM leaflets WHERE id = ${leafletId} FOR UPDATE`);
    if (!rows.length) throw notFound('leaflet');
  }

  /** Appends a page in the transaction (row lock on the leaflet keeps page numbers in order). */
  async function insertPage(t: Tx, leafletId: number, stored: StoredPicture, p: { type: string; width: number; height: number; bytes: number }) {
    await lockLeaflet(t, leafletId);
    const [n] = await queryRows<{ n: number; next: number }>(
      t,
      sql`SELECT count(*)::int AS n, coalesce(max(page_no), 0)::int + 1 AS next FROM leaflet_pages WHERE leaflet_id = ${leafletId}`,
    );
    if (Number(n!.n) >= LEAFLET_LIMITS.pagesMax) throw validationFailed([{ path: 'image', message: 'too_many_pages' }]);
    const [row] = await queryRows<{ id: number }>(
      t,
      sql`INSERT INTO leaflet_pages (leaflet_id, page_no, file_name, type, width, height, bytes, thumb_name)
          VALUES (${leafletId}, ${Number(n!.next)}, ${stored.fileName}, ${p.type}, ${p.width}, ${p.height}, ${p.bytes}, ${stored.thumbName})
          RETURNING id`,
    );
    await queryRows(t, sql`UPDATE leaflets SET updated_at = now() WHERE id = ${leafletId}`);
    return row!.id;
  }

  /** Runs write(tx) with freshly stored files; the files go again when the transaction fails. */
  async function withStoredPicture<T>(stored: StoredPicture, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      await pictures.remove([stored.fileName, stored.thumbName]);
      throw error;
    }
  }

  return {
    /** For recognition.ts, the area's own job; routes use the calls below. */
    queries,
    visibleLeaflet,
    /** A stored picture's row by its file name (GET /leaflets/images/:name checks its network). */
    pictureByName: (name: string) => queries.pictureByName(name),

    async get(user: AuthUser, id: number): Promise<LeafletDetail> {
      await visibleLeaflet(user, id);
      return detail(id);
    },

    async create(user: AuthUser, input: Required<Pick<LeafletFields, 'name' | 'network' | 'start' | 'end'>> & LeafletFields): Promise<LeafletDetail> {
      const network = await writableNetwork(user, input.network);
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO leaflets (network_id, name, start_day, end_day, description)
            VALUES (${network.id}, ${input.name}, ${input.start}::date, ${input.end}::date, ${input.description || null}) RETURNING id`,
      );
      return detail(row!.id);
    },

    async update(user: AuthUser, id: number, input: LeafletFields): Promise<LeafletDetail> {
      await writableLeaflet(user, id);
      const network = input.network ? await writableNetwork(user, input.network) : null;
      // Read, merge and write under the leaflet's row lock: two edits at once keep each other's fields.
      await db.transaction(async (t) => {
        await lockLeaflet(t, id);
        const [row] = await queryRows<{ name: string; network_id: number; start_day: string; end_day: string; description: string | null; country: string }>(
          t,
          sql`SELECT l.name, l.network_id, l.start_day, l.end_day, l.description, n.country
              FROM leaflets l JOIN networks n ON n.id = l.network_id WHERE l.id = ${id}`,
        );
        if (!row) throw notFound('leaflet');
        // Money is stored in minor units of the network's currency and matched products are of its
        // country: a leaflet never moves to a network of another country (docs/leaflets.md).
        if (network && network.country !== row.country) throw validationFailed([{ path: 'network', message: 'network_of_other_country' }]);
        const start = input.start ?? asIsoDay(row.start_day);
        const end = input.end ?? asIsoDay(row.end_day);
        if (start > end) throw validationFailed([{ path: 'end', message: 'end_before_start' }]);
        const description = input.description === undefined ? row.description : input.description || null;
        await queryRows(
          t,
          sql`UPDATE leaflets SET name = ${input.name ?? row.name}, network_id = ${network?.id ?? row.network_id},
                start_day = ${start}::date, end_day = ${end}::date, description = ${description}, updated_at = now()
              WHERE id = ${id}`,
        );
      });
      return detail(id);
    },

    /**
     * Deletes the leaflet with its pages, prices and recognitions; the files go after the commit. The
     * leaflet's row is locked first, so an upload either committed before (its page is deleted here and
     * its files named by RETURNING) or finds the leaflet gone (404).
     */
    async remove(user: AuthUser, id: number): Promise<void> {
      await writableLeaflet(user, id);
      const names = await db.transaction(async (t) => {
        await lockLeaflet(t, id);
        const pages = await queryRows<{ file_name: string; thumb_name: string }>(
          t,
          sql`DELETE FROM leaflet_pages WHERE leaflet_id = ${id} RETURNING file_name, thumb_name`,
        );
        await queryRows(t, sql`DELETE FROM leaflets WHERE id = ${id}`);
        return pages.flatMap((p) => [p.file_name, p.thumb_name]);
      });
      await pictures.remove(names);
    },

    async search(user: AuthUser, q: { name?: string; start?: string; end?: string; network?: string }): Promise<Leaflet[]> {
      if (q.network) await networkFor(user, q.network);
      const vis = visibleNetworkCodes(user);
      const codes = q.network ? [q.network] : vis;
      const rows =
        q.start && q.end
          ? await queries.byPeriod(q.start, q.end, codes, LEAFLET_LIMITS.searchMax)
          : await queries.byName(q.name ?? '', codes, LEAFLET_LIMITS.searchMax);
      return rows.map(toLeaflet);
    },

    /** POST /leaflets/save-image: the picture becomes the leaflet's last page. */
    async saveImage(user: AuthUser, form: Form): Promise<LeafletPage> {
      const folder = form.fields.folder;
      if (!folder?.trim()) throw validationFailed([{ path: 'folder', message: 'required' }]);
      if (!/^\d{1,10}$/.test(folder.trim())) throw validationFailed([{ path: 'folder', message: 'expected a numeric id' }]);
      const leafletId = Number(folder.trim());
      await writableLeaflet(user, leafletId);
      const picture = await checkPicture(form.files.get('image')?.data, 'image');
      const stored = await pictures.save(picture);
      const pageId = await withStoredPicture(stored, () =>
        db.transaction((tx) =>
          insertPage(tx, leafletId, stored, { type: picture.type, width: picture.width, height: picture.height, bytes: picture.data.length }),
        ),
      );
      const page = await queries.page(pageId);
      if (!page) throw notFound('leaflet'); // deleted with its leaflet right after the commit
      return toPage(page);
    },

    /**
     * POST /leaflets/add-price: `leafletPicture` (JSON of leafletPriceInputSchema) and an optional
     * `picture` that becomes a new page the price goes on — page and price in one transaction.
     */
    async addPrice(user: AuthUser, form: Form): Promise<LeafletPrice> {
      const raw = form.fields.leafletPicture;
      if (raw === undefined || raw.trim() === '') throw validationFailed([{ path: 'leafletPicture', message: 'required' }]);
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw validationFailed([{ path: 'leafletPicture', message: 'invalid_json' }]);
      }
      const parsed = leafletPriceInputSchema.safeParse(json);
      if (!parsed.success) {
        throw validationFailed(parsed.error.issues.map((i) => ({ path: i.path.length ? i.path.join('.') : 'leafletPicture', message: i.message })));
      }
      const input = parsed.data;
      const leaflet = await writableLeaflet(user, input.leafletId);
      const file = form.files.get('picture');
      if (file && input.pageId) throw validationFailed([{ path: 'pageId', message: 'page_and_picture' }]);
      let page: PageRow | undefined;
      if (input.pageId) {
        page = await queries.page(input.pageId);
        if (!page || page.leaflet_id !== input.leafletId) throw validationFailed([{ path: 'pageId', message: 'unknown_page' }]);
      }
      if (input.productId) {
        const country = await queries.productCountry(input.productId);
        if (country === undefined) throw validationFailed([{ path: 'productId', message: 'unknown_product' }]);
        if (country !== leaflet.country) throw validationFailed([{ path: 'productId', message: 'product_of_other_country' }]);
      }
      const picture = file ? await checkPicture(file.data, 'picture') : null;
      const box = input.box ?? null;
      const bounds = page ?? picture;
      if (box && bounds && (box.x + box.w > bounds.width || box.y + box.h > bounds.height)) {
        throw validationFailed([{ path: 'box', message: 'outside_page' }]);
      }
      const discount = input.discountPct ?? discountOf(input.price, input.oldPrice ?? null);

      const write = (stored: StoredPicture | null) =>
        db.transaction(async (t) => {
          await lockLeaflet(t, input.leafletId);
          const [n] = await queryRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM leaflet_prices WHERE leaflet_id = ${input.leafletId}`);
          if (Number(n!.n) >= LEAFLET_LIMITS.pricesMax) throw validationFailed([{ path: 'leafletId', message: 'too_many_prices' }]);
          const pageId =
            stored && picture
              ? await insertPage(t, input.leafletId, stored, { type: picture.type, width: picture.width, height: picture.height, bytes: picture.data.length })
              : (input.pageId ?? null);
          const [row] = await queryRows<{ id: number }>(
            t,
            sql`INSERT INTO leaflet_prices (leaflet_id, page_id, product_id, product_name, price, old_price, discount_pct,
                  mechanics, mechanics_text, box, source)
                VALUES (${input.leafletId}, ${pageId}, ${input.productId ?? null}, ${input.productName}, ${toMinor(input.price)},
                  ${input.oldPrice == null ? null : toMinor(input.oldPrice)}, ${discount}, ${input.mechanics},
                  ${input.mechanicsText || null}, ${box ? JSON.stringify(box) : null}::jsonb, ${input.source})
                RETURNING id`,
          );
          await queryRows(t, sql`UPDATE leaflets SET updated_at = now() WHERE id = ${input.leafletId}`);
          return row!.id;
        });

      let id: number;
      if (picture) {
        const stored = await pictures.save(picture);
        id = await withStoredPicture(stored, () => write(stored));
      } else {
        id = await write(null);
      }
      const row = await queries.price(id);
      if (!row) throw notFound('leaflet'); // deleted with its leaflet right after the commit
      return toPrice(row);
    },

    /**
     * PUT /leaflets/prices/{priceId}: absent fields keep their stored values; the old price is checked
     * against the merged values, under the leaflet's row lock (as add-price), so two edits at once keep
     * each other's fields and a concurrent leaflet delete is 404.
     */
    async updatePrice(user: AuthUser, priceId: number, input: ParsedPriceUpdate): Promise<LeafletPrice> {
      const { row: current, leaflet } = await visiblePrice(user, priceId);
      if (!mayWriteLeaflet(user.profile, leaflet.network)) throw forbidden();
      if (input.productId != null) {
        const country = await queries.productCountry(input.productId);
        if (country === undefined) throw validationFailed([{ path: 'productId', message: 'unknown_product' }]);
        if (country !== leaflet.country) throw validationFailed([{ path: 'productId', message: 'product_of_other_country' }]);
      }
      if (input.box && current.page_id !== null) {
        const page = await queries.page(current.page_id);
        if (page && (input.box.x + input.box.w > page.width || input.box.y + input.box.h > page.height)) {
          throw validationFailed([{ path: 'box', message: 'outside_page' }]);
        }
      }
      await db.transaction(async (t) => {
        await lockLeaflet(t, current.leaflet_id);
        const [row] = await queryRows<{ price: number; old_price: number | null; discount_pct: number | null }>(
          t,
          sql`SELECT price, old_price, discount_pct FROM leaflet_prices WHERE id = ${priceId} AND leaflet_id = ${current.leaflet_id}`,
        );
        if (!row) throw notFound('leaflet_price');
        const price = input.price ?? fromMinor(Number(row.price));
        const oldPrice = input.oldPrice !== undefined ? input.oldPrice : row.old_price === null ? null : fromMinor(Number(row.old_price));
        if (oldPrice !== null && oldPrice <= price) throw validationFailed([{ path: 'oldPrice', message: 'old_price_not_above_price' }]);
        // A given discount wins; otherwise it follows a changed price or old price, else it stays.
        const discount =
          input.discountPct != null
            ? input.discountPct
            : input.discountPct === null || input.price !== undefined || input.oldPrice !== undefined
              ? discountOf(price, oldPrice)
              : row.discount_pct === null
                ? null
                : Number(row.discount_pct);
        await queryRows(
          t,
          sql`UPDATE leaflet_prices SET
                product_id = ${input.productId === undefined ? sql`product_id` : input.productId},
                product_name = ${input.productName === undefined ? sql`product_name` : input.productName},
                price = ${toMinor(price)},
                old_price = ${oldPrice === null ? null : toMinor(oldPrice)},
                discount_pct = ${discount},
                mechanics = ${input.mechanics === undefined ? sql`mechanics` : input.mechanics},
                mechanics_text = ${input.mechanicsText === undefined ? sql`mechanics_text` : input.mechanicsText || null},
                box = ${input.box === undefined ? sql`box` : sql`${input.box ? JSON.stringify(input.box) : null}::jsonb`}
              WHERE id = ${priceId}`,
        );
        await queryRows(t, sql`UPDATE leaflets SET updated_at = now() WHERE id = ${current.leaflet_id}`);
      });
      const row = await queries.price(priceId);
      if (!row) throw notFound('leaflet_price'); // deleted right after the commit
      return toPrice(row);
    },

    /** DELETE /leaflets/prices/{priceId}: the price only (its page and picture stay). */
    async removePrice(user: AuthUser, priceId: number): Promise<void> {
      const { row: current, leaflet } = await visiblePrice(user, priceId);
      if (!mayWriteLeaflet(user.profile, leaflet.network)) throw forbidden();
      await db.transaction(async (t) => {
        await lockLeaflet(t, current.leaflet_id);
        const gone = await queryRows<{ id: number }>(t, sql`DELETE FROM leaflet_prices WHERE id = ${priceId} RETURNING id`);
        if (!gone.length) throw notFound('leaflet_price');
        await queryRows(t, sql`UPDATE leaflets SET updated_at = now() WHERE id = ${current.leaflet_id}`);
      });
    },

    async pricesPage(user: AuthUser, id: number, q: { page: number; size: number; pageId?: number }, lang: Language | null = null): Promise<LeafletPricesPage> {
      await visibleLeaflet(user, id);
      if (q.pageId !== undefined) {
        const page = await queries.page(q.pageId);
        if (!page || page.leaflet_id !== id) throw validationFailed([{ path: 'pageId', message: 'unknown_page' }]);
      }
      const { rows, total } = await queries.pricesPage(id, q.pageId, q.page * q.size, q.size, lang);
      const totalPages = Math.ceil(total / q.size);
      // Page 0 of an empty list is the empty first page; anything further is past the end.
      if (q.page > 0 && q.page >= totalPages) throw validationFailed([{ path: 'page', message: 'page_past_end' }]);
      return { items: rows.map(toPrice), page: q.page, size: q.size, total, totalPages, limit: q.size, skip: q.page * q.size };
    },

    async statistics(user: AuthUser, id: number, lang: Language | null = null): Promise<LeafletStatistics> {
      await visibleLeaflet(user, id);
      const prices = (await queries.allPrices([id], LEAFLET_LIMITS.pricesMax, lang)).map(toPrice);
      const pages = await queries.pages(id);
      return statisticsOf(prices, pages);
    },

    /** POST /leaflets/export: one sheet of the prices of the named leaflets, at most `count` rows. */
    async exportXlsx(user: AuthUser, ids: number[], count: number, lang: Language | null = null): Promise<{ file: string; extension: '.xlsx' }> {
      const unique = [...new Set(ids)];
      const rows = await queries.leaflets(unique);
      const codes = visibleNetworkCodes(user);
      const visible = rows.filter((r) => codes === null || codes.includes(r.network));
      if (visible.length !== unique.length) throw notFound('leaflet');
      const byId = new Map(visible.map((r) => [r.id, r]));
      const prices = await queries.allPrices(unique, count, lang);
      const out = await files.create('leaflets', user, '.xlsx');
      try {
        await writeXlsx(
          out.path,
          'Leaflet prices',
          EXPORT_COLUMNS,
          (async function* () {
            const batch: Record<string, unknown>[] = [];
            for (const p of prices) {
              const l = byId.get(p.leaflet_id)!;
              const price = toPrice(p);
              batch.push({
                leaflet: l.name,
                network: l.network_name,
                start: asIsoDay(l.start_day),
                end: asIsoDay(l.end_day),
                currency: currencyOf(l.country),
                page: price.pageNo,
                product: price.product?.name ?? null,
                ean: price.product?.ean ?? null,
                productName: price.productName,
                price: price.price,
                oldPrice: price.oldPrice,
                discountPct: price.discountPct,
                mechanics: price.mechanics,
                mechanicsText: price.mechanicsText,
              });
            }
            yield batch;
          })(),
        );
        await out.commit();
      } catch (error) {
        await out.discard();
        throw error;
      }
      return { file: out.name, extension: '.xlsx' };
    },
  };
}

export const EXPORT_COLUMNS = [
  { header: 'Leaflet', key: 'leaflet', width: 30 },
  { header: 'Network', key: 'network', width: 16 },
  { header: 'Start', key: 'start', width: 12 },
  { header: 'End', key: 'end', width: 12 },
  { header: 'Currency', key: 'currency', width: 9 },
  { header: 'Page', key: 'page', width: 6 },
  { header: 'Product', key: 'product', width: 36 },
  { header: 'EAN', key: 'ean', width: 15 },
  { header: 'Name in leaflet', key: 'productName', width: 36 },
  { header: 'Price', key: 'price', width: 10 },
  { header: 'Old price', key: 'oldPrice', width: 10 },
  { header: 'Discount %', key: 'discountPct', width: 10 },
  { header: 'Mechanics', key: 'mechanics', width: 12 },
  { header: 'Mechanics text', key: 'mechanicsText', width: 16 },
];

const BANDS = ['0-10', '10-20', '20-30', '30-40', '40-50', '50+'];
const avg = (xs: number[]) => (xs.length ? round1(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

/** GET /leaflets/{id}/prices/statistics from the leaflet's prices and pages. */
export function statisticsOf(prices: LeafletPrice[], pages: PageRow[]): LeafletStatistics {
  const values = prices.map((p) => p.price);
  const discounts = prices.map((p) => p.discountPct).filter((d): d is number => d !== null);
  const sections = new Map<string, number[]>();
  const sectionCounts = new Map<string, number>();
  for (const p of prices) {
    const s = p.product?.section;
    if (!s) continue;
    sectionCounts.set(s, (sectionCounts.get(s) ?? 0) + 1);
    if (!sections.has(s)) sections.set(s, []);
    if (p.discountPct !== null) sections.get(s)!.push(p.discountPct);
  }
  const perPage = new Map<string, number>();
  for (const p of prices) if (p.pageId) perPage.set(p.pageId, (perPage.get(p.pageId) ?? 0) + 1);
  return {
    priceCount: prices.length,
    matchedCount: prices.filter((p) => p.productId !== null).length,
    withOldPriceCount: prices.filter((p) => p.oldPrice !== null).length,
    minPrice: values.length ? Math.min(...values) : null,
    maxPrice: values.length ? Math.max(...values) : null,
    avgPrice: values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null,
    avgDiscountPct: avg(discounts),
    maxDiscountPct: discounts.length ? Math.max(...discounts) : null,
    byMechanics: PROMO_MECHANICS.map((m) => {
      const of = prices.filter((p) => p.mechanics === m);
      return { mechanics: m, count: of.length, avgDiscountPct: avg(of.map((p) => p.discountPct).filter((d): d is number => d !== null)) };
    }),
    byPage: pages.map((pg) => ({ pageId: String(pg.id), pageNo: pg.page_no, count: perPage.get(String(pg.id)) ?? 0 })),
    bySection: [...sectionCounts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([section, count]) => ({ section, count, avgDiscountPct: avg(sections.get(section)!) })),
    discountBands: BANDS.map((band, i) => ({
      band,
      count: discounts.filter((d) => (i === BANDS.length - 1 ? d >= 50 : d >= i * 10 && d < (i + 1) * 10)).length,
    })),
  };
}

export type LeafletsService = ReturnType<typeof createLeafletsService>;
