import { expect, test } from '@playwright/test';
import { BASE } from '../playwright.config';
import { signIn, sideMenu } from './helpers';

test('the chosen language is used at once and kept after a reload', async ({ page }) => {
  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await page.getByLabel(/language/i).selectOption('ru');
  await expect(sideMenu(page).getByRole('link', { name: /выгрузка цен/i })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('selected-lang'))).toBe('ru');
  await page.reload();
  await expect(sideMenu(page).getByRole('link', { name: /выгрузка цен/i })).toBeVisible();
  await page.getByLabel(/язык/i).selectOption('ua');
  await expect(sideMenu(page).getByRole('link', { name: /вивантаження цін/i })).toBeVisible();
});

test('logout returns to login and forgets the session', async ({ page }) => {
  await signIn(page, 'netadmin');
  await expect(page).toHaveURL(/\/parsers$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
  await sideMenu(page)
    .getByRole('button', { name: /log ?out/i })
    .click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('data'))).toBeNull();
  await page.goto('/parsers');
  await expect(page).toHaveURL(/\/login$/);
});

test('a session restored from storage is verified with the server', async ({ page }) => {
  await signIn(page, 'analyst');
  await expect(page).toHaveURL(/\/parsers$/);
  await page.reload();
  await expect(page).toHaveURL(/\/parsers$/);
  await expect(sideMenu(page)).toBeVisible();
  // A token the server does not know: the check fails, both keys are removed.
  await page.evaluate(() => localStorage.setItem('auth_token', 'forged-token'));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('data'))).toBeNull();
});

test('a 401 in the middle of a session sends the user to login', async ({ page, request }) => {
  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  // The session ends elsewhere (revoked on the server); the next call of this tab answers 401.
  const cookies = await page.context().cookies(BASE);
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post(`${BASE}/api/v1/auth/logout?token=${token}`, {
    data: { token },
    headers: { 'X-XSRF-TOKEN': xsrf, Cookie: `XSRF-TOKEN=${xsrf}` },
  });
  expect(res.status()).toBe(200);
  // The tab's next call (the alarms badge's poll, or the session re-check when the tab is shown again)
  // answers 401.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('header search goes to the product list carrying the text', async ({ page }) => {
  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  const search = page.getByLabel(/search products/i);
  await search.fill('milk');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/product(\?.*)?$/);
  await expect(search).toHaveValue('milk');
});

test('a video instruction opens in a dialog sized by the window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The player as if online (the test machine has no internet; offline the dialog says it cannot load).
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>video</p>' }));
  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  const menu = sideMenu(page);
  await menu.getByRole('button', { name: /video instructions/i }).click();
  const first = menu.getByRole('button', { name: /getting started/i });
  await first.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const frame = dialog.locator('iframe');
  // Czech deployment: the English video, whatever the UI language.
  await expect(frame).toHaveAttribute('src', /youtube-nocookie\.com\/embed\/[\w-]{11}/);
  // 80% of 1280 wide, half of that plus 120 high (polled: the dialog zooms in when it opens).
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(1024);
  await expect.poll(async () => (await dialog.boundingBox())?.height).toBe(632);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(sideMenu(page)).toBeVisible();
});
