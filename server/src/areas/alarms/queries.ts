/**
 * Alarm SQL: alarms (kind 'price' | 'product'), their firings and the notification settings. Ownership
 * is part of every condition: a caller only ever reads or writes rows with owner_id = their id. Typed
 * builder: ids numbers, days ISO text and times Dates on both backends.
 */
import { and, arrayContains, asc, count, desc, eq, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { anyOf } from '../../db/any-of';
import { queryRows, type Db } from '../../db/client';
import { alarmFirings, alarmSettings, alarms, products } from '../../db/schema';

export type AlarmKind = 'price' | 'product';
type Notify = 'off' | 'immediate' | 'daily';

/** What a write stores (money and percentages as given; days ISO). */
export type AlarmValues = {
  name: string | null;
  productIds: number[];
  shopIds: number[];
  rule: string;
  value: number | null;
  originalShopId: number | null;
  start: string | null;
  end: string | null;
  promoCounts: boolean;
  enabled: boolean;
};

// kind is text in the schema, checked to these two values. The subqueries name the outer table in full:
// on one table the builder writes its columns unqualified, which inside them would mean the inner row's.
const alarmColumns = {
  id: alarms.id,
  kind: sql<AlarmKind>`${alarms.kind}`,
  name: alarms.name,
  productIds: alarms.productIds,
  shopIds: alarms.shopIds,
  rule: alarms.rule,
  value: alarms.value,
  originalShopId: alarms.originalShopId,
  startDay: alarms.startDay,
  endDay: alarms.endDay,
  promoCounts: alarms.promoCounts,
  enabled: alarms.enabled,
  createdAt: alarms.createdAt,
  lastFiredAt: sql<Date | null>`(SELECT max(f.fired_at) FROM alarm_firings f WHERE f.alarm_id = alarms.id)`.mapWith(alarmFirings.firedAt),
  firings: sql<number>`(SELECT count(*)::int FROM alarm_firings f WHERE f.alarm_id = alarms.id)`.mapWith(Number),
  /** Watched product × shop pairs whose rule holds at the current prices (targets' last state). */
  metNow: sql<number>`(SELECT count(*)::int FROM alarm_targets t WHERE t.alarm_id = alarms.id AND t.holds)`.mapWith(Number),
};

export type AlarmRow = SelectResultFields<typeof alarmColumns> & { total?: number };

/** All rows of the query, before LIMIT (a window over them). */
const TOTAL = sql<number>`count(*) OVER ()`.mapWith(Number);

export type ListFilter = { search?: string; rule?: string; shop?: number; enabled?: boolean; product?: number };

export function createAlarmsQueries(db: Db) {
  const ofOwner = (owner: string, kind: AlarmKind) => and(eq(alarms.ownerId, owner), eq(alarms.kind, kind));

  return {
    async list(owner: string, kind: AlarmKind, f: ListFilter, limit: number, skip: number): Promise<AlarmRow[]> {
      const conds: (SQL | undefined)[] = [ofOwner(owner, kind)];
      if (f.rule) conds.push(eq(alarms.rule, f.rule));
      if (f.enabled !== undefined) conds.push(eq(alarms.enabled, f.enabled));
      if (f.shop) conds.push(arrayContains(alarms.shopIds, [f.shop]));
      if (f.product) conds.push(arrayContains(alarms.productIds, [f.product]));
      if (f.search) {
        // Raw sql: a search — the alarm's name or any watched product's name, EAN or article.
        const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conds.push(sql`(${alarms.name} ILIKE ${like} OR EXISTS (SELECT 1 FROM products p WHERE p.id = ANY(alarms.product_ids)
          AND (p.name ILIKE ${like} OR p.ean LIKE ${like} OR p.article LIKE ${like})))`);
      }
      return db
        .select({ ...alarmColumns, total: TOTAL })
        .from(alarms)
        .where(and(...conds))
        .orderBy(desc(alarms.id))
        .limit(limit)
        .offset(skip);
    },

    async count(owner: string, kind: AlarmKind, f: ListFilter): Promise<number> {
      const rows = await this.list(owner, kind, f, 1, 0);
      return rows[0]?.total ?? 0;
    },

    byIds: (owner: string, kind: AlarmKind, ids: number[]): Promise<AlarmRow[]> =>
      db
        .select(alarmColumns)
        .from(alarms)
        .where(and(ofOwner(owner, kind), inArray(alarms.id, ids)))
        .orderBy(desc(alarms.id)),

    /** byIds inside a write's transaction, the rows locked (in id order, as every writer takes them) until it ends. */
    byIdsForUpdate: (tx: Db, owner: string, kind: AlarmKind, ids: number[]): Promise<AlarmRow[]> =>
      tx
        .select(alarmColumns)
        .from(alarms)
        .where(and(ofOwner(owner, kind), inArray(alarms.id, ids)))
        .orderBy(desc(alarms.id))
        .for('update'),

    /**
     * Inserts many alarms at once (one statement); answers their ids in order. Raw sql: a bulk load (an
     * import's rows in one unnest statement, however many).
     */
    async insert(tx: Db, owner: string, kind: AlarmKind, values: AlarmValues[]): Promise<number[]> {
      if (!values.length) return [];
      // Arrays of arrays do not travel through unnest: product and shop lists go as JSON text.
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO alarms (owner_id, kind, name, product_ids, shop_ids, rule, value, original_shop_id, start_day, end_day, promo_counts, enabled)
            SELECT ${owner}::uuid, ${kind}, v.name,
                   ARRAY(SELECT jsonb_array_elements_text(v.products::jsonb)::int),
                   ARRAY(SELECT jsonb_array_elements_text(v.shops::jsonb)::int),
                   v.rule, v.value, v.own, v.start_day, v.end_day, v.promo_counts, v.enabled
            FROM unnest(${sql.param(values.map((v) => v.name))}::text[], ${sql.param(values.map((v) => JSON.stringify(v.productIds)))}::text[],
                        ${sql.param(values.map((v) => JSON.stringify(v.shopIds)))}::text[], ${sql.param(values.map((v) => v.rule))}::text[],
                        ${sql.param(values.map((v) => v.value))}::float8[], ${sql.param(values.map((v) => v.originalShopId))}::int[],
                        ${sql.param(values.map((v) => v.start))}::date[], ${sql.param(values.map((v) => v.end))}::date[],
                        ${sql.param(values.map((v) => v.promoCounts))}::bool[], ${sql.param(values.map((v) => v.enabled))}::bool[])
                 WITH ORDINALITY AS v(name, products, shops, rule, value, own, start_day, end_day, promo_counts, enabled, n)
            ORDER BY v.n
            RETURNING id`,
      );
      // int4 ids: both drivers answer numbers, even through raw sql.
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },

    async update(tx: Db, owner: string, id: number, v: AlarmValues): Promise<void> {
      await tx
        .update(alarms)
        .set({
          name: v.name,
          productIds: v.productIds,
          shopIds: v.shopIds,
          rule: v.rule,
          value: v.value,
          originalShopId: v.originalShopId,
          startDay: v.start,
          endDay: v.end,
          promoCounts: v.promoCounts,
          enabled: v.enabled,
          updatedAt: sql`now()`,
        })
        .where(and(eq(alarms.id, id), eq(alarms.ownerId, owner)));
    },

    /** Switches the owner's alarm on or off, in `tx`; its state after (undefined: no such alarm of the owner). */
    async toggle(tx: Db, owner: string, id: number): Promise<boolean | undefined> {
      const [row] = await tx
        .update(alarms)
        .set({ enabled: not(alarms.enabled), updatedAt: sql`now()` })
        .where(and(eq(alarms.id, id), eq(alarms.ownerId, owner)))
        .returning({ enabled: alarms.enabled });
      return row?.enabled;
    },

    /** Deletes the owner's alarms of `kind`: one by id, those watching a product, or (neither) all. */
    async remove(owner: string, kind: AlarmKind, which: { id?: number; product?: number }): Promise<number> {
      const match =
        which.id !== undefined ? eq(alarms.id, which.id) : which.product !== undefined ? arrayContains(alarms.productIds, [which.product]) : undefined;
      const rows = await db
        .delete(alarms)
        .where(and(ofOwner(owner, kind), match))
        .returning({ id: alarms.id });
      return rows.length;
    },

    /** Products by id (existing ones only). */
    async products(ids: number[]): Promise<Map<number, Pick<typeof products.$inferSelect, 'id' | 'name' | 'ean' | 'article' | 'country'>>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: products.id, name: products.name, ean: products.ean, article: products.article, country: products.country })
        .from(products)
        .where(anyOf(products.id, ids, 'int'));
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** Products by EAN or article (for imports): the first product (lowest id) of each code. */
    async productsByCodes(eans: string[], articles: string[]) {
      const rows = await db
        .select({ id: products.id, name: products.name, ean: products.ean, article: products.article })
        .from(products)
        .where(or(anyOf(products.ean, eans, 'text'), anyOf(products.article, articles, 'text')))
        .orderBy(asc(products.id));
      const byEan = new Map<string, { id: number; name: string }>();
      const byArticle = new Map<string, { id: number; name: string }>();
      for (const r of rows) {
        const p = { id: r.id, name: r.name };
        if (r.ean && !byEan.has(r.ean)) byEan.set(r.ean, p);
        if (r.article && !byArticle.has(r.article)) byArticle.set(r.article, p);
      }
      return { byEan, byArticle };
    },

    events: (owner: string, unreadOnly: boolean, limit: number, skip: number) =>
      db
        .select({
          id: alarmFirings.id,
          alarmId: alarmFirings.alarmId,
          kind: sql<AlarmKind>`${alarmFirings.kind}`,
          alarmName: alarmFirings.alarmName,
          productId: alarmFirings.productId,
          productName: products.name,
          shopId: alarmFirings.shopId,
          rule: alarmFirings.rule,
          value: alarmFirings.value,
          oldPrice: alarmFirings.oldPrice,
          newPrice: alarmFirings.newPrice,
          ownPrice: alarmFirings.ownPrice,
          firedAt: alarmFirings.firedAt,
          read: sql<boolean>`(${alarmFirings.readAt} IS NOT NULL)`,
          total: TOTAL,
        })
        .from(alarmFirings)
        .innerJoin(products, eq(products.id, alarmFirings.productId))
        .where(and(eq(alarmFirings.ownerId, owner), unreadOnly ? isNull(alarmFirings.readAt) : undefined))
        .orderBy(desc(alarmFirings.id))
        .limit(limit)
        .offset(skip),

    unreadCount: (owner: string): Promise<number> => db.$count(alarmFirings, and(eq(alarmFirings.ownerId, owner), isNull(alarmFirings.readAt))),

    totalEvents: (owner: string): Promise<number> => db.$count(alarmFirings, eq(alarmFirings.ownerId, owner)),

    /** Firings per UTC day since `since` (ISO day), days without any left out. */
    async perDay(owner: string, since: string) {
      const day = sql<string>`(${alarmFirings.firedAt} AT TIME ZONE 'UTC')::date::text`;
      const rows = await db
        .select({ day, count: count() })
        .from(alarmFirings)
        .where(and(eq(alarmFirings.ownerId, owner), sql`${alarmFirings.firedAt} >= ${since}::date`))
        .groupBy(day)
        .orderBy(day);
      return rows;
    },

    async markRead(owner: string, ids: number[] | null): Promise<number> {
      const rows = await db
        .update(alarmFirings)
        .set({ readAt: sql`now()` })
        .where(and(eq(alarmFirings.ownerId, owner), isNull(alarmFirings.readAt), ids ? inArray(alarmFirings.id, ids) : undefined))
        .returning({ id: alarmFirings.id });
      return rows.length;
    },

    async settings(owner: string): Promise<{ email: string | null; notify: Notify }> {
      const [row] = await db
        .select({ email: alarmSettings.email, notify: sql<Notify>`${alarmSettings.notify}` })
        .from(alarmSettings)
        .where(eq(alarmSettings.userId, owner))
        .limit(1);
      return row ?? { email: null, notify: 'off' };
    },

    async saveSettings(owner: string, email: string | null, notify: string): Promise<void> {
      await db
        .insert(alarmSettings)
        .values({ userId: owner, email, notify })
        .onConflictDoUpdate({ target: alarmSettings.userId, set: { email: sql`excluded.email`, notify: sql`excluded.notify` } });
    },
  };
}

export type AlarmsQueries = ReturnType<typeof createAlarmsQueries>;
