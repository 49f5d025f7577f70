/**
 * `pnpm run extract` as a person runs it (a child process through tsx): every spelling of a private
 * address is refused without --allow-private — exit code 1, problem `not_allowed`, nothing fetched.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_SHOPS } from '../../src/demo-shops/catalog';
import { demoPrice } from '../../src/demo-shops/prices';
import { startDemoShops } from '../../src/demo-shops/server';
import { todayDay } from '../../src/lib/days';
import { privateSpellings, startLoopback, type Loopback } from '../helpers/ssrf';

jest.setTimeout(180_000);

const SERVER_DIR = path.resolve(__dirname, '../..');

function extract(...args: string[]): Promise<{ code: number; out: { problem: { kind: string; message: string } | null; price: number | null; name?: string | null; strategy?: string | null } | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(path.join(SERVER_DIR, 'node_modules/.bin/tsx'), ['src/scraping/cli-extract.ts', ...args], { cwd: SERVER_DIR, timeout: 60_000 }, (err, stdout, stderr) => {
      let out = null;
      try {
        out = JSON.parse(stdout);
      } catch {
        // left null: the assertion below shows stdout is not the JSON answer
      }
      resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, out, stderr });
    });
  });
}

let lb: Loopback;
beforeAll(async () => {
  lb = await startLoopback();
});
afterAll(() => lb.close());

it('refuses every spelling of a private address without --allow-private', async () => {
  const urls = [...privateSpellings(lb.servicePort), `http://localhost:${lb.servicePort}/p`];
  const results: { url: string; code: number; kind: string | undefined }[] = [];
  // Three at a time: each is a whole tsx start.
  for (let i = 0; i < urls.length; i += 3) {
    const batch = urls.slice(i, i + 3);
    for (const [j, r] of (await Promise.all(batch.map((u) => extract(u)))).entries()) results.push({ url: batch[j]!, code: r.code, kind: r.out?.problem?.kind });
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
