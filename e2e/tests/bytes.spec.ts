import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { BASE, WORKSPACE } from '../playwright.config';

// docs/bytes.md: the JavaScript a browser downloads before the login form works, gzip, ≤ 300 kB.
// The same measurement as `npm run bench` (scripts/lib/login-bytes.cjs).
const { measureLoginBytes, TARGET_GZIP_BYTES } = createRequire(__filename)(join(WORKSPACE, 'scripts', 'lib', 'login-bytes.cjs')) as {
  TARGET_GZIP_BYTES: number;
  measureLoginBytes: (
    page: import('@playwright/test').Page,
    baseUrl: string,
  ) => Promise<{
    gzipBytes: number;
    transferBytes: number;
    scripts: number;
    files: { path: string; gzipBytes: number; transferBytes: number; encoding: string }[];
    afterForm: { gzipBytes: number; files: { path: string }[] };
  }>;
};

test('the login form works after at most 300 kB of gzip JavaScript, sent gzip-compressed', async ({ page }, info) => {
  const m = await measureLoginBytes(page, BASE);
  const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
  info.annotations.push({
    type: 'bytes',
    description: `login JS: ${kB(m.gzipBytes)} gzip in ${m.scripts} scripts (${kB(m.transferBytes)} transferred); later at idle: ${kB(m.afterForm.gzipBytes)}`,
  });
  console.log(`[bytes] login JavaScript ${kB(m.gzipBytes)} gzip (target ${kB(TARGET_GZIP_BYTES)}), ${m.scripts} scripts`);

  expect(m.gzipBytes, m.files.map((f) => `${f.path} ${f.gzipBytes}`).join('\n')).toBeLessThanOrEqual(TARGET_GZIP_BYTES);
  // What travels is what was measured: every script over 1 kB came gzip-encoded.
  for (const f of m.files.filter((f) => f.gzipBytes > 1000)) expect(f.encoding, f.path).toBe('gzip');
  expect(m.transferBytes).toBeLessThanOrEqual(TARGET_GZIP_BYTES);
  // The signed-in app (Chakra, the shell) is fetched after the form works, not before.
  expect(m.afterForm.files.length).toBeGreaterThan(0);
});

test('the signed-in app prefetched at idle makes signing in need no further shell download', async ({ page }) => {
  await page.goto(`${BASE}/login`);
  // Wait for the idle prefetch of the signed-in app, then weigh what signing in still fetches.
  await page.waitForLoadState('networkidle');
  const afterLogin: Promise<{ path: string; gzip: number }>[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\.js$/.test(path) && !path.startsWith('/remotes/')) afterLogin.push(r.body().then((b) => ({ path, gzip: gzipSync(b).length })));
  });
  await page.getByLabel(/username/i).fill('ashan');
  await page.getByLabel(/^password$/i).fill('pricewatch');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/report-analytics$/);
  await expect(page.getByTestId('side-menu')).toBeVisible();
  // Only the zod schemas of the login answer come now (~26 kB); Chakra alone would be ~311 kB.
  const fetched = await Promise.all(afterLogin);
  const total = fetched.reduce((n, f) => n + f.gzip, 0);
  expect(total, fetched.map((f) => `${f.path} ${f.gzip}`).join(', ')).toBeLessThan(40_000);
});
