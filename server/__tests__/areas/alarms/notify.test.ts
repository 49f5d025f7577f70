import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { alarmsRuntime } from '../../../src/areas/alarms/hook';
import { body, build, loginAs } from '../../helpers/build';
import { addFixtures, FIXTURES, type Fixtures } from '../../helpers/catalogue';
import { caller, nextDay, settle, type Call } from './helpers';

/** The mail body as a reader sees it (nodemailer sends UTF-8 text quoted-printable). */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

type Mail = { from: string; to: string[]; text: string };

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const mails: Mail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      if (state.refuse) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 })));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { mails, state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('alarm e-mails through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: FastifyInstance;
  let fx: Fixtures;
  let ashan: Call;
  let admin: Call;
  let atb: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    app = await build({ env: { SMTP_URL: smtp.url } });
    fx = await addFixtures(app);
    ashan = caller(app, await loginAs(app, 'ashan'));
    admin = caller(app, await loginAs(app, 'admin'));
    atb = fx.shop('atb-kyi-obolon');
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const write = async (price: number) => {
    const res = await admin('POST', '/custom/import-internal-prices', { date: nextDay(), prices: [{ product: fx.buckwheat, shop: atb, price }] });
    expect(res.statusCode).toBe(200);
    await settle(app);
  };

  it('checks the settings: an address is needed to be told', async () => {
    const res = await ashan('PUT', '/price-alarms/settings', { email: '', notify: 'immediate' });
    expect([res.statusCode, body(res).error.fields[0].path]).toEqual([400, 'email']);
    const bad = await ashan('PUT', '/price-alarms/settings', { email: 'not-an-address', notify: 'daily' });
    expect([bad.statusCode, body(bad).error.fields[0].path]).toEqual([400, 'email']);
    expect(body(await ashan('GET', '/price-alarms/settings')).data).toEqual({ email: null, notify: 'off' });
  });

  it('mails at once to a user who chose immediate, once per firing', async () => {
    expect(body(await ashan('PUT', '/price-alarms/settings', { email: 'olena@example.com', notify: 'immediate' })).data).toEqual({
      email: 'olena@example.com',
      notify: 'immediate',
    });
    await ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'below', value: 44 });
    await write(43);
    const toOlena = smtp.mails.filter((m) => m.to.includes('olena@example.com'));
    expect(toOlena).toHaveLength(1);
    expect(toOlena[0]!.text).toContain('1 price alarm fired');
    expect(toOlena[0]!.text).toContain(FIXTURES.buckwheat.name);
    expect(toOlena[0]!.text).toContain('45.00 → 43.00');
    await write(43);
    expect(smtp.mails.filter((m) => m.to.includes('olena@example.com'))).toHaveLength(1);
  });

  it('sends the daily digest of the day’s firings once', async () => {
    await admin('PUT', '/price-alarms/settings', { email: 'boss@example.com', notify: 'daily' });
    await admin('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'above', value: 50 });
    await admin('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'promo_start' });
    await write(51);
    const res = await admin('POST', '/custom/import-internal-prices', {
      date: nextDay(),
      prices: [{ product: fx.buckwheat, shop: atb, price: 52, promo: 49 }],
    });
    expect(body(res).data.fired).toBeGreaterThanOrEqual(1);
    await settle(app);
    expect(smtp.mails.filter((m) => m.to.includes('boss@example.com'))).toHaveLength(0);

    // The check runs as a pg-boss schedule (one process per tick); here it is called directly.
    expect(await app.jobs.scheduleKeys('alarms.digest')).toHaveLength(1);
    const runtime = alarmsRuntime(app.db)!;
    expect(await runtime.sendDigests!()).toBe(1);
    const digest = smtp.mails.filter((m) => m.to.includes('boss@example.com'));
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain('daily digest: 2 price alarms fired');
    expect(digest[0]!.text).toContain('promo started');
    // Once a day: a second run the same day sends nothing; the next day, with nothing new, nothing.
    expect(await runtime.sendDigests!()).toBe(0);
    expect(await runtime.sendDigests!(new Date(Date.now() + 25 * 3600_000))).toBe(0);
  });

  it('ten digest runs at once (two processes, a late tick) mail the day’s firings once', async () => {
    await admin('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'below', value: 40 });
    await write(39);
    const before = smtp.mails.filter((m) => m.to.includes('boss@example.com')).length;
    const runtime = alarmsRuntime(app.db)!;
    const nextDayNow = new Date(Date.now() + 26 * 3600_000);
    const sent = await Promise.all(Array.from({ length: 10 }, () => runtime.sendDigests!(nextDayNow)));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    const digests = smtp.mails.filter((m) => m.to.includes('boss@example.com')).slice(before);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text).toContain('price below 40');
    // The server still answers after.
    expect((await admin('GET', '/price-alarms/settings')).statusCode).toBe(200);
  });

  it('a mail the SMTP server refuses is not lost: its firings go in the next mail', async () => {
    await ashan('POST', '/price-alarms', { productId: fx.buckwheat, shops: [atb], rule: 'below', value: 38 });
    const before = smtp.mails.filter((m) => m.to.includes('olena@example.com')).length;
    smtp.state.refuse = true;
    await write(37);
    smtp.state.refuse = false;
    expect(smtp.mails.filter((m) => m.to.includes('olena@example.com'))).toHaveLength(before);
    // Olena moves to the daily digest: the refused firing is in it.
    await ashan('PUT', '/price-alarms/settings', { email: 'olena@example.com', notify: 'daily' });
    expect(await alarmsRuntime(app.db)!.sendDigests!(new Date(Date.now() + 27 * 3600_000))).toBe(1);
    const next = smtp.mails.filter((m) => m.to.includes('olena@example.com')).slice(before);
    expect(next).toHaveLength(1);
    expect(next[0]!.text).toContain('price below 38');
  });
});
