/** The SQL of scraper requests (docs/parsers.md "Scrapers"); rules in service.ts. */
import { sql } from 'drizzle-orm';
import type { ScraperRequest } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';

export type Row = {
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

const SELECT = sql`SELECT sr.id, sr.type, sr.product_id, p.name AS product_name, n.code AS network, sr.country, sr.user_id, u.username,
    sr.status, sr.created_at, sr.finished_at, sr.results,
    (SELECT array_agg(r.failure ORDER BY r.id) FROM parser_runs r WHERE r.scraper_request_id = sr.id AND r.status = 'failed' AND r.failure IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM parser_run_items i WHERE i.run_id = r.id)) AS run_failures
  FROM scraper_requests sr JOIN products p ON p.id = sr.product_id JOIN networks n ON n.id = sr.network_id
  LEFT JOIN users u ON u.id = sr.user_id`;

const SORTS = { createdAt: sql`sr.created_at DESC, sr.id DESC`, status: sql`sr.status, sr.id DESC`, network: sql`n.code, sr.id DESC` } as const;

export type ScraperListFilters = {
  country?: string;
  type?: string;
  scrapers?: number[];
  network?: string;
  user?: string;
  productId?: number;
  field?: keyof typeof SORTS;
  limit: number;
  skip: number;
};

export function createScrapersQueries(db: Db) {
  return {
    /** A page of requests in the networks `networkIds` (null: all) matching `f`, and their count. */
    async list(networkIds: number[] | null, f: ScraperListFilters): Promise<{ rows: Row[]; total: number }> {
      const conds = [networkIds === null ? sql`TRUE` : sql`sr.network_id = ANY(${sql.param(networkIds)}::int[])`];
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
      return { rows, total: Number(c?.n ?? 0) };
    },

    async product(id: number): Promise<{ id: number; country: string } | undefined> {
      const [product] = await queryRows<{ id: number; country: string }>(db, sql`SELECT id, country FROM products WHERE id = ${id}`);
      return product;
    },

    async networkId(code: string): Promise<number | null> {
      const [network] = await queryRows<{ id: number }>(db, sql`SELECT id FROM networks WHERE code = ${code}`);
      return network ? Number(network.id) : null;
    },

    /** Enabled parsers of the network whose shop sells the product (an offer with a URL). */
    parsersSelling(networkId: number, productId: number) {
      return queryRows<{ id: number }>(
        db,
        sql`SELECT p.id FROM parsers p JOIN offers o ON o.shop_id = p.shop_id AND o.product_id = ${productId} AND o.url IS NOT NULL
          WHERE p.network_id = ${networkId} AND p.enabled AND p.deleted_at IS NULL ORDER BY p.id`,
      );
    },

    /** The request and one queued run per target parser, together. */
    async insert(r: { productId: number; networkId: number; userId: string; country: string }, targets: { id: number }[]) {
      const runIds: number[] = [];
      const id = await db.transaction(async (t) => {
        const [req] = await queryRows<{ id: number }>(
          t,
          sql`INSERT INTO scraper_requests (type, product_id, network_id, user_id, country, status)
            VALUES ('product', ${r.productId}, ${r.networkId}, ${r.userId}, ${r.country}, 'queued') RETURNING id`,
        );
        for (const p of targets) {
          const [run] = await queryRows<{ id: number }>(
            t,
            sql`INSERT INTO parser_runs (parser_id, trigger, requested_by, scraper_request_id, product_ids)
              VALUES (${p.id}, 'scraper', ${r.userId}, ${req!.id}, ARRAY[${r.productId}]::int[]) RETURNING id`,
          );
          runIds.push(Number(run!.id));
        }
        return Number(req!.id);
      });
      return { id, runIds };
    },

    async owner(id: number) {
      const [row] = await queryRows<{ user_id: string | null; network_id: number }>(db, sql`SELECT user_id, network_id FROM scraper_requests WHERE id = ${id}`);
      return row;
    },

    async remove(id: number) {
      await db.execute(sql`DELETE FROM scraper_requests WHERE id = ${id}`);
    },
  };
}
