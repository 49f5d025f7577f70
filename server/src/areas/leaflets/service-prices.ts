/**
 * Prices of a leaflet (docs/leaflets.md "Editing one price"): added with an optional new page, edited,
 * deleted — each write in one transaction under the leaflet's row lock — and read a page at a time.
 */
import type { z } from 'zod';
import {
  LEAFLET_LIMITS,
  leafletPriceInputSchema,
  leafletPriceUpdateSchema,
  type Language,
  type LeafletPrice,
  type LeafletPricesPage,
} from '@pricewatch/shared/contract';
import { mayWriteLeaflet } from '@pricewatch/shared/permissions';
import { forbidden, notFound, validationFailed } from '../../lib/errors';
import { fromMinor, toMinor } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import { checkPicture, type Form, type StoredPicture } from './pictures';
import type { PageRow } from './queries';
import { discountOf, lockLeaflet, toPrice, withStoredPicture, type LeafletAccess, type LeafletsContext } from './service-common';
import { insertPage } from './service-pages';

/** leafletPriceUpdateSchema as parsed (numbers, not input strings). */
type ParsedPriceUpdate = z.output<typeof leafletPriceUpdateSchema>;

export function createPricesService({ db, queries, pictures }: LeafletsContext, access: LeafletAccess) {
  /** A matched product must exist and be of the leaflet's market. */
  async function checkProduct(productId: number, country: string) {
    const productCountry = await queries.productCountry(productId);
    if (productCountry === undefined) throw validationFailed([{ path: 'productId', message: 'unknown_product' }]);
    if (productCountry !== country) throw validationFailed([{ path: 'productId', message: 'product_of_other_country' }]);
  }

  return {
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
      const leaflet = await access.writableLeaflet(user, input.leafletId);
      const file = form.files.get('picture');
      if (file && input.pageId) throw validationFailed([{ path: 'pageId', message: 'page_and_picture' }]);
      let page: PageRow | undefined;
      if (input.pageId) {
        page = await queries.page(input.pageId);
        if (!page || page.leafletId !== input.leafletId) throw validationFailed([{ path: 'pageId', message: 'unknown_page' }]);
      }
      if (input.productId) await checkProduct(input.productId, leaflet.country);
      const picture = file ? await checkPicture(file.data, 'picture') : null;
      const box = input.box ?? null;
      const bounds = page ?? picture;
      if (box && bounds && (box.x + box.w > bounds.width || box.y + box.h > bounds.height)) {
        throw validationFailed([{ path: 'box', message: 'outside_page' }]);
      }
      const discount = input.discountPct ?? discountOf(input.price, input.oldPrice ?? null);

      const write = (stored: StoredPicture | null) =>
        db.transaction(async (t) => {
          await lockLeaflet(queries, t, input.leafletId);
          if ((await queries.priceCount(t, input.leafletId)) >= LEAFLET_LIMITS.pricesMax) {
            throw validationFailed([{ path: 'leafletId', message: 'too_many_prices' }]);
          }
          const pageId = stored && picture ? await insertPage(queries, t, input.leafletId, stored, picture) : (input.pageId ?? null);
          const id = await queries.insertPrice(t, {
            leafletId: input.leafletId,
            pageId,
            productId: input.productId ?? null,
            productName: input.productName,
            price: toMinor(input.price),
            oldPrice: input.oldPrice == null ? null : toMinor(input.oldPrice),
            discountPct: discount,
            mechanics: input.mechanics,
            mechanicsText: input.mechanicsText || null,
            box,
            source: input.source,
          });
          await queries.touchLeaflet(t, input.leafletId);
          return id;
        });

      let id: number;
      if (picture) {
        const stored = await pictures.save(picture);
        id = await withStoredPicture(pictures, stored, () => write(stored));
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
      const { row: current, leaflet } = await access.visiblePrice(user, priceId);
      if (!mayWriteLeaflet(user.profile, leaflet.network)) throw forbidden();
      if (input.productId != null) await checkProduct(input.productId, leaflet.country);
      if (input.box && current.pageId !== null) {
        const page = await queries.page(current.pageId);
        if (page && (input.box.x + input.box.w > page.width || input.box.y + input.box.h > page.height)) {
          throw validationFailed([{ path: 'box', message: 'outside_page' }]);
        }
      }
      await db.transaction(async (t) => {
        await lockLeaflet(queries, t, current.leafletId);
        const row = await queries.priceMoney(t, priceId, current.leafletId);
        if (!row) throw notFound('leaflet_price');
        const price = input.price ?? fromMinor(row.price);
        const oldPrice = input.oldPrice !== undefined ? input.oldPrice : row.oldPrice === null ? null : fromMinor(row.oldPrice);
        if (oldPrice !== null && oldPrice <= price) throw validationFailed([{ path: 'oldPrice', message: 'old_price_not_above_price' }]);
        // A given discount wins; otherwise it follows a changed price or old price, else it stays.
        const discount =
          input.discountPct != null
            ? input.discountPct
            : input.discountPct === null || input.price !== undefined || input.oldPrice !== undefined
              ? discountOf(price, oldPrice)
              : row.discountPct;
        // Undefined fields are left out of the update: they keep their stored values.
        await queries.updatePrice(t, priceId, {
          productId: input.productId,
          productName: input.productName,
          price: toMinor(price),
          oldPrice: oldPrice === null ? null : toMinor(oldPrice),
          discountPct: discount,
          mechanics: input.mechanics,
          mechanicsText: input.mechanicsText === undefined ? undefined : input.mechanicsText || null,
          box: input.box,
        });
        await queries.touchLeaflet(t, current.leafletId);
      });
      const row = await queries.price(priceId);
      if (!row) throw notFound('leaflet_price'); // deleted right after the commit
      return toPrice(row);
    },

    /** DELETE /leaflets/prices/{priceId}: the price only (its page and picture stay). */
    async removePrice(user: AuthUser, priceId: number): Promise<void> {
      const { row: current, leaflet } = await access.visiblePrice(user, priceId);
      if (!mayWriteLeaflet(user.profile, leaflet.network)) throw forbidden();
      await db.transaction(async (t) => {
        await lockLeaflet(queries, t, current.leafletId);
        if (!(await queries.deletePrice(t, priceId))) throw notFound('leaflet_price');
        await queries.touchLeaflet(t, current.leafletId);
      });
    },

    async pricesPage(user: AuthUser, id: number, q: { page: number; size: number; pageId?: number }, lang: Language | null = null): Promise<LeafletPricesPage> {
      await access.visibleLeaflet(user, id);
      if (q.pageId !== undefined) {
        const page = await queries.page(q.pageId);
        if (!page || page.leafletId !== id) throw validationFailed([{ path: 'pageId', message: 'unknown_page' }]);
      }
      const { rows, total } = await queries.pricesPage(id, q.pageId, q.page * q.size, q.size, lang);
      const totalPages = Math.ceil(total / q.size);
      // Page 0 of an empty list is the empty first page; anything further is past the end.
      if (q.page > 0 && q.page >= totalPages) throw validationFailed([{ path: 'page', message: 'page_past_end' }]);
      return { items: rows.map(toPrice), page: q.page, size: q.size, total, totalPages, limit: q.size, skip: q.page * q.size };
    },
  };
}
