import { expect, test, type Page } from '@playwright/test';
import { BASE } from '../playwright.config';
import { apiToken, fillDay, signIn } from './helpers';

// The catalogue screens of the exports remote against the demo catalogue: product list with the
// header search, product card (current prices, price history chart and its table), analytics.
// Product names and EANs come from the running server, never from constants.

type ListItem = { _id: string; name: string; ean: string | null; country: string; shops: number };

/** A product the admin sees priced in several shops of the deployment's market (cz). */
async function pickProduct(request: import('@playwright/test').APIRequestContext): Promise<ListItem> {
  const { token } = await apiToken(request, BASE, 'admin');
  const res = await request.get(`${BASE}/products/list`, { params: { token, country: 'cz', limit: 100, sort: 'name' } });
  expect(res.status()).toBe(200);
  const items = (await res.json()).data.items as ListItem[];
  const product = items.find((p) => p.ean && p.shops >= 3 && p.name.split(' ').length >= 3);
  expect(product, 'a priced Czech product with an EAN').toBeDefined();
  return product!;
}

async function searchInHeader(page: Page, text: string) {
  const search = page.getByLabel(/search products/i);
  await search.fill(text);
  await search.press('Enter');
}

/** YYYY-MM-DD of the day `days` before today (what a date input holds). */
function daysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The drawing of a chart (not its legend's icons). */
const drawing = (page: Page, name: string) => page.getByRole('figure', { name }).locator('.recharts-wrapper > svg.recharts-surface');

const productRows = (page: Page) => page.getByRole('table', { name: 'Products' }).locator('tbody tr');

test('the login page does not download the table and chart libraries; a catalogue screen does', async ({ page, request }) => {
  const manifest = await (await request.get(`${BASE}/remotes/exports/mf-manifest.json`)).json();
  type Shared = { name: string; assets: { js: { sync: string[]; async: string[] } } };
  const files = (name: string) => {
    const shared = (manifest.shared as Shared[]).find((s) => s.name === name);
    expect(shared, `${name} is a shared module of the exports remote`).toBeDefined();
    return [...shared!.assets.js.sync, ...shared!.assets.js.async];
  };
  const heavy = [...files('@tanstack/react-table'), ...files('recharts')];
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));

  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(requested.filter((p) => p.startsWith('/remotes/'))).toEqual([]);

  await page.getByLabel(/username/i).fill('admin');
  await page.getByLabel(/^password$/i).fill('pricewatch');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/report-analytics$/);
  await page.goto('/analytics');
  await expect(drawing(page, 'Daily price index by network')).toBeVisible({ timeout: 20_000 });
  const fetched = heavy.filter((file) => requested.some((p) => p.endsWith(`/remotes/exports/${file}`)));
  expect(fetched.length, 'the table and chart libraries arrive with the screen that uses them').toBeGreaterThan(0);
});

test('part of a product name in the header search lists the matching products', async ({ page, request }) => {
  const product = await pickProduct(request);
  const words = product.name.split(' ').slice(0, 2);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await searchInHeader(page, words.join(' ').toLowerCase());
  await expect(page).toHaveURL(/\/product(\?.*)?$/);
  await expect(page.getByRole('table', { name: 'Products' }).getByRole('link', { name: product.name, exact: true })).toBeVisible();
  const names = await productRows(page).locator('td:first-child a').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) for (const word of words) expect(name.toLowerCase()).toContain(word.toLowerCase());
});

test('an EAN finds exactly that product, whose card shows current prices, the history chart and its table', async ({ page, request }) => {
  const product = await pickProduct(request);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await searchInHeader(page, product.ean!);
  await expect(page.getByText('Exact article / EAN lookup')).toBeVisible();
  await expect(productRows(page)).toHaveCount(1);
  await expect(productRows(page).first()).toContainText(product.ean!);

  await productRows(page).getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  // Current prices in every shop, the cheapest marked.
  const prices = page.getByRole('table', { name: 'Current prices by shop' });
  await expect(prices).toBeVisible();
  expect(await prices.locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
  await expect(prices.locator('tbody tr[data-highlighted]').first()).toContainText('Cheapest');

  // The price history as a chart (svg) and as a table.
  const chart = page.getByRole('figure', { name: 'Price history chart by shop' });
  await expect(drawing(page, 'Price history chart by shop')).toBeVisible();
  expect(await chart.locator('.recharts-line').count()).toBeGreaterThan(0);
  await expect(page.getByRole('table', { name: 'Price history table' }).locator('tbody tr').first()).toBeVisible();

  // Another period: asked again with US short dates (spec §9).
  const history = page.getByRole('region', { name: 'Price history' });
  const asked = page.waitForRequest((r) => r.url().includes('/prices/history?') && new URL(r.url()).searchParams.get('start') !== null);
  const start = daysAgo(180);
  await fillDay(history.getByLabel('From', { exact: true }), start);
  const url = new URL((await asked).url());
  expect(url.searchParams.get('start')).toBe(usDate(start));
  expect(url.searchParams.get('end')).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(drawing(page, 'Price history chart by shop')).toBeVisible();

  // A start after the end is refused in the form.
  await fillDay(history.getByLabel('To', { exact: true }), daysAgo(200));
  await expect(history.getByText('The end is before the start')).toBeVisible();
});

test('an unknown product id shows a translated "not found" with the way back', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await page.goto('/product/999999999');
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert.getByText('Product not found')).toBeVisible();
  await expect(alert.getByText('The requested record was not found.')).toBeVisible();
  await alert.getByRole('link', { name: 'Back to the product list' }).click();
  await expect(page).toHaveURL(/\/product$/);
});

test('the analytics screen draws its charts with their tables', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await page
    .getByTestId('side-menu')
    .getByRole('link', { name: /^analytics$/i })
    .click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  for (const [chart, table] of [
    ['Daily price index by network', 'Price index by network'],
    ['Promo share and depth by network', 'Promotions by network'],
    ['Products of this page with the widest price spread', 'Price spread by product'],
  ]) {
    await expect(drawing(page, chart)).toBeVisible({ timeout: 20_000 });
    expect(await page.getByRole('table', { name: table }).locator('tbody tr').count()).toBeGreaterThan(0);
  }
  // The spread covers every product of the selection, 50 a page (no sample footnote); the next page is the next 50.
  const pages = page.getByRole('navigation', { name: 'Pages of the price spread' });
  await expect(pages.getByText(/^1–50 of [\d,]+$/)).toBeVisible();
  await expect(page.getByText(/Only the first 200 matching products/)).toHaveCount(0);
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages.getByText(/^51–100 of [\d,]+$/)).toBeVisible();
});
