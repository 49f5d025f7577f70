/**
 * Alarm rules (docs/alarms.md): who may use alarms, ownership, validation of shops and products,
 * writes in one transaction each with their targets rebuilt, imports row by row, exports, firings.
 */
import { sql } from 'drizzle-orm';
import {
  ALARM_LIMITS,
  ALARM_RULES,
  ruleProblems,
  usDateSchema,
  type AlarmEvent,
  type AlarmEventPage,
  type AlarmExport,
  type AlarmRule,
  type AlarmSettings,
  type ImportResult,
  type ImportRow,
  type PriceAlarm,
  type ProductAlarm,
} from '@pricewatch/shared/contract';
import { seesUnloadingMenu } from '@pricewatch/shared/permissions';
import type { Db, Tx } from '../../db/client';
import { addDays, todayIso } from '../../lib/days';
import { forbidden, notFound, validationFailed } from '../../lib/errors';
import { currencyOf, fromMinor } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import type { FileStore } from '../../core/file-store';
import { writeXlsx } from '../../core/xlsx';
import { shopDirectory, type Directory } from '../../core/shop-directory';
import { Visibility } from '../../core/shop-visibility';
import { rebuildTargets } from './evaluate';
import { createAlarmsQueries, type AlarmKind, type AlarmRow, type AlarmValues, type ListFilter } from './queries';
import { readSheet, type Upload } from './upload';

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

