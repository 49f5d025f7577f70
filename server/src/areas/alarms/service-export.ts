/** Alarm export (docs/alarms.md "Export"): the caller's alarms of one kind as an xlsx file. */
import type { AlarmExport } from '@pricewatch/shared/contract';
import type { AuthUser } from '../../core/session-user';
import { writeXlsx } from '../../core/xlsx';
import type { AlarmKind } from './queries';
import type { AlarmsCommon, AlarmsContext } from './service-common';

export function createExportService({ queries, files, directory }: AlarmsContext, { assertRead }: AlarmsCommon) {
  async function exportAlarms(user: AuthUser, kind: AlarmKind): Promise<AlarmExport> {
    assertRead(user);
    const dir = await directory();
    const rows = await queries.list(user.id, kind, {}, 1_000_000, 0);
    const products = await queries.products([...new Set(rows.flatMap((r) => r.productIds))]);
    const shopCodes = (ids: number[]) => ids.map((id) => dir.shopById.get(id)?.code ?? String(id)).join(', ');
    const out = await files.create(kind === 'price' ? 'price-alarms' : 'product-alarms', user, '.xlsx');
    const lines = rows.flatMap((r) =>
      (kind === 'price' ? r.productIds.slice(0, 1) : r.productIds).map((pid) => {
        const p = products.get(pid);
        return {
          ...(kind === 'product' ? { name: r.name } : {}),
          ean: p?.ean ?? '',
          article: p?.article ?? '',
          product: p?.name ?? '',
          rule: r.rule,
          value: r.value,
          shops: shopCodes(r.shopIds),
          originalShop: r.originalShopId === null ? '' : (dir.shopById.get(r.originalShopId)?.code ?? ''),
          ...(kind === 'price' ? { start: r.startDay ?? '', end: r.endDay ?? '' } : {}),
          isPromoAdded: r.promoCounts,
          enabled: r.enabled,
        };
      }),
    );
    const columns = [
      ...(kind === 'product' ? [{ header: 'name', key: 'name', width: 24 }] : []),
      { header: 'ean', key: 'ean', width: 16 },
      { header: 'article', key: 'article' },
      { header: 'product', key: 'product', width: 40 },
      { header: 'rule', key: 'rule' },
      { header: 'value', key: 'value' },
      { header: 'shops', key: 'shops', width: 40 },
      { header: 'originalShop', key: 'originalShop', width: 20 },
      ...(kind === 'price'
        ? [
            { header: 'start', key: 'start' },
            { header: 'end', key: 'end' },
          ]
        : []),
      { header: 'isPromoAdded', key: 'isPromoAdded' },
      { header: 'enabled', key: 'enabled' },
    ];
    try {
      async function* batches() {
        yield lines;
      }
      const count = await writeXlsx(out.path, kind === 'price' ? 'Price alarms' : 'Product alarms', columns, batches());
      await out.commit();
      return { file: out.name, extension: '.xlsx', rows: count };
    } catch (error) {
      await out.discard();
      throw error;
    }
  }

  return { exportAlarms };
}
