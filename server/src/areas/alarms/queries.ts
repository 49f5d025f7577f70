/**
 * Alarm SQL: alarms (kind 'price' | 'product'), their firings and the notification settings. Ownership
 * is part of every condition: a caller only ever reads or writes rows with owner_id = their id.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { asIsoDay, asIsoInstant } from '../../lib/days';

export type AlarmKind = 'price' | 'product';

export type AlarmRow = {
  id: number;
  kind: AlarmKind;
  name: string | null;
  product_ids: number[];
  shop_ids: number[];
  rule: string;
  value: number | null;
  original_shop_id: number | null;
  start_day: string | null;
  end_day: string | null;
  promo_counts: boolean;
  enabled: boolean;
  created_at: string;
  last_fired_at: string | null;
  firings: number;
  /** Watched product × shop pairs whose rule holds at the current prices (targets' last state). */
  met_now: number;
  total?: number;
};

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

function normaliseAlarm(r: AlarmRow): AlarmRow {
  return {
    ...r,
    id: Number(r.id),
    product_ids: (r.product_ids ?? []).map(Number),
    shop_ids: (r.shop_ids ?? []).map(Number),
    value: r.value === null ? null : Number(r.value),
    original_shop_id: r.original_shop_id === null ? null : Number(r.original_shop_id),
    start_day: r.start_day === null ? null : asIsoDay(r.start_day),
    end_day: r.end_day === null ? null : asIsoDay(r.end_day),
    created_at: asIsoInstant(r.created_at),
    last_fired_at: r.last_fired_at === null ? null : asIsoInstant(r.last_fired_at),
    firings: Number(r.firings ?? 0),
    met_now: Number(r.met_now ?? 0),
    total: r.total === undefined ? undefined : Number(r.total),
  };
}

const SELECT_ALARM = sql`SELECT a.id, a.kind, a.name, a.product_ids, a.shop_ids, a.rule, a.value, a.original_shop_id,
       a.start_day::text AS start_day, a.end_day::text AS end_day, a.promo_counts, a.enabled, a.created_at,
       (SELECT max(f.fired_at) FROM alarm_firings f WHERE f.alarm_id = a.id) AS last_fired_at,
       (SELECT count(*) FROM alarm_firings f WHERE f.alarm_id = a.id)::int AS firings,
       (SELECT count(*) FROM alarm_targets t WHERE t.alarm_id = a.id AND t.holds)::int AS met_now`;

export type ListFilter = { search?: string; rule?: string; shop?: number; enabled?: boolean; product?: number };

