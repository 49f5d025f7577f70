import { expect, test } from '@playwright/test';
import { apiToken, openSignedIn } from './helpers';
import { BASE } from '../playwright.config';

// Issue 16 item 4 ("Done when"): a new shop is added through the editor, its price selector picked on the
// screenshot, and its first run writes prices. A chain's analyst makes a parser for the Albert Anděl shop
// that reads one of the Albert demo shop's product pages with CSS selectors: "Try on a URL" shows the
// page, a click on its price sets the price selector (and switches the strategy to selectors); saved and
// force-started, its run finds the page's price (the page is the shop's offer URL, so it matches the
// catalogue product); deleted (after a question), it is gone.

test('analyst adds a shop: price selector picked on the screenshot, first run finds prices, then deletes it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { token, xsrf } = await apiToken(request, BASE, 'analyst');
  const get = async (path: string, params: Record<string, string | number> = {}) =>
    (await request.get(`${BASE}${path}`, { params: { token, ...params } })).json();
  const albert = (await get('/parsers/list', { limit: 50, filters: 'albert-prg-andel' })).data.items[0];
  const albertDefinition = (await get(`/parsers/${albert._id}`)).data.definition;
  // A product page of the shop's catalogue that is a catalogue offer (not the seasonal or unlisted page,
  // not the misprinted third one) and shows one price (no promotion: the price box then holds one amount).
  const catalog = albertDefinition.listing.url as string;
  const links = [...(await (await request.get(catalog)).text()).matchAll(/class="product-link" href="([^"]+)"/g)].map((m) => new URL(m[1]!, catalog).href);
  let url = '';
  for (const [i, link] of links.entries()) {
    if (i === 2 || /seasonal-special|unlisted-/.test(link)) continue;
    if (!(await (await request.get(link)).text()).includes('class="old"')) {
      url = link;
      break;
    }
  }
  expect(url).not.toBe('');

  await openSignedIn(page, 'analyst', '/parsers');
  await page.getByRole('link', { name: 'New parser' }).click();
  const form = page.getByRole('form', { name: 'New parser' });
  await expect(form).toBeVisible();
  await form.getByLabel(/^Code/).fill('albert-e2e-editor');
  await form.getByLabel(/^Name/).fill('Albert editor test');
  const shop = form.getByRole('combobox', { name: /Shop/ });
  await shop.click();
  await shop.fill('Anděl');
  await page
    .getByRole('option', { name: /Albert · .*Anděl/ })
    .first()
    .click();
  await form.getByLabel('Product page addresses').fill(url);
  // The shop writes 1 299,90 Kč.
  await form.getByLabel('Decimal separator').selectOption(',');
  await form.getByLabel('Thousands separator').selectOption(' ');

  // Try the unsaved definition (strategy auto: JSON-LD) on the page: the price read, its box outlined.
  await page.getByLabel('Page address', { exact: true }).fill(url);
  await page.getByRole('button', { name: 'Try', exact: true }).click();
  const read = page.getByRole('region', { name: 'What was read' });
  await expect(read).toContainText(/Price\s*\d+(\.\d+)? CZK/, { timeout: 60_000 });
  const screenshot = page.getByTestId('try-screenshot');
  await expect(screenshot.locator('[data-field="price"]')).toBeVisible();

  // Where the price is on the picture: the same try through the API answers its box in the picture's pixels.
  const shopId = (await get(`/parsers/${albert._id}`)).data.shopId as string;
  const tried = await request.post(`${BASE}/parsers/try`, {
    params: { token },
    headers: { 'X-XSRF-TOKEN': xsrf },
    data: { url, shopId, definition: { strategy: 'auto', productUrls: [url], priceFormat: { decimal: ',', thousands: ' ' } } },
  });
  expect(tried.status()).toBe(200);
  const { screenshot: shot, found } = (await tried.json()).data as {
    screenshot: { width: number };
    found: { field: string; box: { x: number; y: number; width: number; height: number } }[];
  };
  const box = found.find((f) => f.field === 'price')!.box;
  const shown = (await screenshot.boundingBox())!;
  const scale = shown.width / shot.width;
  await screenshot.click({ position: { x: (box.x + box.width / 2) * scale, y: (box.y + box.height / 2) * scale } });
  const picked = page.getByRole('group', { name: 'Picked element' });
  await expect(picked).toContainText('Kč');
  await picked.getByRole('button', { name: 'Price', exact: true }).click();
  await picked.getByRole('button', { name: 'Switch to CSS selectors' }).click();
  await expect(form.getByLabel('Strategy')).toHaveValue('selectors');
  const selector = await form.getByLabel('Price', { exact: true }).inputValue();
  expect(selector).not.toBe('');
  await expect(picked).toContainText(`Price selector set to ${selector}`);

  // The picked selector alone reads the price.
  await page.getByRole('button', { name: 'Try', exact: true }).click();
  await expect(read).toContainText(/Price\s*\d+(\.\d+)? CZK/, { timeout: 60_000 });
  await expect(read).toContainText('CSS selectors');

  await form.getByRole('button', { name: 'Create parser' }).click();
  const table = page.getByRole('table', { name: 'Parsers' });
  await expect(table.getByText('Albert editor test')).toBeVisible();

  // Its first run, started from the list: the page's price is found (matched by the shop's offer URL).
  const start = page.getByRole('button', { name: 'Start Albert editor test' });
  await expect(start).toBeEnabled({ timeout: 60_000 });
  await start.click();
  type Run = { status: string; pricesFound: number } | null;
  let run: Run = null;
  await expect(async () => {
    run = (await get('/parsers/list', { filters: 'albert-e2e-editor' })).data.items[0].lastRun as Run;
    expect(run).not.toBeNull();
  }).toPass({ timeout: 120_000, intervals: [1000] });
  expect(run!.status).toBe('done');
  expect(run!.pricesFound).toBeGreaterThanOrEqual(1);
  await expect(table.getByRole('row').filter({ hasText: 'Albert editor test' }).getByText('Done')).toBeVisible();

  // Deleting asks first and says the history stays.
  await page.getByRole('button', { name: 'Delete Albert editor test' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete parser?' });
  await expect(dialog).toContainText('Its run history, results and the prices it collected stay.');
  await dialog.getByRole('button', { name: 'Delete parser' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByText('Albert editor test')).toHaveCount(0);
});
