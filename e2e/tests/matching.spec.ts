import { expect, test } from '@playwright/test';
import { apiToken, sideMenu, signIn } from './helpers';

// Issue 16 item 3 ("Done when"): a page is matched from "To match" and its price appears after the next
// run. Albert Anděl's demo shop shows a catalogue product it has no offer for, on a page without EAN
// (server/src/demo-shops/setup.ts): its run at server start leaves the page waiting, the right product
// suggested first. A network user who may start the parser accepts it, starts the parser, and finds the
// page's price on the product's card.

test('analyst: a page waiting in To match is accepted; after the next run its price is on the product card', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  const { token } = await apiToken(request, baseURL!, 'analyst');
  const get = async (path: string) => (await request.get(`${baseURL}${path}${path.includes('?') ? '&' : '?'}token=${token}`)).json();
  const albert = ((await get('/parsers/list?filters=albert-prg-andel')).data.items as { _id: string; name: string }[])[0]!;
  type Waiting = { url: string; name: string; price: number; suggestions: { productId: string; name: string }[] };
  let item: Waiting | undefined;
  await expect(async () => {
    item = ((await get(`/parsers/${albert._id}/unmatched`)).data.items as Waiting[]).find((i) => i.url.includes('/p/unlisted-'));
    expect(item).toBeDefined();
  }).toPass({ timeout: 150_000, intervals: [2000] });
  const product = item!.suggestions[0]!;

  await signIn(page, 'analyst');
  await sideMenu(page)
    .getByRole('link', { name: /^Parsers/ })
    .click();
  // The count per parser opens its pages.
  await page.getByRole('button', { name: /^Pages of Albert Anděl to match: \d+$/ }).click();
  await expect(page.getByRole('tab', { name: /To match/, selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Pages to match' });
  const row = table.getByRole('row').filter({ hasText: item!.url });
  await row.getByRole('button', { name: `Accept ${product.name} for ${item!.name}` }).click();
  await expect(page.getByText(`Matched to ${product.name}`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The next run finds the page by its URL now.
  await page.getByRole('tab', { name: 'Parsers' }).click();
  const parsers = page.getByRole('table', { name: 'Parsers' });
  const start = page.getByRole('button', { name: 'Start Albert Anděl' });
  await expect(start).toBeEnabled({ timeout: 120_000 });
  const lastRun = async () => (await get('/parsers/list?filters=albert-prg-andel')).data.items[0].lastRun as { _id: string } | null;
  const before = (await lastRun())?._id;
  await start.click();
  let run: { _id: string } | null = null;
  await expect(async () => {
    run = await lastRun();
    expect(run?._id).not.toBe(before);
  }).toPass({ timeout: 120_000, intervals: [1000] });
  await expect(parsers.getByRole('row').filter({ hasText: 'Albert Anděl' }).getByText('Done')).toBeVisible();
  // Its page is no problem of the run any more: a price was found there.
  const problems = (await get(`/parsers/runs/${run!._id}/problems`)).data as { url: string }[];
  expect(problems.map((p) => p.url)).not.toContain(item!.url);

  await page.goto(`/product/${product.productId}`);
  const prices = page.getByRole('table', { name: 'Current prices by shop' });
  const shopRow = prices.locator('tbody tr').filter({ hasText: 'Albert Anděl' });
  await expect(shopRow).toContainText(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(item!.price));
});
