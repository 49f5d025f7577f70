import { expect, test } from '@playwright/test';
import { BASE } from '../playwright.config';
import { apiToken, openSignedIn } from './helpers';

// Issue 16 item 2: the demo JSON API shop (Tesco Eden, strategy json) is force-started from the parsers
// screen; one run reads its whole catalogue from the API, and a product's price reaches its card.

test('operator: a JSON API shop’s run covers its catalogue and its price reaches the product card', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { token } = await apiToken(request, BASE, 'operator');
  const get = async (path: string, params: Record<string, string> = {}) => (await request.get(`${BASE}${path}`, { params: { token, ...params } })).json();
  const tesco = (await get('/shops', { network: 'tesco' })).data.find((s: { name: string }) => s.name === 'Tesco Eden');
  expect(tesco).toBeDefined();

  await openSignedIn(page, 'operator', '/parsers');
  const table = page.getByRole('table', { name: 'Parsers' });
  const row = table.getByRole('row').filter({ hasText: 'Tesco Eden' });
  await expect(row).toContainText('JSON API');
  const start = page.getByRole('button', { name: 'Start Tesco Eden' });
  await expect(start).toBeEnabled({ timeout: 60_000 }); // the run queued at server start may still be going
  await start.click();
  await expect(row.getByText('Done')).toBeVisible({ timeout: 60_000 });
  // Pages = the catalogue's products, a price for each.
  const pages = (await row.getByRole('cell').nth(3).innerText()).trim();
  expect(Number(pages)).toBeGreaterThan(10);
  await expect(row.getByRole('cell').nth(4)).toHaveText(pages);

  // A product of the shop's catalogue, and its price as the shop's API gives it today.
  const listed = (await get('/products/list', { shops: tesco._id, limit: '5' })).data.items as { _id: string }[];
  const card = (await get(`/products/${listed[0]!._id}`)).data;
  const offer = card.offers.find((o: { shopId: string; url: string | null }) => o.shopId === tesco._id && o.url?.startsWith('http://127.0.0.1'));
  const origin = new URL(offer.url).origin;
  const article = decodeURIComponent(new URL(offer.url).pathname.split('/').pop()!);
  const answer = await (await request.get(`${origin}/api/v1/products/${encodeURIComponent(article)}`, { headers: { 'x-api-key': 'demo-key' } })).json();
  const price = Number(answer.data.products[0].pricing.current);

  await page.goto(`/product/${card._id}`);
  const prices = page.getByRole('table', { name: 'Current prices by shop' });
  const shopRow = prices.locator('tbody tr').filter({ hasText: 'Tesco Eden' });
  await expect(shopRow).toContainText(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(price));
});
