import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE, BASE_PL, WORKSPACE } from '../playwright.config';
import { apiToken, sideMenu } from './helpers';
import { exact, signInAs, t } from './deployment-helpers';

// Promo analysis (spec §6): visible in the Polish deployment (default language pl — the test reads the
// Polish texts from the remote's own translation file), absent from the Czech one (menu and server).

const pl = JSON.parse(readFileSync(join(WORKSPACE, 'remote-leaflets', 'public', 'i18n', 'pl.json'), 'utf8'));
const p = (key: string): string => key.split('.').reduce((node, part) => node[part], pl);

test('Polish deployment: the operator opens promo analysis, sees the demo networks, groups by brand and exports', async ({ page }) => {
  await signInAs(page, 'operator', BASE_PL);
  const summary = page.waitForResponse((r) => r.url().includes('/promo-analysis/summary') && r.request().method() === 'GET');
  await sideMenu(page)
    .getByRole('link', { name: exact(t('pl', 'menu.promoAnalysis')) })
    .click();
  await expect(page).toHaveURL(/\/promo-analysis$/);
  const answer = await summary;
  expect(answer.status()).toBe(200);
  const sent = new URL(answer.url()).searchParams;
  expect(sent.get('groupBy')).toBe('network');
  expect(sent.get('start')).toMatch(/^\d\d\/\d\d\/\d{4}$/);

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: p('promo.title'), level: 1 })).toBeVisible();
  const table = main.getByRole('table', { name: p('promo.share.table') });
  // The demo networks are on promo every few weeks: each row has a share.
  const data = (await answer.json()).data as { rows: { key: string; label: string; promoSharePct: number }[] };
  expect(data.rows.length).toBeGreaterThan(5);
  for (const name of ['Albert', 'Billa', 'Lidl']) {
    await expect(table.getByRole('row', { name: new RegExp(`^${name}\\b`) })).toBeVisible();
  }
  await expect(table.getByRole('row').nth(1)).toContainText('%');
  const chart = main.getByRole('figure', { name: p('promo.share.chart') });
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(chart.locator('text').filter({ hasText: 'Albert' }).first()).toBeVisible();
  await expect(
    main
      .getByRole('figure', { name: p('promo.weekly.chart') })
      .locator('.recharts-line')
      .first(),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: p('promo.leafletsLink') })).toHaveAttribute('href', '/leaflet');

  // E2E_SCREENSHOTS=<dir>: a picture of the whole screen, to look at by eye.
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/promo-analysis.png`, fullPage: true });

  // Group by brand: asked again, brands in the table.
  const byBrand = page.waitForResponse((r) => r.url().includes('/promo-analysis/summary') && r.url().includes('groupBy=brand'));
  await main.getByLabel(p('promo.groupBy.label')).selectOption('brand');
  const brands = (await (await byBrand).json()).data as { rows: { label: string }[] };
  expect(brands.rows.length).toBeGreaterThan(5);
  await expect(table.getByRole('columnheader', { name: p('promo.groupBy.brand') })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(brands.rows[0]!.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first()).toBeVisible();

  // Export to Excel: the filter is posted, the xlsx downloads.
  const exportRequest = page.waitForRequest((r) => r.url().includes('/promo-analysis/export'));
  const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('button', { name: p('promo.export.button') }).click()]);
  expect((await exportRequest).postDataJSON()).toMatchObject({ groupBy: 'brand', start: sent.get('start'), end: sent.get('end') });
  expect(download.suggestedFilename()).toMatch(/^promo-analysis-.*\.xlsx$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.length).toBeGreaterThan(2000);
});

test('Czech deployment: no promo analysis in the menu, and the server refuses it', async ({ page, request }) => {
  await signInAs(page, 'operator', BASE);
  await expect(sideMenu(page).getByText(exact(t('en', 'menu.videoInstructions')))).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: exact(t('en', 'menu.promoAnalysis')) })).toHaveCount(0);
  const { token } = await apiToken(request, BASE, 'operator');
  const res = await request.get(`${BASE}/promo-analysis/summary?start=11/01/2026&end=11/20/2026&token=${token}`);
  expect(res.status()).toBe(403);
  expect((await res.json()).error).toMatchObject({ code: 'forbidden', message: 'promo_analysis_not_in_deployment' });
});
