import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE, WORKSPACE } from '../playwright.config';
import { apiToken, openSignedIn, sideMenu } from './helpers';

// Issue 6, the leaflet screen (/leaflet?id=N, full page): upload a generated page picture, add a price
// by hand, page through the prices, watch the statistics, recognise the page and accept a candidate;
// a text file renamed .png is refused in words and adds nothing.

const dir = mkdtempSync(join(tmpdir(), 'pw-leaflet-'));

/** A leaflet-looking page PNG from the server's renderer (server/scripts/render-leaflet-page.ts). */
function renderPage(file: string, seed: number): { width: number; height: number } {
  const out = execFileSync('npx', ['tsx', join(WORKSPACE, 'server', 'scripts', 'render-leaflet-page.ts'), file, String(seed), '2', '2'], {
    cwd: join(WORKSPACE, 'server'),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { width: number; height: number };
}

const usDay = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

type Auth = { token: string; xsrf: string };

async function createLeaflet(request: APIRequestContext, auth: Auth): Promise<{ id: string; network: string }> {
  const networks = (await (await request.get(`${BASE}/shops/networks`, { params: { token: auth.token } })).json()).data as { code: string }[];
  const network = (networks.find((n) => n.code === 'albert') ?? networks[0]!).code;
  const res = await request.post(`${BASE}/leaflets/create`, {
    params: { token: auth.token },
    headers: { 'X-XSRF-TOKEN': auth.xsrf },
    data: { name: `E2E leaflet ${Date.now()}`, network, start: usDay(new Date(Date.now() - 86_400_000)), end: usDay(new Date(Date.now() + 6 * 86_400_000)) },
  });
  expect(res.status()).toBe(200);
  return { id: (await res.json()).data._id as string, network };
}

async function addPrice(request: APIRequestContext, auth: Auth, input: Record<string, unknown>) {
  const res = await request.post(`${BASE}/leaflets/add-price`, {
    params: { token: auth.token },
    headers: { 'X-XSRF-TOKEN': auth.xsrf },
    multipart: { leafletPicture: JSON.stringify(input) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('leaflet screen: upload a page, add and page through prices, statistics, recognition, a refused file', async ({ page, request }) => {
  test.setTimeout(180_000);
  const auth = await apiToken(request, BASE, 'operator');
  const { id } = await createLeaflet(request, auth);
  const png = join(dir, 'page-1.png');
  renderPage(png, 7);

  await openSignedIn(page, 'operator', `/leaflet?id=${id}`);
  const view = page.getByTestId('leaflet-view');
  await expect(view.getByRole('heading', { level: 1 })).toHaveText(/^E2E leaflet/);
  // Full page: no side menu, no header of the shell.
  await expect(sideMenu(page)).toHaveCount(0);
  await expect(page.getByTestId('header')).toHaveCount(0);
  await expect(view.getByText('No pages yet').first()).toBeVisible();

  // Upload the generated page: its thumbnail shows (the picture really loads, token in the address).
  await page.getByLabel('Add pages').setInputFiles(png);
  const strip = page.getByRole('navigation', { name: 'Leaflet pages' });
  const thumb = strip.getByRole('img', { name: 'Page 1' });
  await expect(thumb).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  expect(await thumb.getAttribute('src')).toContain('size=thumb');
  const picture = page.getByTestId('page-picture').getByRole('img');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(400);

  // A price by hand.
  await page.getByRole('button', { name: 'Add price' }).click();
  const form = page.getByRole('form', { name: 'Add price' });
  await form.getByLabel('Product').fill('E2E butter 250 g');
  await form.getByLabel('Price', { exact: true }).fill('abc');
  await form.getByRole('button', { name: 'Save price' }).click();
  await expect(form.getByText('Not a number (e.g. 39.90)')).toBeVisible();
  await form.getByLabel('Price', { exact: true }).fill('39,90');
  await form.getByLabel('Old price').fill('49.90');
  await form.getByRole('button', { name: 'Save price' }).click();
  await expect(form).toBeHidden();
  const table = page.getByRole('table', { name: 'Prices of the page' });
  await expect(table.getByRole('row', { name: /E2E butter 250 g/ })).toContainText('39.90');

  // Statistics of the whole leaflet: one price.
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page.getByTestId('stat-prices')).toContainText('1');
  await expect(page.getByRole('table', { name: 'Prices by mechanics' })).toContainText('Discount');
  await page.getByRole('tab', { name: 'Pages and prices' }).click();

  // Ten more prices on the page (through the API): 11 prices = two pages of 10.
  const detail = (await (await request.get(`${BASE}/leaflets/${id}`, { params: { token: auth.token } })).json()).data as {
    pages: { _id: string; name: string }[];
  };
  expect(await thumb.getAttribute('src')).toContain(`/leaflets/images/${detail.pages[0]!.name}?token=`);
  for (let i = 1; i <= 10; i++) {
    await addPrice(request, auth, {
      leafletId: id,
      pageId: detail.pages[0]!._id,
      productName: `E2E item ${String(i).padStart(2, '0')}`,
      price: 10 + i,
      mechanics: i % 3 === 0 ? 'multi_buy' : 'discount',
      mechanicsText: i % 3 === 0 ? '2+1' : null,
    });
  }
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(11); // header + 10
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2); // header + the 11th
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page.getByTestId('stat-prices')).toContainText('11');
  await expect(page.getByRole('table', { name: 'Prices by mechanics' }).getByRole('row', { name: /Multi-buy/ })).toContainText('3');
  await page.getByRole('tab', { name: 'Pages and prices' }).click();

  // Recognition of the uploaded page: progress, then candidates; Accept adds one as a price.
  await page.getByRole('button', { name: 'Recognise prices' }).click();
  const candidates = page.getByRole('list', { name: 'Recognised prices' });
  await expect(candidates).toBeVisible({ timeout: 90_000 });
  const first = candidates.getByTestId('candidate').first();
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: 'Accept' }).click();
  await expect(first.getByText('Added')).toBeVisible();
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page.getByTestId('stat-prices')).toContainText('12');
  await page.getByRole('tab', { name: 'Pages and prices' }).click();

  // A text file renamed .png: refused in words, no page added.
  const fake = join(dir, 'notes.png');
  writeFileSync(fake, 'these are not the pixels you are looking for\n');
  await page.getByLabel('Add pages').setInputFiles(fake);
  await expect(page.getByTestId('upload-refused')).toContainText('notes.png: This is not a picture (PNG, JPEG or WebP)');
  await expect(strip.getByRole('img')).toHaveCount(1);
  const after = (await (await request.get(`${BASE}/leaflets/${id}`, { params: { token: auth.token } })).json()).data as { pageCount: number };
  expect(after.pageCount).toBe(1);
});

test('leaflet screen: an unknown leaflet is "not found" with the way back to the list', async ({ page }) => {
  await openSignedIn(page, 'operator', '/leaflet?id=999999');
  await expect(page.getByText('Leaflet not found')).toBeVisible();
  await page.getByRole('link', { name: 'Leaflets' }).click();
  await expect(page).toHaveURL(/\/leaflet$/);
});
