/**
 * Scraper requests (spec §7 "Scrapers"): a user has one product scraped now by the parsers of a
 * network. A request becomes one parser run per parser of that network whose shop sells the product
 * (an offer with a URL); the runs' pages are the request's results, and their prices enter the history
 * like any parser's. Visibility and rights as for parsers (docs/parsers.md "Scrapers").
 */
import { sql } from 'drizzle-orm';
import type { ScraperRequest } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';
import { forbidden, notFound, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import type { ParsersQueries } from '../parsers/queries';
import { canSeeParsers, type ParsersService } from '../parsers/service';

type Row = {
  id: number;
  type: 'product';
  product_id: number;
  product_name: string;
  network: string;
  country: string;
  user_id: string | null;
  username: string | null;
  status: ScraperRequest['status'];
  created_at: string | Date;
  finished_at: string | Date | null;
  results: ScraperRequest['results'];
  /** Failures of its runs that ended before reading a page (deleted parser, bad definition, abandoned). */
  run_failures: string[] | null;
};

/** Why a failed request failed (docs/parsers.md "Scrapers"): one reason per kind, the first message of each. */
function failuresOf(r: Row): ScraperRequest['failures'] {
  if (r.status !== 'failed') return [];
  const byKind = new Map<string, string>();
  for (const x of r.results ?? []) if (x.problem && !byKind.has(x.problem.kind)) byKind.set(x.problem.kind, x.problem.message);
  for (const f of r.run_failures ?? []) if (!byKind.has('run_failed')) byKind.set('run_failed', f);
  if (!byKind.size) byKind.set(r.results?.length ? 'run_failed' : 'no_page', r.results?.length ? 'no price found' : 'the shop has no page of this product');
  return [...byKind].map(([kind, message]) => ({ kind, message }));
}

const toRequest = (r: Row): ScraperRequest => ({
  _id: String(r.id),
  type: r.type,
  productId: String(r.product_id),
  productName: r.product_name,
  network: r.network,
  country: r.country,
  user: r.username ?? '',
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  results: (r.results ?? []).map((x) => ({ ...x, price: x.price ?? null, oldPrice: x.oldPrice ?? null })),
  failures: failuresOf(r),
});

const SELECT = sql`SELECT sr.id, sr.type, sr.product_id, p.name AS product_name, n.code AS network, sr.country, sr.user_id, u.username,
    sr.status, sr.created_at, sr.finished_at, sr.results,
    (SELECT array_agg(r.failure ORDER BY r.id) FROM parser_runs r WHERE r.scraper_request_id = sr.id AND r.status = 'failed' AND r.failure IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM parser_run_items i WHERE i.run_id = r.id)) AS run_failures
  FROM scraper_requests sr JOIN products p ON p.id = sr.product_id JOIN networks n ON n.id = sr.network_id
  LEFT JOIN users u ON u.id = sr.user_id`;

const SORTS = { createdAt: sql`sr.created_at DESC, sr.id DESC`, status: sql`sr.status, sr.id DESC`, network: sql`n.code, sr.id DESC` } as const;

export function createScrapersService(db: Db, q: ParsersQueries, parsers: ParsersService, onQueued: (runIds: number[]) => void) {
  async function scope(user: AuthUser) {
    if (!canSeeParsers(user)) throw forbidden();
    const ids = await parsers.visibleNetworkIds(user);
    return ids === null ? sql`TRUE` : sql`sr.network_id = ANY(${sql.param(ids)}::int[])`;
  }

  async function list(
    user: AuthUser,
    f: {
      country?: string;
      type?: string;
      scrapers?: number[];
      network?: string;
      user?: string;
      productId?: number;
      field?: keyof typeof SORTS;
      limit: number;
      skip: number;
    },
  ) {
    const conds = [await scope(user)];
    if (f.country) conds.push(sql`sr.country = ${f.country}`);
    if (f.type) conds.push(sql`sr.type = ${f.type}`);
    if (f.scrapers?.length) conds.push(sql`sr.id = ANY(${sql.param(f.scrapers)}::int[])`);
    if (f.network) conds.push(sql`n.code = ${f.network}`);
    // Whom the requests are of, as answers name them (the username, any case); a user id works too.
    if (f.user) conds.push(sql`sr.user_id IN (SELECT id FROM users WHERE lower(username) = lower(${f.user}) OR id::text = ${f.user})`);
    if (f.productId) conds.push(sql`sr.product_id = ${f.productId}`);
    const where = sql.join(conds, sql` AND `);
    const [c] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM scraper_requests sr JOIN networks n ON n.id = sr.network_id WHERE ${where}`,
    );
    const rows = await queryRows<Row>(db, sql`${SELECT} WHERE ${where} ORDER BY ${SORTS[f.field ?? 'createdAt']} LIMIT ${f.limit} OFFSET ${f.skip}`);
    return { items: rows.map(toRequest), total: Number(c?.n ?? 0) };
  }

  return {
    list,

    async create(user: AuthUser, body: { productId: number; network: string }): Promise<ScraperRequest> {
      if (!canSeeParsers(user)) throw forbidden();
      if (user.profile.isGuest) throw forbidden();
      const [product] = await queryRows<{ id: number; country: string }>(db, sql`SELECT id, country FROM products WHERE id = ${body.productId}`);
      if (!product) throw validationFailed([{ path: 'productId', message: 'unknown product' }]);
      const [network] = await queryRows<{ id: number }>(db, sql`SELECT id FROM networks WHERE code = ${body.network}`);
      if (!network) throw validationFailed([{ path: 'network', message: 'unknown network' }]);
      const visible = await parsers.visibleNetworkIds(user);
      if (visible && !visible.includes(Number(network.id))) throw forbidden();
      const targets = await queryRows<{ id: number }>(
        db,
        sql`SELECT p.id FROM parsers p JOIN offers o ON o.shop_id = p.shop_id AND o.product_id = ${product.id} AND o.url IS NOT NULL
          WHERE p.network_id = ${network.id} AND p.enabled AND p.deleted_at IS NULL ORDER BY p.id`,
      );
      if (!targets.length) throw validationFailed([{ path: 'network', message: 'no parser of this network sells this product' }]);
      const runIds: number[] = [];
      const id = await db.transaction(async (t) => {
        const [req] = await queryRows<{ id: number }>(
          t,
          sql`INSERT INTO scraper_requests (type, product_id, network_id, user_id, country, status)
            VALUES ('product', ${product.id}, ${network.id}, ${user.id}, ${product.country}, 'queued') RETURNING id`,
        );
        for (const p of targets) {
          const [r] = await queryRows<{ id: number }>(
            t,
            sql`INSERT INTO parser_runs (parser_id, trigger, requested_by, scraper_request_id, product_ids)
              VALUES (${p.id}, 'scraper', ${user.id}, ${req!.id}, ARRAY[${product.id}]::int[]) RETURNING id`,
          );
          runIds.push(Number(r!.id));
        }
        return Number(req!.id);
      });
      onQueued(runIds);
      return (await list(user, { scrapers: [id], limit: 1, skip: 0 })).items[0]!;
    },

    async remove(user: AuthUser, id: number): Promise<null> {
      const [row] = await queryRows<{ user_id: string | null; network_id: number }>(db, sql`SELECT user_id, network_id FROM scraper_requests WHERE id = ${id}`);
      if (!row) throw notFound('scraper_request');
      if (!canSeeParsers(user) || user.profile.isGuest) throw forbidden();
      const visible = await parsers.visibleNetworkIds(user);
      if (visible && !visible.includes(Number(row.network_id))) throw forbidden();
      // Your own request, or any request for provider staff.
      if (row.user_id !== user.id && !user.isProvider) throw forbidden();
      await db.execute(sql`DELETE FROM scraper_requests WHERE id = ${id}`);
      return null;
    },
  };
}
