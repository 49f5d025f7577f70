/** Alarm firings as the caller reads them (docs/alarms.md "Events") and the caller's notification settings. */
import type { AlarmEvent, AlarmEventPage, AlarmRule, AlarmSettings } from '@pricewatch/shared/contract';
import { addDays, todayIso } from '../../lib/days';
import { currencyOf, fromMinor } from '../../lib/money';
import type { AuthUser } from '../../core/session-user';
import type { AlarmsCommon, AlarmsContext } from './service-common';

export function createEventsService({ queries, directory }: AlarmsContext, { assertRead, assertWrite }: AlarmsCommon) {
  async function events(user: AuthUser, q: { limit: number; skip: number; unread?: boolean }): Promise<AlarmEventPage> {
    assertRead(user);
    const dir = await directory();
    const rows = await queries.events(user.id, q.unread === true, q.limit, q.skip);
    const money = (v: number | null) => (v === null ? null : fromMinor(v));
    const items: AlarmEvent[] = rows.map((r) => {
      const shop = dir.shopById.get(r.shopId);
      return {
        _id: String(r.id),
        alarmId: r.alarmId === null ? null : String(r.alarmId),
        alarmKind: r.kind,
        alarmName: r.alarmName,
        productId: String(r.productId),
        productName: r.productName,
        shopId: String(r.shopId),
        shopName: shop?.name ?? String(r.shopId),
        network: shop?.network ?? '',
        rule: r.rule as AlarmRule,
        value: r.value,
        oldPrice: money(r.oldPrice),
        newPrice: money(r.newPrice),
        ownPrice: money(r.ownPrice),
        currency: shop?.currency ?? currencyOf('ua'),
        firedAt: r.firedAt.toISOString(),
        read: r.read,
      };
    });
    const unread = await queries.unreadCount(user.id);
    const total = rows[0] ? rows[0].total : q.unread ? unread : await queries.totalEvents(user.id);
    const since = addDays(todayIso(), -29);
    const counts = new Map((await queries.perDay(user.id, since)).map((d) => [d.day, d.count]));
    const perDay = Array.from({ length: 30 }, (_, i) => addDays(since, i)).map((day) => ({ day, count: counts.get(day) ?? 0 }));
    return { items, total, limit: q.limit, skip: q.skip, unread, perDay };
  }

  return {
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
