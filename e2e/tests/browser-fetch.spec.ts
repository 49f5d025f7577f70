import { expect, test } from '@playwright/test';
import { BASE } from '../playwright.config';
import { apiToken, signIn } from './helpers';

// Issue 16 item 1 ("Done when"): the demo shop that renders its price only by script (Penny Borská,
// fetch "browser") is force-started from the parsers screen; its price reaches the product card.

test('operator: a browser-rendered demo shop’s price reaches the product card after a force start', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { token } = await apiToken(request, BASE, 'operator');
  const get = async (path: string, params: Record<string, string> = {}) => (await request.get(`${BASE}${path}`, { params: { token, ...params } })).json();
  const penny = (await get('/shops', { network: 'penny' })).data.find((s: { name: string }) => s.name === 'Penny Borská');
  expect(penny).toBeDefined();

  // A product the demo shop renders (its offer points at the running shop), and today's price as the
  // shop's own script renders it (the data.json its page asks for).
  // The demo shop renders the shop's first products by id (demo catalogue rows share one createdAt; ties go by id).
  const listed = (await get('/products/list', { shops: penny._id, limit: '20', sort: 'createdAt', order: 'asc' })).data.items as { _id: string }[];
  let product: { _id: string; name: string } | null = null;
  let price = 0;
  for (const p of listed) {
    const card = (await get(`/products/${p._id}`)).data;
    const offer = card.offers.find((o: { shopId: string; url: string | null }) => o.shopId === penny._id && o.url?.startsWith('http://127.0.0.1'));
    if (!offer) continue;
    const rendered = await (await request.get(`${offer.url}/data.json`)).json();
    product = card;
    price = Number(rendered.ld.offers.price);
    break;
  }
  expect(product, 'a product of the script-rendered demo shop').not.toBeNull();

  await signIn(page, 'operator');
  await expect(page).toHaveURL(/\/home$/);
  // Provider staff have no Parsers item in their menu (spec menu), but may open the screen and start parsers.
  await page.goto('/parsers');
  const table = page.getByRole('table', { name: 'Parsers' });
  const row = table.getByRole('row').filter({ hasText: 'Penny Borská' });
  const start = page.getByRole('button', { name: 'Start Penny Borská' });
  await expect(start).toBeEnabled({ timeout: 120_000 }); // the run queued at server start may still be going
  await start.click();
  await expect(row.getByText('Done')).toBeVisible({ timeout: 120_000 });
  await expect(row.getByRole('cell').nth(4)).toHaveText('12'); // a price on each of its 12 pages

  await page.goto(`/product/${product!._id}`);
  const prices = page.getByRole('table', { name: 'Current prices by shop' });
  const shopRow = prices.locator('tbody tr').filter({ hasText: 'Penny Borská' });
  const shown = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(price);
  await expect(shopRow).toContainText(shown);
});
