/**
 * Attack: "Try on a URL" (POST /parsers/try) must give its database slot back before it fetches the page
 * (service-editing.ts tryOn → leaveDbQueue): a shop's page may take the whole timeout to answer, and PGlite has
 * ONE slot, so a try holding it turns every other request of every user into 503 for that long.
 * areas/parsers/try.test.ts checks this in its 'ten at once' case, but it is `@one-database` and so runs on
 * PostgreSQL only in `npm test`, where ten slots hide a held one: with leaveDbQueue() removed it passes on
 * PostgreSQL and fails on PGlite (ATK3, stop 31). Here the shop holds its answers until the test has its own
 * requests answered — no timing — and the file runs on PGlite and PostgreSQL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import { body, build, loginAs, type Session } from '../helpers/build';
import { callerFor } from '../helpers/catalogue';
import { pollUntil } from '../helpers/until';

jest.setTimeout(300_000);

let app: FastifyInstance;
let operator: Session;
let analyst: Session;

// A loopback shop (put on the allowlist below) that answers no page until the test lets it.
let held: (() => void)[] = [];
let pages = 0;
const shop = http.createServer((req, res) => {
  const answer = () =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><html><body><h1 class="title">Mléko 1 l</h1><div class="price-box"><span class="current">24,90 Kč</span></div></body></html>');
  if (req.url?.startsWith('/page')) {
    pages++;
    held.push(answer);
  } else answer();
});
let shopBase = '';
const release = () => {
  const all = held;
  held = [];
  for (const answer of all) answer();
};

beforeAll(async () => {
  shopBase = await new Promise<string>((resolve) => shop.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)));
  app = await build({ env: { PARSERS_WORKER: '0' } });
  app.parsers.workerOptions.allowOrigins = [...app.parsers.workerOptions.allowOrigins, shopBase];
  operator = await loginAs(app, 'operator');
  analyst = await loginAs(app, 'analyst');
});
afterAll(async () => {
  release();
  await app?.close();
  shop.closeAllConnections();
  shop.close();
});

const shopId = async (code: string) => Number((await queryRows<{ id: number }>(app.db, sql`SELECT id FROM shops WHERE code = ${code}`))[0]!.id);

it("tries waiting on a shop's page hold no database slot: ten reads at once are answered meanwhile, the tries after", async () => {
  const definition = {
    productUrls: ['https://shop.example/p/1'],
    strategy: 'selectors',
    selectors: { name: 'h1.title', price: '.price-box .current' },
    priceFormat: { decimal: ',', thousands: '.' },
    timeoutSeconds: 60,
  };
  // Two users' tries (one runs per user): both wait in the shop.
  const tries = [
    callerFor(app, operator)('POST', '/parsers/try', { url: `${shopBase}/page/1`, shopId: await shopId('lidl-prg-smichov'), definition }),
    callerFor(app, analyst)('POST', '/parsers/try', { url: `${shopBase}/page/2`, shopId: await shopId('albert-prg-andel'), definition }),
  ];
  // Both in the shop — or one already answered without getting there (a slot held elsewhere: 503), which fails below.
  let settled = 0;
  for (const t of tries) void t.then(() => settled++);
  await pollUntil(
    async () => pages + 10 * settled,
    (n) => n >= 2,
  );
  // Requests that need the database, while both tries are held in the shop.
  const reads = await Promise.all(
    Array.from({ length: 10 }, (_, i) => callerFor(app, i % 2 ? operator : analyst)('GET', i % 3 ? '/auth/check' : '/products/list?limit=5&skip=0')),
  );
  const stillHeld = held.length;
  release();
  expect(reads.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  expect(stillHeld).toBe(2);
  const done = await Promise.all(tries);
  expect(done.map((r) => [r.statusCode, body(r).data?.offer?.price ?? body(r).error])).toEqual([
    [200, 24.9],
    [200, 24.9],
  ]);
  expect((await callerFor(app, operator)('GET', '/auth/check')).statusCode).toBe(200);
});
