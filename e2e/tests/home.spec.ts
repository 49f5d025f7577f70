import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, signIn } from './helpers';
import { sidewaysScroll } from './layout-helpers';

// Issue 18 item 6: the home page. Every demo user opens /home from the menu's Home item and sees the
// tiles of the screens they may use (the cz deployment, every remote enabled), each loaded by its own
// call; a tile's title leads to its screen; on a phone the page does not scroll sideways.
const ANALYTICS = ['price-index', 'price-changes', 'alarms', 'exports', 'parsers', 'suspicious'];
const PARSERS = ['parsers', 'suspicious'];
const TILES: Record<string, string[]> = {
  admin: ANALYTICS,
  guest: ANALYTICS,
  ashan: ANALYTICS,
  metro: ['exports', ...PARSERS],
  atb: ['exports', ...PARSERS],
  operator: PARSERS,
  hunter: PARSERS,
  analyst: PARSERS,
  netadmin: PARSERS,
};

const tileIds = (page: Page) =>
  page.locator('[data-testid^="home-tile-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice('home-tile-'.length)));

async function openHome(page: Page, username: string) {
  await page.evaluate(() => localStorage.clear()).catch(() => {});
  await signIn(page, username);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.getByTestId('side-menu').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
}

test('every demo user sees only the tiles of the screens they may use, each loaded', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  for (const [username, tiles] of Object.entries(TILES)) {
    await openHome(page, username);
    expect(await tileIds(page), username).toEqual(tiles);
    // Each tile loads on its own: no spinner and no error left.
    await expect(page.locator('[data-testid="tile-loading"]'), username).toHaveCount(0);
    await expect(page.locator('[data-testid^="home-tile-"] [role="alert"]'), username).toHaveCount(0);
  }
});

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
    await openSignedIn(page, 'ashan', '/home');
    await expect(page.locator('[data-testid^="home-tile-"]')).toHaveCount(6);
    await expect(page.locator('[data-testid="tile-loading"]')).toHaveCount(0);
    expect(await sidewaysScroll(page)).toBe(0);
  });
});
