import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { sideMenu, signIn } from './helpers';

// Issue 5: a network user who sees Parsers opens the list, finds the failing demo shop with the
// problems filter, starts a parser, follows its run to the end and downloads the run's results.

test('analyst: problems filter shows the failing demo shop; force start runs to done; results download', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'analyst');
  await sideMenu(page)
    .getByRole('link', { name: /^Parsers/ })
    .click();
  await expect(page).toHaveURL(/\/parsers$/);
  await expect(page.getByRole('heading', { name: 'Parsers', level: 1 })).toBeVisible();

  const table = page.getByRole('table', { name: 'Parsers' });
  // Albert sees the parsers of its own network and of the networks it may see (lidl, kaufland).
  await expect(table.getByText('Lidl Smíchov')).toBeVisible();
  await expect(table.getByText('Albert Anděl')).toBeVisible();
  await expect(table.getByText('Silpo Pechersk')).toHaveCount(0);

  // Force start: the run's progress shows in its row until it is done.
  const lidl = table.getByRole('row').filter({ hasText: 'Lidl Smíchov' });
  const start = page.getByRole('button', { name: 'Start Lidl Smíchov' });
  await expect(start).toBeEnabled({ timeout: 90_000 }); // the run queued at server start may still be going
  await start.click();
  await expect(lidl.getByText(/Queued|\d+ \/ \d+ pages/)).toBeVisible();
  await expect(lidl.getByText('Done')).toBeVisible({ timeout: 90_000 });
  await expect(lidl.getByRole('cell').nth(4)).toHaveText('12'); // prices found on the shop's 12 pages

  // The run's results as an Excel file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download results of Lidl Smíchov' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^lidl-prg-smichov-run-\d+\.xlsx$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  // Only with problems: the failing demo shop (its run at start recorded its broken pages), not Lidl.
  await expect(async () => {
    await page.reload();
    await page.getByText('Only with problems', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Only with problems' })).toBeChecked();
    await expect(table.getByText('Lidl Smíchov')).toHaveCount(0, { timeout: 5000 });
    await expect(table.getByText('Kaufland Barrandov')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  const kaufland = table.getByRole('row').filter({ hasText: 'Kaufland Barrandov' });
  await expect(kaufland).toContainText('Timeout: 1');
  await expect(kaufland).toContainText('Page too large: 1');
  await expect(page.getByRole('figure', { name: /Last run per parser/ })).toBeVisible();
});