export function createAlarmsQueries(db: Db) {
  return {
    async list(owner: string, kind: AlarmKind, f: ListFilter, limit: number, skip: number): Promise<AlarmRow[]> {
      const conds: SQL[] = [sql`a.owner_id = ${owner}`, sql`a.kind = ${kind}`];
      if (f.rule) conds.push(sql`a.rule = ${f.rule}`);
      if (f.enabled !== undefined) conds.push(sql`a.enabled = ${f.enabled}`);
      if (f.shop) conds.push(sql`${f.shop}::int = ANY(a.shop_ids)`);
      if (f.product) conds.push(sql`${f.product}::int = ANY(a.product_ids)`);
      if (f.search) {
        const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conds.push(sql`(a.name ILIKE ${like} OR EXISTS (SELECT 1 FROM products p WHERE p.id = ANY(a.product_ids)
          AND (p.name ILIKE ${like} OR p.ean LIKE ${like} OR p.article LIKE ${like})))`);
      }
      const rows = await queryRows<AlarmRow>(
        db,
        sql`${SELECT_ALARM}, count(*) OVER ()::int AS total FROM alarms a WHERE ${sql.join(conds, sql` AND `)}
            ORDER BY a.id DESC LIMIT ${limit} OFFSET ${skip}`,
      );
      return rows.map(normaliseAlarm);
    },

    async count(owner: string, kind: AlarmKind, f: ListFilter): Promise<number> {
      const rows = await this.list(owner, kind, f, 1, 0);
      return rows[0]?.total ?? 0;
    },

    async byIds(owner: string, kind: AlarmKind, ids: number[]): Promise<AlarmRow[]> {
      const rows = await queryRows<AlarmRow>(
        db,
        sql`${SELECT_ALARM} FROM alarms a WHERE a.owner_id = ${owner} AND a.kind = ${kind} AND a.id = ANY(${sql.param(ids)}::int[])
            ORDER BY a.id DESC`,
      );
      return rows.map(normaliseAlarm);
    },

    /** Inserts many alarms at once (one statement); answers their ids in order. */
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
      return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    },

    async update(tx: Db, owner: string, id: number, v: AlarmValues): Promise<void> {
      await tx.execute(sql`UPDATE alarms SET name = ${v.name}, product_ids = ${sql.param(v.productIds)}::int[], shop_ids = ${sql.param(v.shopIds)}::int[],
          rule = ${v.rule}, value = ${v.value}, original_shop_id = ${v.originalShopId}, start_day = ${v.start}::date, end_day = ${v.end}::date,
          promo_counts = ${v.promoCounts}, enabled = ${v.enabled}, updated_at = now()
        WHERE id = ${id} AND owner_id = ${owner}`);
    },

    /** Switches the owner's alarm on or off, in `tx`. */
    async toggle(tx: Db, owner: string, id: number): Promise<void> {
      await tx.execute(sql`UPDATE alarms SET enabled = NOT enabled, updated_at = now() WHERE id = ${id} AND owner_id = ${owner}`);
    },

    /** Deletes the owner's alarms of `kind`: one by id, those watching a product, or (neither) all. */
    async remove(owner: string, kind: AlarmKind, which: { id?: number; product?: number }): Promise<number> {
      const where =
        which.id !== undefined ? sql`a.id = ${which.id}` : which.product !== undefined ? sql`${which.product}::int = ANY(a.product_ids)` : sql`TRUE`;
      const rows = await queryRows<{ id: number }>(db, sql`DELETE FROM alarms a WHERE a.owner_id = ${owner} AND a.kind = ${kind} AND ${where} RETURNING a.id`);
      return rows.length;
    },

    /** Products by id (existing ones only). */
    async products(ids: number[]): Promise<Map<number, { id: number; name: string; ean: string | null; article: string | null; country: string }>> {
      if (!ids.length) return new Map();
      const rows = await queryRows<{ id: number; name: string; ean: string | null; article: string | null; country: string }>(
        db,
        sql`SELECT id, name, ean, article, country FROM products WHERE id = ANY(${sql.param(ids)}::int[])`,
      );
      return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
    },

    /** Products by EAN or article (for imports): the first product (lowest id) of each code. */
    async productsByCodes(eans: string[], articles: string[]) {
      const rows = await queryRows<{ id: number; name: string; ean: string | null; article: string | null }>(
        db,
        sql`SELECT id, name, ean, article FROM products
            WHERE ean = ANY(${sql.param(eans)}::text[]) OR article = ANY(${sql.param(articles)}::text[]) ORDER BY id`,
      );
      const byEan = new Map<string, { id: number; name: string }>();
      const byArticle = new Map<string, { id: number; name: string }>();
      for (const r of rows) {
        const p = { id: Number(r.id), name: r.name };
        if (r.ean && !byEan.has(r.ean)) byEan.set(r.ean, p);
        if (r.article && !byArticle.has(r.article)) byArticle.set(r.article, p);
      }
      return { byEan, byArticle };
    },

    async events(owner: string, unreadOnly: boolean, limit: number, skip: number) {
      return queryRows<{
        id: number;
        alarm_id: number | null;
        kind: AlarmKind;
        alarm_name: string | null;
        product_id: number;
        product_name: string;
        shop_id: number;
        rule: string;
        value: number | null;
        old_price: number | null;
        new_price: number | null;
        own_price: number | null;
        fired_at: string;
        read: boolean;
        total: number;
      }>(
        db,
        sql`SELECT f.id, f.alarm_id, f.kind, f.alarm_name, f.product_id, p.name AS product_name, f.shop_id, f.rule, f.value,
                   f.old_price, f.new_price, f.own_price, f.fired_at, (f.read_at IS NOT NULL) AS read, count(*) OVER ()::int AS total
            FROM alarm_firings f JOIN products p ON p.id = f.product_id
            WHERE f.owner_id = ${owner} ${unreadOnly ? sql`AND f.read_at IS NULL` : sql``}
            ORDER BY f.id DESC LIMIT ${limit} OFFSET ${skip}`,
      );
    },

    async unreadCount(owner: string): Promise<number> {
      const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM alarm_firings WHERE owner_id = ${owner} AND read_at IS NULL`);
      return Number(row?.n ?? 0);
    },

    async totalEvents(owner: string): Promise<number> {
      const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM alarm_firings WHERE owner_id = ${owner}`);
      return Number(row?.n ?? 0);
    },

    async perDay(owner: string, since: string) {
      const rows = await queryRows<{ day: string; n: number }>(
        db,
        sql`SELECT (fired_at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS n FROM alarm_firings
            WHERE owner_id = ${owner} AND fired_at >= ${since}::date GROUP BY 1 ORDER BY 1`,
      );
      return rows.map((r) => ({ day: asIsoDay(r.day), count: Number(r.n) }));
    },

    async markRead(owner: string, ids: number[] | null): Promise<number> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`UPDATE alarm_firings SET read_at = now() WHERE owner_id = ${owner} AND read_at IS NULL
            ${ids ? sql`AND id = ANY(${sql.param(ids)}::bigint[])` : sql``} RETURNING id`,
      );
      return rows.length;
    },

    async settings(owner: string): Promise<{ email: string | null; notify: 'off' | 'immediate' | 'daily' }> {
      const [row] = await queryRows<{ email: string | null; notify: 'off' | 'immediate' | 'daily' }>(
        db,
        sql`SELECT email, notify FROM alarm_settings WHERE user_id = ${owner}`,
      );
      return row ?? { email: null, notify: 'off' };
    },

    async saveSettings(owner: string, email: string | null, notify: string): Promise<void> {
      await db.execute(sql`INSERT INTO alarm_settings (user_id, email, notify) VALUES (${owner}, ${email}, ${notify})
        ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, notify = EXCLUDED.notify`);
    },
  };
}

export type AlarmsQueries = ReturnType<typeof createAlarmsQueries>;
