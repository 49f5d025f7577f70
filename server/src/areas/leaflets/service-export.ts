/** POST /leaflets/export (docs/leaflets.md "Export"): one xlsx sheet of the prices of the named leaflets. */
import type { Language } from '@pricewatch/shared/contract';
import { notFound } from '../../lib/errors';
import { currencyOf } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import { visibleNetworkCodes } from '../../core/shop-visibility';
import { writeXlsx } from '../../core/xlsx';
import { toPrice, type LeafletsContext } from './service-common';

const EXPORT_COLUMNS = [
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

export function createExportService({ queries, files }: LeafletsContext) {
  return {
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
              const l = byId.get(p.leafletId)!;
              const price = toPrice(p);
              batch.push({
                leaflet: l.name,
                network: l.networkName,
                start: l.startDay,
                end: l.endDay,
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
