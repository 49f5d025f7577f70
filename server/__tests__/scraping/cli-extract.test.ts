/**
 * `pnpm run extract` as a person runs it (a child process through tsx): every spelling of a private
 * address is refused without --allow-private — exit code 1, problem `not_allowed`, nothing fetched.
 * Each spelling is a whole tsx start (~5 s): `npm test` tries one in three (helpers/matrix.ts; the
 * engine's own test, scraping/engine.test.ts, refuses every spelling in-process), `npm run bench`
 * (BENCH_ONLY=matrices) all of them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_SHOPS, definitionFor } from '../../src/demo-shops/catalog';
import { demoPrice } from '../../src/demo-shops/prices';
import { startDemoShops } from '../../src/demo-shops/server';
import { todayDay } from '../../src/lib/days';
import { matrixSampler } from '../helpers/matrix';
import { privateSpellings, startLoopback, type Loopback } from '../helpers/ssrf';

jest.setTimeout(180_000);

const SERVER_DIR = path.resolve(__dirname, '../..');

function extract(...args: string[]): Promise<{
  code: number;
  out: { problem: { kind: string; message: string } | null; price: number | null; name?: string | null; strategy?: string | null } | null;
  stderr: string;
}> {
  return new Promise((resolve) => {
    execFile(
      path.join(SERVER_DIR, 'node_modules/.bin/tsx'),
      ['src/scraping/cli-extract.ts', ...args],
      { cwd: SERVER_DIR, timeout: 60_000 },
      (err, stdout, stderr) => {
        let out = null;
        try {
          out = JSON.parse(stdout);
        } catch {
          // left null: the assertion below shows stdout is not the JSON answer
        }
        resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, out, stderr });
      },
    );
  });
}

let lb: Loopback;
beforeAll(async () => {
  lb = await startLoopback();
});
afterAll(() => lb.close());

it('refuses every spelling of a private address without --allow-private', async () => {
  const urls = matrixSampler(3)([...privateSpellings(lb.servicePort), `http://localhost:${lb.servicePort}/p`]);
  const results: { url: string; code: number; kind: string | undefined }[] = [];
  // Three at a time: each is a whole tsx start.
  for (let i = 0; i < urls.length; i += 3) {
    const batch = urls.slice(i, i + 3);
    for (const [j, r] of (await Promise.all(batch.map((u) => extract(u)))).entries())
      results.push({ url: batch[j]!, code: r.code, kind: r.out?.problem?.kind });
  }
  expect(results).toEqual(urls.map((url) => ({ url, code: 1, kind: 'not_allowed' })));
  expect(lb.hits).toEqual([]);
});

it('fetches a loopback page with --allow-private', async () => {
  const r = await extract(`${lb.service}/p`, '--allow-private');
  expect(r).toMatchObject({ code: 0, out: { problem: null, price: 1 } });
  expect(lb.hits).toContain('/p');
});

it('renders a page in the browser with --definition {"fetch":"browser"}; over HTTP the same page has no price', async () => {
  const spec = DEMO_SHOPS.find((s) => s.template === 'script-rendered')!;
  const product = { id: 401, ean: null, name: 'Rendered milk', article: 'm1' };
  const shops = await startDemoShops({ products: new Map([[spec.code, [product]]]), specs: [spec] });
  try {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'extract-'));
    const file = (name: string, def: object) => {
      writeFileSync(path.join(dir, name), JSON.stringify(def));
      return path.join(dir, name);
    };
    const url = `${shops.shops[0]!.base}/p/m1`;
    const [browser, http] = await Promise.all([
      extract(url, '--definition', file('browser.json', { fetch: 'browser', waitFor: 'h1' }), '--allow-private'),
      extract(url, '--definition', file('http.json', { strategy: 'auto' }), '--allow-private'),
    ]);
    const truth = demoPrice(product.id, spec.code, todayDay());
    expect(browser).toMatchObject({ code: 0, out: { problem: null, price: (truth.promo ?? truth.regular) / 100, name: 'Rendered milk', strategy: 'jsonld' } });
    expect(http).toMatchObject({ code: 1, out: { problem: { kind: 'layout_changed' }, price: null } });
  } finally {
    await shops.close();
  }
});

it('reads a JSON API answer with a json definition: every item of the first page, or the request’s problem', async () => {
  const spec = DEMO_SHOPS.find((s) => s.template === 'json-api')!;
  const products = [0, 1, 2].map((i) => ({ id: 500 + i, ean: null, name: `Api product ${i}`, article: `j${i}` }));
  const shops = await startDemoShops({ products: new Map([[spec.code, products]]), specs: [spec] });
  try {
    const base = shops.shops[0]!.base;
    const def = definitionFor(spec, base, []) as { api: { request: { url: string; headers: Record<string, string> } } };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'extract-'));
    const withKey = path.join(dir, 'api.json');
    const withoutKey = path.join(dir, 'no-key.json');
    writeFileSync(withKey, JSON.stringify(def));
    writeFileSync(withoutKey, JSON.stringify({ ...def, api: { ...def.api, request: { ...def.api.request, headers: {} } } }));
    const url = def.api.request.url;
    const [ok, refused] = await Promise.all([
      extract(url, '--definition', withKey, '--allow-private', '--country', 'cz'),
      extract(url, '--definition', withoutKey, '--allow-private'),
    ]);
    expect(ok.code).toBe(0);
    const out = ok.out as unknown as { items: { url: string; price: number | null; name: string; strategy: string; problem: unknown }[]; problem: unknown };
    expect(out.problem).toBeNull();
    expect(out.items.map((i) => [i.url, i.name, i.strategy, i.problem])).toEqual(products.map((p) => [`${base}/p/${p.article}`, p.name, 'json', null]));
    for (const [k, p] of products.entries()) {
      const truth = demoPrice(p.id, spec.code, todayDay());
      expect(out.items[k]!.price).toBe((truth.promo ?? truth.regular) / 100);
    }
    expect(refused).toMatchObject({ code: 1, out: { items: [], problem: { kind: 'http_status' } } });
  } finally {
    await shops.close();
  }
});
