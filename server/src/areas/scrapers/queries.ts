/**
 * The SQL of scraper requests (docs/parsers.md "Scrapers"); rules in service.ts. Typed builder: ids
 * numbers and times Dates on both backends.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { ScraperRequest } from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import { networks, offers, parserRuns, parsers, products, scraperRequests, users } from '../../db/schema';

// type, status and results are text and jsonb in the schema; requests are written with only these values.
const requestColumns = {
  id: scraperRequests.id,
  type: sql<ScraperRequest['type']>`${scraperRequests.type}`,
  productId: scraperRequests.productId,
  productName: products.name,
  network: networks.code,
  country: scraperRequests.country,
  userId: scraperRequests.userId,
  /** Left joined: null once the user is deleted. */
  username: sql<string | null>`${users.username}`,
  status: sql<ScraperRequest['status']>`${scraperRequests.status}`,
  createdAt: scraperRequests.createdAt,
  finishedAt: scraperRequests.finishedAt,
  results: sql<ScraperRequest['results']>`${scraperRequests.results}`,
  /** Failures of its runs that ended before reading a page (deleted parser, bad definition, abandoned). */
  runFailures: sql<string[] | null>`(SELECT array_agg(r.failure ORDER BY r.id) FROM parser_runs r
    WHERE r.scraper_request_id = ${scraperRequests.id} AND r.status = 'failed' AND r.failure IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM parser_run_items i WHERE i.run_id = r.id))`,
};

export type Row = SelectResultFields<typeof requestColumns>;

const SORTS = {
  createdAt: [desc(scraperRequests.createdAt), desc(scraperRequests.id)],
  status: [asc(scraperRequests.status), desc(scraperRequests.id)],
  network: [asc(networks.code), desc(scraperRequests.id)],
} as const;

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
      const conds: (SQL | undefined)[] = [];
      if (networkIds !== null) conds.push(inArray(scraperRequests.networkId, networkIds));
      if (f.country) conds.push(eq(scraperRequests.country, f.country));
      if (f.type) conds.push(eq(scraperRequests.type, f.type));
      if (f.scrapers?.length) conds.push(inArray(scraperRequests.id, f.scrapers));
      if (f.network) conds.push(eq(networks.code, f.network));
      // Whom the requests are of, as answers name them (the username, any case); a user id works too.
      if (f.user) {
        const named = db
          .select({ id: users.id })
          .from(users)
          .where(or(sql`lower(${users.username}) = lower(${f.user})`, sql`${users.id}::text = ${f.user}`));
        conds.push(inArray(scraperRequests.userId, named));
      }
      if (f.productId) conds.push(eq(scraperRequests.productId, f.productId));
      const where = and(...conds);
      const [counted] = await db.select({ n: count() }).from(scraperRequests).innerJoin(networks, eq(networks.id, scraperRequests.networkId)).where(where);
      const rows = await db
        .select(requestColumns)
        .from(scraperRequests)
        .innerJoin(products, eq(products.id, scraperRequests.productId))
        .innerJoin(networks, eq(networks.id, scraperRequests.networkId))
        .leftJoin(users, eq(users.id, scraperRequests.userId))
        .where(where)
        .orderBy(...SORTS[f.field ?? 'createdAt'])
        .limit(f.limit)
        .offset(f.skip);
      return { rows, total: counted?.n ?? 0 };
    },

    async product(id: number): Promise<{ id: number; country: string } | undefined> {
      const [product] = await db.select({ id: products.id, country: products.country }).from(products).where(eq(products.id, id)).limit(1);
      return product;
    },

    async networkId(code: string): Promise<number | null> {
      const [network] = await db.select({ id: networks.id }).from(networks).where(eq(networks.code, code)).limit(1);
      return network?.id ?? null;
    },

    /** Enabled parsers of the network whose shop sells the product (an offer with a URL). */
    parsersSelling: (networkId: number, productId: number): Promise<{ id: number }[]> =>
      db
        .select({ id: parsers.id })
        .from(parsers)
        .innerJoin(offers, and(eq(offers.shopId, parsers.shopId), eq(offers.productId, productId), isNotNull(offers.url)))
        .where(and(eq(parsers.networkId, networkId), eq(parsers.enabled, true), isNull(parsers.deletedAt)))
        .orderBy(asc(parsers.id)),

    /** The request and one queued run per target parser, together. */
    async insert(r: { productId: number; networkId: number; userId: string; country: string }, targets: { id: number }[]) {
      return db.transaction(async (tx) => {
        const [req] = await tx
          .insert(scraperRequests)
          .values({ type: 'product', productId: r.productId, networkId: r.networkId, userId: r.userId, country: r.country, status: 'queued' })
          .returning({ id: scraperRequests.id });
        const runs = targets.length
          ? await tx
              .insert(parserRuns)
              .values(targets.map((p) => ({ parserId: p.id, trigger: 'scraper', requestedBy: r.userId, scraperRequestId: req!.id, productIds: [r.productId] })))
              .returning({ id: parserRuns.id })
          : [];
        return { id: req!.id, runIds: runs.map((run) => run.id) };
      });
    },

    async owner(id: number): Promise<{ userId: string | null; networkId: number } | undefined> {
      const [row] = await db
        .select({ userId: scraperRequests.userId, networkId: scraperRequests.networkId })
        .from(scraperRequests)
        .where(eq(scraperRequests.id, id))
        .limit(1);
      return row;
    },

    async remove(id: number) {
      await db.delete(scraperRequests).where(eq(scraperRequests.id, id));
    },
  };
}
