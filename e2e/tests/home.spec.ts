import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';
import { sidewaysScroll } from './layout-helpers';

// Issue 18 item 6: the home page. A tile's title leads to its screen; on a phone the page does not
// scroll sideways. Which tiles each demo user sees, each loaded, is checked with the menu of the role
// (roles.spec.ts), after the same sign-in.
async function openHome(page: Page, username: string) {
  await page.evaluate(() => localStorage.clear()).catch(() => {});
  await signIn(page, username);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
}

test('a tile leads to its screen', async ({ page }) => {
  await openHome(page, 'analyst');
  await page.getByTestId('home-tile-suspicious').getByRole('link', { name: 'Suspicious prices' }).click();
  await expect(page).toHaveURL(/\/parsers$/);
  await openHome(page, 'ashan');
  await page.getByTestId('home-tile-alarms').getByRole('link', { name: 'Alarms fired today' }).click();
  await expect(page).toHaveURL(/\/alarms$/);
  await expect(page.getByRole('heading', { name: 'Alarms', level: 1 })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the home page fits the width', async ({ page }) => {
    await signIn(page, 'ashan');
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/home');
    await expect(page.locator('[data-testid^="home-tile-"]')).toHaveCount(6);
    await expect(page.locator('[data-testid="tile-loading"]')).toHaveCount(0);
    expect(await sidewaysScroll(page)).toBe(0);
  });
});
