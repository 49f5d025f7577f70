/**
 * The "To match" attack's app (attack/matching-home and matching-decisions-at-once): demo shops' parsers,
 * every demo role logged in, the first parser with a shop, a product of its country and one of another,
 * waiting pages named like that product, and requests as a role or logged out.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { build, loginAs, type Session } from './build';

export const ROLES = ['operator', 'admin', 'ashan', 'metro', 'atb', 'netadmin', 'analyst', 'hunter', 'guest'] as const;

export type MatchingAttack = {
  app: FastifyInstance;
  s: Record<string, Session>;
  parser: { id: number; country: string; shop_id: number };
  product: number;
  foreign: number;
  req(who: Session | null, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Waiting pages of the parser, all named like the chosen product (so it is every page's top suggestion). */
  addPages(n: number, tag: string): Promise<number[]>;
  /** The server still answers. */
  alive(): Promise<void>;
};

export async function startMatchingAttack(): Promise<MatchingAttack> {
  const app = await build({ env: { DEMO_SHOPS: '1', PARSERS_WORKER: '0' } });
  const s: Record<string, Session> = {};
  for (const r of ROLES) s[r] = await loginAs(app, r);
  const [found] = await queryRows<{ id: number; country: string; shop_id: number }>(
    app.db,
    sql`SELECT id, country, shop_id FROM parsers WHERE shop_id IS NOT NULL ORDER BY id LIMIT 1`,
  );
  const parser = { id: Number(found!.id), country: found!.country, shop_id: Number(found!.shop_id) };
  const product = Number((await queryRows<{ id: number }>(app.db, sql`SELECT id FROM products WHERE country = ${parser.country} ORDER BY id LIMIT 1`))[0]!.id);
  const other = await queryRows<{ id: number }>(app.db, sql`SELECT id FROM products WHERE country <> ${parser.country} ORDER BY id LIMIT 1`);
  const foreign = other.length ? Number(other[0]!.id) : 0;
  const req: MatchingAttack['req'] = (who, method, url, payload) =>
    app.inject({
      method,
      url: who ? `${url}${url.includes('?') ? '&' : '?'}token=${who.token}` : url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      ...(who ? { cookies: who.xsrf.cookies, headers: who.xsrf.headers } : {}),
    });
  const addPages = async (n: number, tag: string) => {
    const [p] = await queryRows<{ name: string }>(app.db, sql`SELECT name FROM products WHERE id = ${product}`);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const [r] = await queryRows<{ id: number }>(
        app.db,
        sql`INSERT INTO unmatched_pages (parser_id, url, name, price, day) VALUES (${parser.id}, ${`https://attack.example/${tag}/${i}`}, ${p!.name}, ${1000 + i}, CURRENT_DATE) RETURNING id`,
      );
      ids.push(Number(r!.id));
    }
    return ids;
  };
  const alive = async () => expect((await req(s.operator!, 'GET', '/home/parsers')).statusCode).toBe(200);
  return { app, s, parser, product, foreign, req, addPages, alive };
}
