/**
 * Attack: request bodies sent at the sender's pace. The admission queue (plugins/overload.ts) lets a
 * request in on `onRequest`, before Fastify reads its body, and Fastify's own request timeout is off
 * (its default 0): a client that sends its headers and then a body byte by byte — or never — held a
 * database slot for as long as it liked. PGlite has one slot, so ONE anonymous login body left unsent
 * turned every database request of every user into 503 after the queue's wait; on PostgreSQL ten did.
 * Alarm imports likewise took one of their two slots before reading the upload: two slow uploads made
 * every other import wait behind them, then 429.
 * Expected: a body still arriving holds no slot; the same requests, finished later, are answered as
 * usual; the server answers everyone else meanwhile and after. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (the slot counts differ: 1 and 10).
 */
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { build, getXsrf, login, loginAs, type Session } from '../helpers/build';
import { addFixtures, FIXTURES, type Fixtures } from '../helpers/catalogue';
import { IMPORT_CONCURRENCY, IMPORT_QUEUE, importGateState } from '../../src/areas/alarms/upload';
import { multipart, upload } from '../areas/alarms/helpers';
import { pollUntil } from '../helpers/until';
import ExcelJS from 'exceljs';

// More than PostgreSQL's ten slots.
const SLOW = 12;

let app: FastifyInstance;
let port = 0;
let fx: Fixtures;
let ashan: Session;
let seen = 0;
// Request streams by arrival, to see whose body the server has begun to read.
const arrived: IncomingMessage[] = [];
const sockets: net.Socket[] = [];

/** Sends `head` and the start of a body, then nothing more until `finish` is called. */
async function slowRequest(head: string, start: Buffer | string): Promise<{ finish: (rest: Buffer | string) => Promise<string> }> {
  // The server closes after its answer (Connection: close): the answer is whole when the socket closes.
  // (Half-closing our side instead would abort the request: Node's httpAllowHalfOpen is off.)
  head = head.replace(/\r\n\r\n$/, '\r\nConnection: close\r\n\r\n');
  const s = net.connect(port, '127.0.0.1');
  sockets.push(s);
  let answer = '';
  const answered = new Promise<string>((resolve) => {
    s.on('data', (d) => (answer += String(d)));
    s.on('close', () => resolve(answer));
  });
  s.on('error', () => {});
  await new Promise<void>((resolve) => s.once('connect', () => resolve()));
  await new Promise<void>((resolve, reject) => s.write(Buffer.concat([Buffer.from(head), Buffer.from(start)]), (e) => (e ? reject(e) : resolve())));
  return {
    async finish(rest) {
      s.write(rest);
      return answered;
    },
  };
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Alarms');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Every request whose headers arrived has been through the queue (none waits in it any more). */
const settledIn = (n: number) =>
  pollUntil(
    async () => ({ seen, pending: app.dbGate.pending }),
    (s) => s.seen >= n && s.pending === 0,
  );

beforeAll(async () => {
  // A short queue wait, as in production (2 s there): a slot never freed shows as 503 within seconds.
  app = await build({ env: { DB_QUEUE_TIMEOUT_MS: '5000' } });
  fx = await addFixtures(app);
  ashan = await loginAs(app, 'ashan');
  app.server.on('request', (req: IncomingMessage) => {
    seen++;
    arrived.push(req);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await app?.close();
});

it('anonymous login bodies left half-sent hold no database slot: others log in and search meanwhile', async () => {
  const x = (await getXsrf(app)).value;
  const [start, rest] = ['{"username":"ashan",', '"password":"wrong-password-1"}'];
  const before = seen;
  const slow = await Promise.all(
    Array.from({ length: SLOW }, () =>
      slowRequest(
        `POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nCookie: XSRF-TOKEN=${x}\r\nX-XSRF-TOKEN: ${x}\r\nContent-Length: ${start.length + rest.length}\r\n\r\n`,
        start,
      ),
    ),
  );
  await settledIn(before + SLOW);
  const [someone, search] = await Promise.all([
    login(app, 'metro'),
    app.inject({ method: 'GET', url: '/products', query: { token: ashan.token, search: 'a' } }),
  ]);
  expect([someone.statusCode, search.statusCode]).toEqual([200, 200]);
  // The same bodies, finished (one after the other: all at once would only measure the queue), are
  // answered as any login: a wrong password here, then the login throttle's 429.
  const answers: number[] = [];
  for (const r of slow) answers.push(statusOf(await r.finish(rest)));
  expect(answers.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  expect(answers[0]).toBe(401);
});

it("a signed-in user's chunked bodies sent slowly hold no slot either", async () => {
  const before = seen;
  const slow = await Promise.all(
    Array.from({ length: SLOW }, () =>
      slowRequest(
        `POST /price-alarms/export?token=${ashan.token} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nCookie: XSRF-TOKEN=${ashan.xsrf.value}\r\nX-XSRF-TOKEN: ${ashan.xsrf.value}\r\nTransfer-Encoding: chunked\r\n\r\n`,
        '1\r\n{\r\n',
      ),
    ),
  );
  await settledIn(before + SLOW);
  const check = await app.inject({ method: 'GET', url: '/auth/check', query: { token: ashan.token } });
  expect(check.statusCode).toBe(200);
  const answers: number[] = [];
  for (const r of slow) answers.push(statusOf(await r.finish('1\r\n}\r\n0\r\n\r\n')));
  expect(answers).toEqual(Array(SLOW).fill(200));
});

it('alarm imports still arriving take no import slot: a whole import beside them is read and answered', async () => {
  const shops = String(fx.shop('atb-kyi-obolon'));
  const data = await xlsx([
    ['ean', 'rule', 'value'],
    [FIXTURES.buckwheat.ean, 'below', '10'],
  ]);
  const form = multipart({ shops, preview: 'true' }, { name: 'a.xlsx', data });
  const cut = form.payload.length - 200;
  const before = seen;
  const slow = await Promise.all(
    Array.from({ length: IMPORT_CONCURRENCY + IMPORT_QUEUE }, () =>
      slowRequest(
        `POST /price-alarms/import?token=${ashan.token} HTTP/1.1\r\nHost: x\r\nContent-Type: ${form.headers['content-type']}\r\nCookie: XSRF-TOKEN=${ashan.xsrf.value}\r\nX-XSRF-TOKEN: ${ashan.xsrf.value}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
        form.payload.subarray(0, cut),
      ),
    ),
  );
  // Each upload is either being read or waiting for an import slot (before the fix: two read in their
  // slots, four queued behind them unread).
  await pollUntil(
    async () => ({ reading: arrived.slice(before).filter((r) => r.readableFlowing).length, queued: importGateState().pending }),
    (s) => s.reading + s.queued === slow.length,
  );
  const whole = await upload(app, ashan, '/price-alarms/import', { shops, preview: 'true' }, { name: 'a.xlsx', data });
  expect(whole.statusCode).toBe(200);
  const answers: number[] = [];
  for (const r of slow) answers.push(statusOf(await r.finish(form.payload.subarray(cut))));
  expect(answers).toEqual(Array(slow.length).fill(200));
  const after = await app.inject({ method: 'GET', url: '/auth/check', query: { token: ashan.token } });
  expect(after.statusCode).toBe(200);
});
