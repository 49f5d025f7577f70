import { expect, test, type Page } from '@playwright/test';
import { BASE } from '../playwright.config';
import { signIn } from './helpers';
import { chooseLanguage, deploymentFile, signInAs, useDeployment } from './deployment-helpers';
import { brokenWords, checkScreenAndTabs, clippedControls, PROMO_SCREEN, sampleIds, screensByRole, sidewaysScroll } from './layout-helpers';

// Issue 18 item 1: a phone (390×844). Every screen, as the users who see it, fits the width: the page
// never scrolls sideways (a wide table scrolls inside its own box), no word of a heading, column header
// or button is broken across lines, and no button is cut. The side menu lives behind the header's menu
// button. One page per user, screens opened in turn without reloading the shell.
test.use({ viewport: { width: 390, height: 844 } });

/** Ends the session of the page (and its language choice), then signs in as `username`. */
async function switchUser(page: Page, username: string) {
  await page.evaluate(() => localStorage.clear());
  await signIn(page, username);
  await expect(page).not.toHaveURL(/\/login$/);
}

async function checkScreens(page: Page, screens: string[]) {
  const problems: string[] = [];
  for (const path of screens) {
    const found = await checkScreenAndTabs(page, path, async () => {
      const scroll = await sidewaysScroll(page);
      return [
        ...(scroll > 0 ? [`the page scrolls ${scroll}px sideways`] : []),
        ...(await brokenWords(page)).map((w) => `word broken: ${w}`),
        ...(await clippedControls(page, { scrollBoxes: false })),
      ];
    });
    problems.push(...found);
  }
  expect(problems).toEqual([]);
}

test('the menu is behind a button in the header, and choosing a screen closes it', async ({ page }) => {
  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await page.getByTestId('header').getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('Olena Kovalenko');
  await drawer.getByRole('link', { name: /^Alarms/ }).click();
  await expect(page).toHaveURL(/\/alarms$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Alarms', level: 1 })).toBeVisible();
});

test('every screen fits the phone, for each kind of user', async ({ page, request }) => {
  test.setTimeout(120_000);
  const ids = await sampleIds(request, BASE, 'admin');
  // One page for every user in turn, each in the language of the list (none: English).
  await page.goto('/login');
  for (const { username, lang, screens } of screensByRole(ids)) {
    await switchUser(page, username);
    if (lang) await chooseLanguage(page, lang);
    await checkScreens(page, screens);
  }
});

test('promo analysis fits the phone where the deployment shows it (ua)', async ({ page }) => {
  await useDeployment(page, deploymentFile(PROMO_SCREEN.country));
  await signInAs(page, PROMO_SCREEN.username, BASE);
  await checkScreens(page, [PROMO_SCREEN.path]);
});
