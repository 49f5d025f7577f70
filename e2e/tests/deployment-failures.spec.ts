import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_PL, SERVED_REMOTES } from '../playwright.config';
import { sideMenu } from './helpers';
import { deploymentFile, exact, signInAs, t, useDeployment } from './deployment-helpers';

// A remote that is slow, that throws while rendering, or whose files are gone: its area shows the
// translated error with Retry (STYLE.md: runtime plugin + error boundary), the rest keeps working.
// (A remote answering 503 is in federation.spec.ts.)

test("a remote slower than the deployment's remoteTimeoutMs shows the error with Retry; Retry shows it once it came", async ({ page }) => {
  await useDeployment(page, { ...deploymentFile('cz'), remoteTimeoutMs: 3000 });
  let slow = true;
  let arrived = false;
  await page.route('**/remotes/alarms/mf-manifest.json', async (route) => {
    if (slow) await new Promise((r) => setTimeout(r, 7000));
    await route.continue();
    arrived = true;
  });
  await signInAs(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  const main = page.getByRole('main');
  const started = Date.now();
  await sideMenu(page)
    .getByRole('link', { name: exact(t('en', 'menu.alarms')) })
    .click();
  const alert = main.getByRole('alert');
  await expect(alert).toContainText(t('en', 'remote.errorTitle'));
  await expect(alert).toContainText(t('en', 'errors.remote_failed'));
  expect(Date.now() - started).toBeLessThan(7000);

  // The shell and the other areas work meanwhile.
  await sideMenu(page)
    .getByRole('link', { name: exact(t('en', 'menu.analytics')) })
    .click();
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByText(t('en', 'remote.errorTitle'))).toHaveCount(0);

  slow = false;
  await sideMenu(page)
    .getByRole('link', { name: exact(t('en', 'menu.alarms')) })
    .click();
  await expect.poll(() => arrived, { timeout: 10_000 }).toBe(true);
  await main.getByRole('button', { name: t('en', 'common.retry') }).click();
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByText(t('en', 'remote.errorTitle'))).toHaveCount(0);
});

test('a remote screen that throws while rendering shows the error with Retry, the rest keeps working', async ({ page }) => {
  // The parsers remote's exposed module, changed in flight: while a flag is set, its default export is
  // a component that throws when rendered.
  await page.addInitScript(() => {
    (window as unknown as { __pwBreakParsers: boolean }).__pwBreakParsers = true;
  });
  await page.route('**/remotes/parsers/__federation_expose_Parsers*.js', async (route) => {
    const original = await (await route.fetch()).text();
    const body = original.replace(/default:\(\)=>([\w$]+)/, 'default:()=>(window.__pwBreakParsers?function(){throw new Error("parsers screen broke")}:$1)');
    expect(body, 'the exposed module has a default export').not.toBe(original);
    await route.fulfill({ status: 200, contentType: 'application/javascript', body });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await signInAs(page, 'analyst');
  await expect(page).toHaveURL(/\/parsers$/);
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toContainText(t('en', 'remote.errorTitle'));
  await expect(page.getByTestId('header')).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: exact(t('en', 'menu.parsers')) })).toBeVisible();

  // Another area still opens: the product list, through the header's search.
  await page.getByTestId('header').getByRole('searchbox').fill('milk');
  await page.getByTestId('header').getByRole('searchbox').press('Enter');
  // The header search travels in the address (issue 18 item 7).
  await expect(page).toHaveURL(/\/product\?q=milk$/);
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();

  await sideMenu(page)
    .getByRole('link', { name: exact(t('en', 'menu.parsers')) })
    .click();
  await expect(main.getByRole('alert')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __pwBreakParsers: boolean }).__pwBreakParsers = false;
  });
  await main.getByRole('button', { name: t('en', 'common.retry') }).click();
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByText(t('en', 'remote.errorTitle'))).toHaveCount(0);
  expect(errors).toEqual([]); // caught by the boundary, never an uncaught page error
});

test('a remote whose files are gone: translated error with Retry; back in place, Retry loads it', async ({ page }) => {
  const served = join(SERVED_REMOTES, 'parsers');
  const away = `${served}.away`;
  renameSync(served, away);
  try {
    // analyst's network has leaflets: in Poland the start page is promo analysis; parsers is a click away.
    await signInAs(page, 'analyst', BASE_PL);
    await sideMenu(page)
      .getByRole('link', { name: exact(t('pl', 'menu.parsers')) })
      .click();
    await expect(page).toHaveURL(/\/parsers$/);
    const main = page.getByRole('main');
    const alert = main.getByRole('alert');
    await expect(alert).toContainText(t('pl', 'remote.errorTitle'));
    await expect(alert).toContainText(t('pl', 'errors.remote_failed'));
    const retry = main.getByRole('button', { name: t('pl', 'common.retry') });
    await expect(retry).toBeVisible();

    // Everything else works: the menu, the header, another remote's screen.
    await expect(sideMenu(page).getByRole('link', { name: exact(t('pl', 'menu.parsers')) })).toBeVisible();
    await page.getByTestId('header').getByRole('searchbox').fill('mleko');
    await page.getByTestId('header').getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/product\?q=mleko$/);
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await sideMenu(page)
      .getByRole('link', { name: exact(t('pl', 'menu.parsers')) })
      .click();
    await expect(retry).toBeVisible();

    renameSync(away, served);
    await retry.click();
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByText(t('pl', 'remote.errorTitle'))).toHaveCount(0);
  } finally {
    if (existsSync(away)) renameSync(away, served);
  }
});
