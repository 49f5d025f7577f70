import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { BASE, WORKSPACE } from '../playwright.config';
import { apiToken, sideMenu, signIn } from './helpers';

// Issue 7: an Ashan-type user sets a price alarm, new prices arrive, the alarm fires and shows in the
// fired list and as the unread count in the menu; an Excel import shows its refused row before saving.

// exceljs is the server's dependency: the test writes its upload with it.
type Workbook = { addWorksheet(name: string): { addRow(row: unknown[]): void }; xlsx: { writeBuffer(): Promise<ArrayBuffer> } };
const ExcelJS = createRequire(join(WORKSPACE, 'server', 'package.json'))('exceljs') as { Workbook: new () => Workbook };

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Alarms');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const usDay = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

type Target = { productId: string; name: string; ean: string; shopId: string; shopName: string; networkName: string; price: number };

/** A product of the demo catalogue with a current price in a Lidl shop (a competitor of Auchan). */
async function findTarget(request: APIRequestContext, token: string): Promise<Target> {
  const list = await (await request.get(`${BASE}/products/list`, { params: { token, networks: 'lidl', limit: 20 } })).json();
  for (const p of list.data.items as { _id: string; name: string; ean: string | null }[]) {
    if (!p.ean) continue;
    const prices = await (await request.get(`${BASE}/prices/product/${p._id}`, { params: { token } })).json();
    const row = (prices.data.prices as { shopId: string; shopName: string; network: string; networkName: string; price: number; inStock: boolean }[]).find(
      (r) => r.network === 'lidl' && r.inStock && r.price > 5,
    );
    if (row) return { productId: p._id, name: p.name, ean: p.ean, shopId: row.shopId, shopName: row.shopName, networkName: row.networkName, price: row.price };
  }
  throw new Error('no demo product with a Lidl price');
}

test('a price alarm fires on new prices: the fired list and the unread badge show it; an import previews its bad row', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await apiToken(request, BASE, 'admin');
  const target = await findTarget(request, admin.token);
  const value = Math.round(target.price * 80) / 100;
  const newPrice = Math.round(target.price * 70) / 100;

  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await sideMenu(page)
    .getByRole('link', { name: /^Alarms/ })
    .click();
  await expect(page).toHaveURL(/\/alarms$/);
  await expect(page.getByRole('heading', { name: 'Alarms', level: 1 })).toBeVisible();

  // Create: the product by its EAN, "price below" a fifth under today's price, in the Lidl shop.
  await page.getByRole('button', { name: 'New price alarm' }).click();
  const dialog = page.getByRole('dialog', { name: 'New price alarm' });
  await dialog.getByPlaceholder('Search by name, EAN or article').fill(target.ean);
  await dialog
    .getByRole('option', { name: new RegExp(target.ean) })
    .first()
    .click();
  await expect(dialog.getByTestId('picked-products')).toContainText(target.name);
  await expect(dialog.getByLabel('Rule')).toHaveValue('below');
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CZK' }).format(value);
  const belowText = new RegExp(`Price below ${money.replace(/[.$]/g, '\\$&').replace(/\s/g, '\\s')}`);
  await dialog.getByLabel('Filter shops').fill(target.shopName);
  await dialog.getByRole('checkbox', { name: `${target.networkName} — ${target.shopName}` }).check();
  // The chosen shop gives the amount its currency.
  await dialog.getByLabel('Amount, CZK').fill(String(value));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const alarms = page.getByRole('table', { name: 'Price alarms' });
  const row = alarms.getByRole('row', { name: new RegExp(target.ean) });
  // The amount with its currency (CZK in the cz deployment), as the UI language writes money.
  await expect(row).toContainText(belowText);
  await expect(row).toContainText(target.shopName);

  // New prices arrive (the provider's manual import, tomorrow's date): the alarm fires once.
  const tomorrow = usDay(new Date(Date.now() + 86_400_000));
  const res = await request.post(`${BASE}/custom/import-internal-prices`, {
    params: { token: admin.token },
    headers: { 'X-XSRF-TOKEN': admin.xsrf },
    data: { date: tomorrow, prices: [{ product: Number(target.productId), shop: Number(target.shopId), price: newPrice }] },
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).data.fired).toBe(1);

  await page.reload();
  const badge = sideMenu(page).getByTestId('alarms-unread-badge');
  await expect(badge).toHaveText('1');
  await expect(badge).toHaveAttribute('aria-label', '1 unread alarms');

  await page.getByRole('tab', { name: /Fired/ }).click();
  const fired = page.getByRole('table', { name: 'Fired' });
  const event = fired.getByRole('row', { name: new RegExp(target.shopName) });
  await expect(event).toContainText(target.name);
  await expect(event).toContainText(belowText);
  await expect(page.getByRole('figure', { name: 'Firings per day, last 30 days' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByTestId('events-unread')).toHaveText('Unread: 0');
  await expect(badge).toBeHidden();

  // Import: one good row, one unknown EAN — the preview lists the refused row before anything is saved.
  await page.getByRole('tab', { name: 'Price alarms' }).click();
  await page.getByRole('button', { name: 'Import from Excel' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import price alarms' });
  const file = await xlsx([
    ['ean', 'rule', 'value'],
    [target.ean, 'above', target.price * 2],
    ['4000000000000', 'below', 1],
  ]);
  await importDialog
    .getByLabel('File')
    .setInputFiles({ name: 'alarms.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await importDialog.getByLabel('Filter shops').fill(target.shopName);
  await importDialog.getByRole('checkbox', { name: `${target.networkName} — ${target.shopName}` }).check();
  await importDialog.getByRole('button', { name: 'Check file' }).click();
  const preview = importDialog.getByTestId('import-preview');
  await expect(preview.getByText('Accepted rows: 1')).toBeVisible();
  await expect(preview.getByText('Rejected rows: 1')).toBeVisible();
  await expect(preview.getByRole('table', { name: 'Rejected rows' }).getByRole('row', { name: /4000000000000/ })).toContainText('Unknown product');
  // Nothing saved by the preview: the user still has one alarm.
  const mine = await apiToken(request, BASE, 'ashan');
  const list = await (await request.get(`${BASE}/price-alarms/get/all`, { params: { token: mine.token } })).json();
  expect(list.data.total).toBe(1);
  await importDialog.getByRole('button', { name: 'Save accepted rows (1)' }).click();
  await expect(importDialog).toBeHidden();
  await expect(alarms.getByRole('row', { name: /Price above/ })).toBeVisible();
  await expect(alarms.getByRole('row', { name: new RegExp(target.ean) })).toHaveCount(2);
});
