import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { BASE } from '../playwright.config';

// Issue 16 item 4: a chain's analyst adds a shop in the app. The new parser (for an Albert shop) reads a
// demo shop's product page with CSS selectors; "Try on a URL" shows the price read and outlines where it
// was found; saved, it is in the list; deleted (after a question), it is gone.

test('analyst creates a parser with selectors, tries it on a demo shop page, saves it, deletes it', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A page of the Lidl demo shop (selectors, decimal comma), from its parser's definition.
  const { token } = await apiToken(request, BASE, 'analyst');
  const list = await (await request.get(`${BASE}/parsers/list`, { params: { token, limit: 50, filters: 'lidl-prg-smichov' } })).json();
  const lidl = await (await request.get(`${BASE}/parsers/${list.data.items[0]._id}`, { params: { token } })).json();
  const url = lidl.data.definition.productUrls[0] as string;

  await signIn(page, 'analyst');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/parsers');
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
  await form.getByLabel('Strategy').selectOption('selectors');
  await form.getByLabel('Product page addresses').fill(url);
  await form.getByLabel('Price', { exact: true }).fill('.price-box .current');
  // The shop writes 1.299,90 Kč.
  await form.getByLabel('Decimal separator').selectOption(',');
  await form.getByLabel('Thousands separator').selectOption('.');

  // Try the unsaved definition on the page: the price read, its box outlined on the screenshot.
  await page.getByLabel('Page address', { exact: true }).fill(url);
  await page.getByRole('button', { name: 'Try', exact: true }).click();
  const read = page.getByRole('region', { name: 'What was read' });
  await expect(read).toContainText(/Price\s*\d+(\.\d+)? CZK/, { timeout: 60_000 });
  await expect(read).toContainText('CSS selectors');
  await expect(page.getByTestId('try-screenshot').locator('[data-field="price"]')).toBeVisible();

  await form.getByRole('button', { name: 'Create parser' }).click();
  const table = page.getByRole('table', { name: 'Parsers' });
  await expect(table.getByText('Albert editor test')).toBeVisible();

  // Deleting asks first and says the history stays.
  await page.getByRole('button', { name: 'Delete Albert editor test' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete parser?' });
  await expect(dialog).toContainText('Its run history, results and the prices it collected stay.');
  await dialog.getByRole('button', { name: 'Delete parser' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByText('Albert editor test')).toHaveCount(0);
});
