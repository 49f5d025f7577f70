import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BASE } from '../playwright.config';
import { apiToken, signIn } from './helpers';

// Unloading prices: an Ashan-type user asks for an inline export of a few products over a period,
// watches it run as a background job until it is done, and downloads the xlsx.

test('an inline export runs in the background, reaches done and downloads as xlsx', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A few demo products with prices in Auchan's shops, by EAN (as a user pastes them from a list).
  const { token } = await apiToken(request, BASE, 'ashan');
  const list = await (await request.get(`${BASE}/products/list`, { params: { token, networks: 'auchan', limit: 10 } })).json();
  const found = (list.data.items as { ean: string | null }[]).map((p) => p.ean).filter((e): e is string => !!e);
  const eans = [...new Set(found)].slice(0, 3);
  expect(eans.length).toBeGreaterThan(0);

  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await expect(page.getByRole('heading', { name: 'Unloading prices', level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: 'New export' });
  await expect(form.getByLabel('Export type')).toHaveValue('inline');
  await form.getByRole('button', { name: 'Auchan', exact: true }).click();
  await form.getByLabel('Or paste EANs and articles (one per line)').fill(eans.join('\n'));
  await expect(form.getByText(`Recognised: ${eans.length} EANs, 0 articles.`)).toBeVisible();
  await form.getByRole('button', { name: '30 d' }).click();
  const name = `E2E inline ${Date.now()}`;
  await form.getByLabel('Name of the export').fill(name);
  await form.getByRole('button', { name: 'Create export' }).click();
  await expect(page.getByText('Export queued')).toBeVisible();

  const requests = page.getByRole('table', { name: 'Export requests' });
  const row = requests.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  // The list polls by itself: the state moves on to Done and the download appears.
  await expect(row.getByText('Done')).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText(`${eans.length * 30}`);

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.xlsx`);
  const file = await download.path();
  const bytes = readFileSync(file);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // The same selection kept as a template, then run every Monday morning.
  await form.getByLabel('Template name').fill(`${name} template`);
  await form.getByRole('button', { name: 'Save as template' }).click();
  const templates = page.getByRole('table', { name: 'Templates' });
  await expect(templates.getByRole('row', { name: new RegExp(`${name} template`) })).toBeVisible();
  const schedule = page.getByRole('form', { name: 'New schedule' });
  await schedule.getByLabel('Repeat').selectOption('weekly');
  await schedule.getByLabel('Time').fill('06:30');
  await schedule.getByRole('button', { name: 'Add schedule' }).click();
  await expect(page.getByRole('table', { name: 'Schedules' }).getByText(/at 06:30/)).toBeVisible();

  // E2E_SCREENSHOTS=<dir>: a picture of the whole screen, to look at by eye.
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/report-analytics.png`, fullPage: true });
});
