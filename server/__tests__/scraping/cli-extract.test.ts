/**
 * `pnpm run extract` as a person runs it (a child process through tsx): every spelling of a private
 * address is refused without --allow-private — exit code 1, problem `not_allowed`, nothing fetched.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { privateSpellings, startLoopback, type Loopback } from '../helpers/ssrf';

jest.setTimeout(180_000);

const SERVER_DIR = path.resolve(__dirname, '../..');

function extract(...args: string[]): Promise<{ code: number; out: { problem: { kind: string; message: string } | null; price: number | null } | null; stderr: string }> {
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
