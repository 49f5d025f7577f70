/** Alarms themselves (docs/alarms.md): create, edit one or a group, list, switch on and off, delete. */
import { ruleProblems, type AlarmRule } from '@pricewatch/shared/contract';
import type { Tx } from '../../db/client';
import { notFound, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import { rebuildTargets } from './evaluate';
import type { AlarmKind, AlarmRow, AlarmValues, ListFilter } from './queries';
import type { AlarmInput, AlarmsCommon, AlarmsContext } from './service-common';

export function createAlarmsCrud({ db, queries }: AlarmsContext, common: AlarmsCommon) {
  const { assertRead, assertWrite, checkShops, checkProducts, toValues, one, createMany } = common;

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
    if (set.shops || set.originalShopId) await checkShops(user, set.shops ?? [], set.originalShopId, 'set.shops');
    // The alarms are read and locked in the transaction that writes them: every field not in `set` is written
    // back as read, so a read before it undid edits made in between (attack/alarm-edits-at-once).
    await db.transaction(async (tx: Tx) => {
      const rows = await queries.byIdsForUpdate(tx, user.id, kind, unique);
      const next = nextValues(rows, unique, set);
      for (const n of next) await queries.update(tx, user.id, n.id, n.v);
      await rebuildTargets(tx, unique);
    });
    return unique.length;
  }

  /** The alarms' values with `set` applied; 400 for an unknown id or a result that breaks a rule. */
  function nextValues(rows: AlarmRow[], unique: number[], set: GroupSet): { id: number; v: AlarmValues }[] {
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
    return rows.map((r) => {
      const v: AlarmValues = {
        name: r.name,
        productIds: r.productIds,
        shopIds: set.shops ? [...new Set(set.shops)] : r.shopIds,
        rule: set.rule ?? r.rule,
        value: set.value !== undefined ? set.value : r.value,
        originalShopId: set.originalShopId !== undefined ? set.originalShopId : r.originalShopId,
        start: set.start !== undefined ? set.start : r.startDay,
        end: set.end !== undefined ? set.end : r.endDay,
        promoCounts: set.isPromoAdded ?? r.promoCounts,
        enabled: set.enabled ?? r.enabled,
      };
      const problems = ruleProblems({ rule: v.rule as AlarmRule, value: v.value, originalShopId: v.originalShopId });
      if (v.start && v.end && v.start > v.end) problems.push({ path: 'end', message: 'end_before_start' });
      if (problems.length) throw validationFailed(problems.map((p) => ({ path: `set.${p.path}`, message: `${p.message} (alarm ${r.id})` })));
      return { id: r.id, v };
    });
  }

  async function list(user: AuthUser, kind: AlarmKind, q: ListFilter & { limit: number; skip: number }) {
    assertRead(user);
    const rows = await queries.list(user.id, kind, q, q.limit, q.skip);
    const total = rows[0]?.total ?? (q.skip > 0 ? await queries.count(user.id, kind, q) : 0);
    return { rows, total };
  }

  return {
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
      await one(user, 'product', id);
      await db.transaction(async (tx: Tx) => {
        // The state after the flip, read by the flip itself: two toggles at once each see their own result.
        const enabled = await queries.toggle(tx, user.id, id);
        // Switched on again: the state starts from today's prices (no firing for what happened while off).
        if (enabled) await rebuildTargets(tx, [id]);
      });
      return one(user, 'product', id);
    },
    async remove(user: AuthUser, kind: AlarmKind, id: number) {
      assertWrite(user);
      const n = await queries.remove(user.id, kind, { id });
      if (!n) throw notFound('alarm');
      return n;
    },
    /** `all`: every alarm of this kind of the caller; a product id: those watching that product. */
    async removeAll(user: AuthUser, kind: AlarmKind, x: 'all' | number) {
      assertWrite(user);
      return queries.remove(user.id, kind, x === 'all' ? {} : { product: x });
    },
  };
}