export function createAlarmsService(db: Db, files: FileStore) {
  const queries = createAlarmsQueries(db);
  const directory = () => shopDirectory(db).get();

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

  async function renderPrice(rows: AlarmRow[]): Promise<PriceAlarm[]> {
    const dir = await directory();
    const products = await queries.products([...new Set(rows.map((r) => r.product_ids[0]!))]);
    return rows.map((r) => {
      const p = products.get(r.product_ids[0]!);
      return {
        _id: String(r.id),
        productId: String(r.product_ids[0]),
        productName: p?.name ?? '',
        ean: p?.ean ?? null,
        article: p?.article ?? null,
        shops: r.shop_ids.map((id) => shopOf(dir, id)),
        rule: r.rule as AlarmRule,
        value: r.value,
        originalShopId: r.original_shop_id === null ? null : String(r.original_shop_id),
        originalShopName: r.original_shop_id === null ? null : (dir.shopById.get(r.original_shop_id)?.name ?? null),
        start: r.start_day,
        end: r.end_day,
        isPromoAdded: r.promo_counts,
        enabled: r.enabled,
        createdAt: r.created_at,
        lastFiredAt: r.last_fired_at,
        firings: r.firings,
        metNow: r.met_now,
        currency: currencyOf(p?.country ?? ''),
      };
    });
  }

  async function renderProduct(rows: AlarmRow[]): Promise<ProductAlarm[]> {
    const dir = await directory();
    const products = await queries.products([...new Set(rows.flatMap((r) => r.product_ids))]);
    return rows.map((r) => ({
      _id: String(r.id),
      name: r.name ?? '',
      products: r.product_ids.map((id) => ({ _id: String(id), name: products.get(id)?.name ?? '', ean: products.get(id)?.ean ?? null })),
      shops: r.shop_ids.map((id) => shopOf(dir, id)),
      rule: r.rule as AlarmRule,
      value: r.value,
      originalShopId: r.original_shop_id === null ? null : String(r.original_shop_id),
      originalShopName: r.original_shop_id === null ? null : (dir.shopById.get(r.original_shop_id)?.name ?? null),
      isPromoAdded: r.promo_counts,
      enabled: r.enabled,
      createdAt: r.created_at,
      lastFiredAt: r.last_fired_at,
      firings: r.firings,
      metNow: r.met_now,
      // One market per alarm: the first product's country gives the currency of its amounts.
      currency: currencyOf(products.get(r.product_ids[0]!)?.country ?? ''),
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

  async function create(user: AuthUser, kind: AlarmKind, input: AlarmInput) {
    assertWrite(user);
    await checkShops(user, input.shops, input.originalShopId);
    await checkProducts(input.productIds, kind === 'price' ? 'productId' : 'products');
    const [id] = await createMany(user, kind, [toValues(input)]);
    return (await queries.byIds(user.id, kind, [id!]))[0]!;
  }

  async function update(user: AuthUser, kind: AlarmKind, id: number, input: AlarmInput) {
    assertWrite(user);
    await one(user, kind, id);
    await checkShops(user, input.shops, input.originalShopId);
    await checkProducts(input.productIds, kind === 'price' ? 'productId' : 'products');
    await db.transaction(async (tx: Tx) => {
      await queries.update(tx, user.id, id, toValues(input));
      await rebuildTargets(tx, [id]);
    });
    return one(user, kind, id);
  }

  type GroupSet = Partial<{
    shops: number[];
    rule: AlarmRule;
    value: number | null;
    originalShopId: number | null;
    start: string | null;
    end: string | null;
    isPromoAdded: boolean;
    enabled: boolean;
  }>;

  /** Applies `set` to every named alarm; any unknown id (or a result that breaks a rule) changes nothing. */
  async function groupUpdate(user: AuthUser, kind: AlarmKind, ids: number[], set: GroupSet): Promise<number> {
    assertWrite(user);
    const unique = [...new Set(ids)];
    const rows = await queries.byIds(user.id, kind, unique);
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((r) => r.id));
      throw validationFailed([
        {
          path: 'ids',
          message: `unknown alarm: ${unique
            .filter((id) => !found.has(id))
            .slice(0, 20)
            .join(', ')}`,
        },
      ]);
    }
    if (set.shops || set.originalShopId) await checkShops(user, set.shops ?? [], set.originalShopId, 'set.shops');
    const next = rows.map((r) => {
      const v: AlarmValues = {
        name: r.name,
        productIds: r.product_ids,
        shopIds: set.shops ? [...new Set(set.shops)] : r.shop_ids,
        rule: set.rule ?? r.rule,
        value: set.value !== undefined ? set.value : r.value,
        originalShopId: set.originalShopId !== undefined ? set.originalShopId : r.original_shop_id,
        start: set.start !== undefined ? set.start : r.start_day,
        end: set.end !== undefined ? set.end : r.end_day,
        promoCounts: set.isPromoAdded ?? r.promo_counts,
        enabled: set.enabled ?? r.enabled,
      };
      const problems = ruleProblems({ rule: v.rule as AlarmRule, value: v.value, originalShopId: v.originalShopId });
      if (v.start && v.end && v.start > v.end) problems.push({ path: 'end', message: 'end_before_start' });
      if (problems.length) throw validationFailed(problems.map((p) => ({ path: `set.${p.path}`, message: `${p.message} (alarm ${r.id})` })));
      return { id: r.id, v };
    });
    await db.transaction(async (tx: Tx) => {
      for (const n of next) await queries.update(tx, user.id, n.id, n.v);
      await rebuildTargets(tx, unique);
    });
    return unique.length;
  }

  async function list(user: AuthUser, kind: AlarmKind, q: ListFilter & { limit: number; skip: number }) {
    assertRead(user);
    const rows = await queries.list(user.id, kind, q, q.limit, q.skip);
    const total = rows[0]?.total ?? (q.skip > 0 ? await queries.count(user.id, kind, q) : 0);
    return { rows, total };
  }

  // ----- import -----------------------------------------------------------------------------------

  const splitList = (s: string | undefined) =>
    (s ?? '')
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map((x) => x.trim().replace(/^"|"$/g, ''))
      .filter(Boolean);

  function formIds(fields: Record<string, string>, name: string, required: boolean): number[] {
    const items = splitList(fields[name]);
    if (required && !items.length) throw validationFailed([{ path: name, message: 'at least one shop' }]);
    const bad = items.filter((x) => !/^\d{1,10}$/.test(x));
    if (bad.length) throw validationFailed([{ path: name, message: 'expected numeric ids' }]);
    if (items.length > ALARM_LIMITS.maxShops) throw validationFailed([{ path: name, message: `at most ${ALARM_LIMITS.maxShops}` }]);
    return items.map(Number);
  }

  function formDay(fields: Record<string, string>, name: string): string | null {
    const v = fields[name]?.trim();
    if (!v) return null;
    const parsed = usDateSchema.safeParse(v);
    if (!parsed.success) throw validationFailed([{ path: name, message: 'expected MM/DD/YYYY' }]);
    return parsed.data;
  }

  const formBool = (fields: Record<string, string>, name: string, dflt: boolean) => {
    const v = fields[name]?.trim().toLowerCase();
    if (v === undefined || v === '') return dflt;
    if (['true', '1', 'yes', 'on'].includes(v)) return true;
    if (['false', '0', 'no', 'off'].includes(v)) return false;
    throw validationFailed([{ path: name, message: 'expected true or false' }]);
  };

  function parseRule(text: string | undefined): AlarmRule | null {
    const t = (text ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    return (ALARM_RULES as readonly string[]).includes(t) ? (t as AlarmRule) : null;
  }

  function parseValue(text: string | undefined): number | null | 'bad' {
    const t = (text ?? '').trim().replace(/\s/g, '').replace(/%$/, '').replace(',', '.');
    if (!t) return null;
    if (!/^-?\d+(\.\d+)?$/.test(t)) return 'bad';
    return Number(t);
  }

  type ParsedRow = ImportRow & { productNum: number | null; ruleCode: AlarmRule | null };

  async function parseRows(buf: Buffer | null, withName: boolean, own: number | null): Promise<ParsedRow[]> {
    if (!buf) throw validationFailed([{ path: 'file', message: 'file_required' }]);
    const required = [['ean', 'article', 'product'], ['rule'], ...(withName ? [['name']] : [])];
    const rows = await readSheet(buf, required);
    const code = (c: Record<string, string>) => (c.ean || c.product || '').replace(/^\$/, '');
    const { byEan, byArticle } = await queries.productsByCodes(
      rows.map((r) => code(r.cells)).filter(Boolean),
      rows.map((r) => (r.cells.article || code(r.cells)).replace(/^\$/, '')).filter(Boolean),
    );
    return rows.map((r) => {
      const reasons: string[] = [];
      const key = code(r.cells);
      const article = (r.cells.article ?? '').replace(/^\$/, '');
      const product = (key && (byEan.get(key) ?? byArticle.get(key))) || (article && byArticle.get(article)) || null;
      if (!key && !article) reasons.push('product_required');
      else if (!product) reasons.push('unknown_product');
      const name = withName ? (r.cells.name ?? '').trim().slice(0, ALARM_LIMITS.nameMaxLength) : null;
      if (withName && !name) reasons.push('name_required');
      const rule = parseRule(r.cells.rule);
      if (!rule) reasons.push('unknown_rule');
      const value = parseValue(r.cells.value);
      if (value === 'bad') reasons.push('bad_value');
      else if (rule) {
        for (const p of ruleProblems({ rule, value, originalShopId: own })) reasons.push(p.message);
      } else if (typeof value === 'number' && value < 0) reasons.push('negative_value');
      return {
        row: r.row,
        ean: key || article || null,
        productId: product ? String(product.id) : null,
        productName: product?.name ?? null,
        name,
        rule: rule ?? (r.cells.rule || null),
        value: typeof value === 'number' ? value : null,
        reasons,
        productNum: product?.id ?? null,
        ruleCode: rule,
      };
    });
  }

  const strip = ({ productNum: _p, ruleCode: _r, ...row }: ParsedRow): ImportRow => row;

  async function importPrice(user: AuthUser, upload: Upload, preview: boolean): Promise<ImportResult> {
    assertWrite(user);
    const f = upload.fields;
    const shops = formIds(f, 'shops', true);
    const ownIds = formIds(f, 'originalShopId', false);
    const own = ownIds[0] ?? null;
    const start = formDay(f, 'start');
    const end = formDay(f, 'end');
    if (start && end && start > end) throw validationFailed([{ path: 'end', message: 'end_before_start' }]);
    const promo = formBool(f, 'isPromoAdded', true);
    await checkShops(user, shops, own);
    const rows = await parseRows(upload.file, false, own);
    const accepted = rows.filter((r) => !r.reasons.length);
    let created = 0;
    if (!preview && accepted.length) {
      const ids = await createMany(
        user,
        'price',
        accepted.map((r) =>
          toValues({
            productIds: [r.productNum!],
            shops,
            rule: r.ruleCode!,
            value: r.value,
            originalShopId: own,
            start,
            end,
            isPromoAdded: promo,
            enabled: true,
          }),
        ),
      );
      created = ids.length;
    }
    return { preview, accepted: accepted.map(strip), rejected: rows.filter((r) => r.reasons.length).map(strip), created };
  }

  async function importProduct(user: AuthUser, upload: Upload, preview: boolean): Promise<ImportResult> {
    assertWrite(user);
    const f = upload.fields;
    const shops = formIds(f, 'shops', true);
    const own = formIds(f, 'originalShopId', false)[0] ?? null;
    const promo = formBool(f, 'isPromoAdded', true);
    await checkShops(user, shops, own);
    const rows = await parseRows(upload.file, true, own);
    const accepted = rows.filter((r) => !r.reasons.length);
    const groups = new Map<string, { name: string; rule: AlarmRule; value: number | null; products: number[] }>();
    for (const r of accepted) {
      const key = JSON.stringify([r.name, r.ruleCode, r.value]);
      const g = groups.get(key) ?? { name: r.name!, rule: r.ruleCode!, value: r.value, products: [] };
      g.products.push(r.productNum!);
      groups.set(key, g);
    }
    for (const g of groups.values()) {
      if (new Set(g.products).size > ALARM_LIMITS.maxProducts) throw validationFailed([{ path: 'file', message: 'too_many_rows' }]);
    }
    let created = 0;
    if (!preview && groups.size) {
      const ids = await createMany(
        user,
        'product',
        [...groups.values()].map((g) =>
          toValues({ name: g.name, productIds: g.products, shops, rule: g.rule, value: g.value, originalShopId: own, isPromoAdded: promo, enabled: true }),
        ),
      );
      created = ids.length;
    }
    return { preview, accepted: accepted.map(strip), rejected: rows.filter((r) => r.reasons.length).map(strip), created };
  }

  // ----- export -----------------------------------------------------------------------------------

  async function exportAlarms(user: AuthUser, kind: AlarmKind): Promise<AlarmExport> {
    assertRead(user);
    const dir = await directory();
    const rows = await queries.list(user.id, kind, {}, 1_000_000, 0);
    const products = await queries.products([...new Set(rows.flatMap((r) => r.product_ids))]);
    const shopCodes = (ids: number[]) => ids.map((id) => dir.shopById.get(id)?.code ?? String(id)).join(', ');
    const out = await files.create(kind === 'price' ? 'price-alarms' : 'product-alarms', user, '.xlsx');
    const lines = rows.flatMap((r) =>
      (kind === 'price' ? r.product_ids.slice(0, 1) : r.product_ids).map((pid) => {
        const p = products.get(pid);
        return {
          ...(kind === 'product' ? { name: r.name } : {}),
          ean: p?.ean ?? '',
          article: p?.article ?? '',
          product: p?.name ?? '',
          rule: r.rule,
          value: r.value,
          shops: shopCodes(r.shop_ids),
          originalShop: r.original_shop_id === null ? '' : (dir.shopById.get(r.original_shop_id)?.code ?? ''),
          ...(kind === 'price' ? { start: r.start_day ?? '', end: r.end_day ?? '' } : {}),
          isPromoAdded: r.promo_counts,
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

  // ----- events -----------------------------------------------------------------------------------

  async function events(user: AuthUser, q: { limit: number; skip: number; unread?: boolean }): Promise<AlarmEventPage> {
    assertRead(user);
    const dir = await directory();
    const rows = await queries.events(user.id, q.unread === true, q.limit, q.skip);
    const money = (v: number | null) => (v === null ? null : fromMinor(Number(v)));
    const items: AlarmEvent[] = rows.map((r) => {
      const shop = dir.shopById.get(Number(r.shop_id));
      return {
        _id: String(r.id),
        alarmId: r.alarm_id === null ? null : String(r.alarm_id),
        alarmKind: r.kind,
        alarmName: r.alarm_name,
        productId: String(r.product_id),
        productName: r.product_name,
        shopId: String(r.shop_id),
        shopName: shop?.name ?? String(r.shop_id),
        network: shop?.network ?? '',
        rule: r.rule as AlarmRule,
        value: r.value === null ? null : Number(r.value),
        oldPrice: money(r.old_price),
        newPrice: money(r.new_price),
        ownPrice: money(r.own_price),
        currency: shop?.currency ?? currencyOf('ua'),
        firedAt: new Date(r.fired_at as unknown as string).toISOString(),
        read: r.read,
      };
    });
    const unread = await queries.unreadCount(user.id);
    const total = rows[0] ? Number(rows[0].total) : q.unread ? unread : await queries.totalEvents(user.id);
    const since = addDays(todayIso(), -29);
    const counts = new Map((await queries.perDay(user.id, since)).map((d) => [d.day, d.count]));
    const perDay = Array.from({ length: 30 }, (_, i) => addDays(since, i)).map((day) => ({ day, count: counts.get(day) ?? 0 }));
    return { items, total, limit: q.limit, skip: q.skip, unread, perDay };
  }

  return {
    queries,
    renderPrice,
    renderProduct,
    create,
    update,
    groupUpdate,
    list,
    one: async (user: AuthUser, kind: AlarmKind, id: number) => {
      assertRead(user);
      return one(user, kind, id);
    },
    async byProduct(user: AuthUser, productId: number) {
      assertRead(user);
      return queries.list(user.id, 'price', { product: productId }, 1000, 0);
    },
    async toggle(user: AuthUser, id: number) {
      assertWrite(user);
      const row = await one(user, 'product', id);
      await db.transaction(async (tx: Tx) => {
        await tx.execute(sql`UPDATE alarms SET enabled = NOT enabled, updated_at = now() WHERE id = ${id} AND owner_id = ${user.id}`);
        // Switched on again: the state starts from today's prices (no firing for what happened while off).
        if (!row.enabled) await rebuildTargets(tx, [id]);
      });
      return one(user, 'product', id);
    },
    async remove(user: AuthUser, kind: AlarmKind, id: number) {
      assertWrite(user);
      const n = await queries.remove(user.id, kind, sql`a.id = ${id}`);
      if (!n) throw notFound('alarm');
      return n;
    },
    /** `all`: every alarm of this kind of the caller; a product id: those watching that product. */
    async removeAll(user: AuthUser, kind: AlarmKind, x: 'all' | number) {
      assertWrite(user);
      return queries.remove(user.id, kind, x === 'all' ? sql`TRUE` : sql`${x}::int = ANY(a.product_ids)`);
    },
    importPrice,
    importProduct,
    exportAlarms,
    events,
    async unreadCount(user: AuthUser) {
      assertRead(user);
      return queries.unreadCount(user.id);
    },
    async markRead(user: AuthUser, ids: number[] | null) {
      assertRead(user);
      return queries.markRead(user.id, ids);
    },
    async settings(user: AuthUser): Promise<AlarmSettings> {
      assertRead(user);
      return queries.settings(user.id);
    },
    async saveSettings(user: AuthUser, s: AlarmSettings): Promise<AlarmSettings> {
      assertWrite(user);
      await queries.saveSettings(user.id, s.email || null, s.notify);
      return queries.settings(user.id);
    },
  };
}

export type AlarmsService = ReturnType<typeof createAlarmsService>;
