/**
 * What the alarm sub-services share (service.ts builds them): who may use alarms, the checks of shops
 * and products, an alarm's rows as the API shows them, and writes with their targets rebuilt.
 */
import type { AlarmRule, PriceAlarm, ProductAlarm } from '@pricewatch/shared/contract';
import { seesUnloadingMenu } from '@pricewatch/shared/permissions';
import type { Db, Tx } from '../../db/client';
import { forbidden, notFound, validationFailed } from '../../lib/errors';
import { currencyOf } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import type { FileStore } from '../../core/file-store';
import type { Directory } from '../../core/shop-directory';
import { Visibility } from '../../core/shop-visibility';
import { rebuildTargets } from './evaluate';
import type { AlarmKind, AlarmRow, AlarmValues, AlarmsQueries } from './queries';

/** Spec §6 menu rule (the menu's and the route rules' own function), enforced here too. Guests only read. */
export const canUseAlarms = (user: AuthUser) => seesUnloadingMenu(user.profile);
export const canWriteAlarms = (user: AuthUser) => canUseAlarms(user) && !user.profile.isGuest;

export type AlarmInput = {
  name?: string | null;
  productIds: number[];
  shops: number[];
  rule: AlarmRule;
  value?: number | null;
  originalShopId?: number | null;
  start?: string | null;
  end?: string | null;
  isPromoAdded: boolean;
  enabled: boolean;
};

export type AlarmsContext = { db: Db; queries: AlarmsQueries; files: FileStore; directory: () => Promise<Directory> };

export function createAlarmsCommon({ db, queries, directory }: AlarmsContext) {
  function assertRead(user: AuthUser) {
    if (!canUseAlarms(user)) throw forbidden();
  }
  function assertWrite(user: AuthUser) {
    if (!canWriteAlarms(user)) throw forbidden();
  }

  /** 400 for unknown shops, 403 for shops the caller may not see. */
  async function checkShops(user: AuthUser, shops: number[], own: number | null | undefined, field = 'shops') {
    const vis = Visibility.of(user, await directory());
    vis.shopIdsFor({ shops }, { networks: 'networks', shops: field });
    if (own) vis.shopIdsFor({ shops: [own] }, { networks: 'networks', shops: 'originalShopId' });
    return vis;
  }

  async function checkProducts(ids: number[], field: string) {
    const found = await queries.products(ids);
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length) throw validationFailed([{ path: field, message: `unknown product: ${unknown.slice(0, 20).join(', ')}` }]);
    return found;
  }

  const toValues = (a: AlarmInput): AlarmValues => ({
    name: a.name ?? null,
    productIds: [...new Set(a.productIds)],
    shopIds: [...new Set(a.shops)],
    rule: a.rule,
    value: a.value ?? null,
    originalShopId: a.originalShopId ?? null,
    start: a.start ?? null,
    end: a.end ?? null,
    promoCounts: a.isPromoAdded,
    enabled: a.enabled,
  });

  const shopOf = (dir: Directory, id: number) => {
    const s = dir.shopById.get(id);
    return { _id: String(id), name: s?.name ?? String(id), network: s?.network ?? '' };
  };

  /** What both kinds of alarm show alike. `country` is the first product's: one market per alarm, its currency. */
  const sharedFields = (r: AlarmRow, dir: Directory, country: string | undefined) => ({
    shops: r.shopIds.map((id) => shopOf(dir, id)),
    rule: r.rule as AlarmRule,
    value: r.value,
    originalShopId: r.originalShopId === null ? null : String(r.originalShopId),
    originalShopName: r.originalShopId === null ? null : (dir.shopById.get(r.originalShopId)?.name ?? null),
    isPromoAdded: r.promoCounts,
    enabled: r.enabled,
    createdAt: r.createdAt.toISOString(),
    lastFiredAt: r.lastFiredAt?.toISOString() ?? null,
    firings: r.firings,
    metNow: r.metNow,
    currency: currencyOf(country ?? ''),
  });

  /** A price alarm watches one product (its first) over a period. */
  async function renderPrice(rows: AlarmRow[]): Promise<PriceAlarm[]> {
    const dir = await directory();
    const products = await queries.products([...new Set(rows.map((r) => r.productIds[0]!))]);
    return rows.map((r) => {
      const p = products.get(r.productIds[0]!);
      return {
        _id: String(r.id),
        productId: String(r.productIds[0]),
        productName: p?.name ?? '',
        ean: p?.ean ?? null,
        article: p?.article ?? null,
        start: r.startDay,
        end: r.endDay,
        ...sharedFields(r, dir, p?.country),
      };
    });
  }

  /** A product alarm is named and watches a list of products. */
  async function renderProduct(rows: AlarmRow[]): Promise<ProductAlarm[]> {
    const dir = await directory();
    const products = await queries.products([...new Set(rows.flatMap((r) => r.productIds))]);
    return rows.map((r) => ({
      _id: String(r.id),
      name: r.name ?? '',
      products: r.productIds.map((id) => ({ _id: String(id), name: products.get(id)?.name ?? '', ean: products.get(id)?.ean ?? null })),
      ...sharedFields(r, dir, products.get(r.productIds[0]!)?.country),
    }));
  }

  async function one(user: AuthUser, kind: AlarmKind, id: number): Promise<AlarmRow> {
    const [row] = await queries.byIds(user.id, kind, [id]);
    if (!row) throw notFound('alarm');
    return row;
  }

  async function createMany(user: AuthUser, kind: AlarmKind, values: AlarmValues[]): Promise<number[]> {
    return db.transaction(async (tx: Tx) => {
      const ids = await queries.insert(tx, user.id, kind, values);
      await rebuildTargets(tx, ids);
      return ids;
    });
  }

  return { assertRead, assertWrite, checkShops, checkProducts, toValues, renderPrice, renderProduct, one, createMany };
}

export type AlarmsCommon = ReturnType<typeof createAlarmsCommon>;
