/**
 * The catalogue's hot calls, timed through the real HTTP stack (app.inject: auth, validation, visibility,
 * SQL, serialisation) for a provider admin and a network user: `npm run bench` (bench/run.ts) and the
 * partitioned-history bench (bench/history.ts) measure the same calls.
 */
import type { FastifyInstance } from 'fastify';
import { mulberry32 } from '../src/demo/catalogue/prng';
import { DEMO_PASSWORD } from '../src/demo/data';

export type Timing = { n: number; p50: number; p95: number; mean: number; max: number };

export function stats(ms: number[]): Timing {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
  const r = (x: number) => Math.round(x * 100) / 100;
  return { n: s.length, p50: r(q(0.5)), p95: r(q(0.95)), mean: r(s.reduce((a, b) => a + b, 0) / s.length), max: r(s[s.length - 1]!) };
}

export async function benchLogin(app: FastifyInstance, username: string) {
  const x = await app.inject({ method: 'GET', url: '/deployment.json' });
  const cookie = x.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    cookies: { 'XSRF-TOKEN': cookie },
    headers: { 'x-xsrf-token': cookie },
    payload: { username, password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

const usDate = (day: number) => {
  const d = new Date(day * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

const NAME_TERMS = [
  'milk',
  'chocolate',
  'juice',
  'Madeta',
  'beer',
  'coffee',
  'yogurt',
  'Roshen',
  'mineral water',
  'cheese',
  'bread',
  'Milka',
  'ketchup',
  'diapers',
  'shampoo',
  'pasta',
  'wine',
  'sunflower oil',
  'tea',
  'sausage',
];

export type HotCallOptions = {
  kind: string;
  samples: { ean: string; article: string; id: number }[];
  seed: number;
  iterations: number;
  /** The last day of the catalogue's prices (days since 1970): histories cover the 365 days up to it. */
  endDay: number;
  log: (...args: unknown[]) => void;
};

export async function measureHotCalls(app: FastifyInstance, { kind, samples, seed, iterations, endDay, log }: HotCallOptions) {
  const results: Record<string, Record<string, Timing>> = {};
  const rnd = mulberry32(seed + 99);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
  const start = usDate(endDay - 364);
  const end = usDate(endDay);
  const queries: Record<string, () => string> = {
    eanSearch: () => `/products/search?ean=${pick(samples).ean}`,
    articleSearch: () => `/products/search?article=${pick(samples).article}`,
    nameSearch: () => `/products/search?name=${encodeURIComponent(pick(NAME_TERMS))}`,
    history365AllShops: () => `/prices/history?product=${pick(samples).id}&start=${start}&end=${end}`,
    productListPage: () => `/products/list?limit=30&skip=${30 * Math.floor(rnd() * 100)}&sort=name`,
  };
  for (const user of ['admin', 'analyst']) {
    const token = await benchLogin(app, user);
    results[user] = {};
    for (const [name, url] of Object.entries(queries)) {
      for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: `${url()}&token=${token}` });
      const ms: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const u = `${url()}&token=${token}`;
        const t = process.hrtime.bigint();
        const res = await app.inject({ method: 'GET', url: u });
        ms.push(Number(process.hrtime.bigint() - t) / 1e6);
        if (res.statusCode !== 200) throw new Error(`${kind} ${name} ${u}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      results[user][name] = stats(ms);
      log(`${kind} ${user} ${name}: p50 ${results[user][name]!.p50} ms, p95 ${results[user][name]!.p95} ms`);
    }
  }
  return results;
}
