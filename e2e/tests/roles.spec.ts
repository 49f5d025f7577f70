import { expect, test } from '@playwright/test';
import { signIn, sideMenu } from './helpers';

// The Czech deployment (promo analysis hidden) with no old-design address: admins stay in the app.
const ITEMS = {
  home: /^home$/i,
  unloading: /unloading prices/i,
  promo: /promo analysis/i,
  leaflets: /^leaflets$/i,
  analytics: /^analytics$/i,
  alarms: /^alarms$/i,
  parsers: /^parsers$/i,
  users: /^users$/i,
} as const;
type Item = keyof typeof ITEMS;

// Home (issue 18) is everyone's: added to each row below.
const CASES: { user: string; landing: string; visible: Item[] }[] = [
  { user: 'admin', landing: '/report-analytics', visible: ['unloading', 'leaflets', 'analytics', 'alarms'] },
  { user: 'guest', landing: '/report-analytics', visible: ['unloading', 'leaflets', 'analytics', 'alarms'] },
  { user: 'ashan', landing: '/report-analytics', visible: ['unloading', 'leaflets', 'analytics', 'alarms', 'parsers'] },
  // An empty spec menu (spec §6): the home page (issue 18), which everyone has.
  { user: 'hunter', landing: '/home', visible: [] },
  // Leaflets are in the menu, but the shell-less leaflet screen is never a start page.
  { user: 'operator', landing: '/home', visible: ['leaflets'] },
  { user: 'metro', landing: '/parsers', visible: ['parsers'] },
  { user: 'atb', landing: '/parsers', visible: ['parsers'] },
  { user: 'analyst', landing: '/parsers', visible: ['leaflets', 'parsers'] },
  { user: 'netadmin', landing: '/parsers', visible: ['leaflets', 'parsers', 'users'] },
];

for (const { user, landing, visible: spec } of CASES) {
  const visible: Item[] = ['home', ...spec];
  test(`${user} lands on ${landing} and sees the menu of the role`, async ({ page }) => {
    await signIn(page, user);
    await expect(page).toHaveURL(new RegExp(`${landing}$`));
    const menu = sideMenu(page);
    await expect(menu).toBeVisible();
    for (const [item, name] of Object.entries(ITEMS) as [Item, RegExp][]) {
      const link = menu.getByRole('link', { name });
      if (visible.includes(item)) await expect(link, `${user} should see ${item}`).toBeVisible();
      else await expect(link, `${user} should not see ${item}`).toHaveCount(0);
    }
    await expect(menu.getByRole('button', { name: /log ?out/i })).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBe(240);
    const header = await page.getByTestId('header').boundingBox();
    expect(header?.height).toBe(72);
  });
}

test('the active menu item follows the first path segment', async ({ page }) => {
  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  const menu = sideMenu(page);
  await menu.getByRole('link', { name: ITEMS.alarms }).click();
  await expect(page).toHaveURL(/\/alarms$/);
  await expect(menu.getByRole('link', { name: ITEMS.alarms })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: ITEMS.unloading })).not.toHaveAttribute('aria-current', 'page');
});

test('a screen opened by its address without a session goes to login', async ({ page }) => {
  await page.goto('/alarms');
  await expect(page).toHaveURL(/\/login$/);
});
