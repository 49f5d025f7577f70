import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BASE, BASE_PL, WORKSPACE } from '../playwright.config';
import { sideMenu } from './helpers';
import { chooseLanguage, htmlLang, COUNTRIES, deploymentFile, exact, signInAs, t, useDeployment, type Country } from './deployment-helpers';

// Country deployments (spec §1, §2 video language, §6 languages and menu): the same built host and
// remotes under each server/deployments/{country}.json. The Polish one runs for real on its own
// server (with alarms switched off); ua and ge are the main server with its /deployment.json answered
// from their files.

/** The main server in `country`'s deployment, or the Polish server as it runs. */
async function open(page: Page, country: Country) {
  if (country === 'pl') return BASE_PL;
  await useDeployment(page, deploymentFile(country));
  return BASE;
}

// Spec §2 video language: ge → en if the UI is English, else ua; cz → always en; pl → pl; else as ge.
const VIDEO_LANGUAGE: Record<Country, (ui: string) => 'en' | 'ua' | 'pl'> = {
  ua: (ui) => (ui === 'en' ? 'en' : 'ua'),
  ge: (ui) => (ui === 'en' ? 'en' : 'ua'),
  cz: () => 'en',
  pl: () => 'pl',
};
// The first video's ids per video language, read from the host's table.
const FIRST_VIDEO = (() => {
  const source = readFileSync(join(WORKSPACE, 'host', 'src', 'features', 'video-instructions', 'videos.ts'), 'utf8');
  const m = /key: 'v1'.*?ua: '(\w+)', en: '(\w+)', pl: '(\w+)'/.exec(source);
  if (!m) throw new Error('videos.ts: no v1 entry');
  return { ua: m[1]!, en: m[2]!, pl: m[3]! };
})();

test('the Polish server answers its deployment file, minus the remote it switches off', async ({ request }) => {
  const served = await (await request.get(`${BASE_PL}/deployment.json`)).json();
  const { alarms: _alarms, ...remotes } = deploymentFile('pl').remotes;
  expect(served).toEqual({ ...deploymentFile('pl'), remotes });
});

for (const country of COUNTRIES) {
  test(`${country}: its favicon, its default language, and only its languages on offer`, async ({ page }) => {
    const deployment = deploymentFile(country);
    const base = await open(page, country);
    await page.goto(`${base}/login`);
    const lang = deployment.defaultLanguage;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'login.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lang));
    await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', deployment.favicon);
    const icon = await page.request.get(`${base}${deployment.favicon}`);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toContain(`Pricewatch ${country.toUpperCase()}`);

    await signInAs(page, 'ashan', base);
    const options = page.getByTestId('header').locator('select option');
    await expect(options).toHaveCount(deployment.languages.length);
    expect(await options.evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual(deployment.languages);
  });

  test(`${country}: the video instructions play in the spec's video language for each UI language`, async ({ page }) => {
    const deployment = deploymentFile(country);
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>video</p>' }));
    const base = await open(page, country);
    await signInAs(page, 'ashan', base);
    for (const lang of deployment.languages) {
      await chooseLanguage(page, lang);
      const menu = sideMenu(page);
      const list = page.getByTestId('video-list');
      if (!(await list.isVisible())) await menu.getByRole('button', { name: t(lang, 'menu.videoInstructions') }).click();
      await list.getByRole('button', { name: t(lang, 'videos.v1') }).click();
      const frame = page.getByTestId('video-dialog').locator('iframe');
      const expected = FIRST_VIDEO[VIDEO_LANGUAGE[country](lang)];
      await expect(frame, `${country}, UI ${lang}`).toHaveAttribute('src', new RegExp(`/embed/${expected}$`));
      // Escape closes an opened dialog: once it holds the focus (on a loaded machine the key came before it did).
      await expect(page.getByTestId('video-dialog').locator(':focus')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('video-dialog')).toHaveCount(0);
    }
  });
}

test.describe('promo analysis (spec §6: needs leaflet access, not in the Czech variant, not for hunter-limit)', () => {
  for (const country of COUNTRIES) {
    test(`${country}: ${country === 'cz' ? 'hidden' : 'shown'} for a network with leaflets`, async ({ page }) => {
      const base = await open(page, country);
      await signInAs(page, 'ashan', base);
      const lang = deploymentFile(country).defaultLanguage;
      const link = sideMenu(page).getByRole('link', { name: exact(t(lang, 'menu.promoAnalysis')) });
      if (country === 'cz') {
        await expect(sideMenu(page).getByRole('link', { name: exact(t(lang, 'menu.reportAnalytics')) })).toBeVisible();
        await expect(link).toHaveCount(0);
      } else {
        await expect(link).toBeVisible();
        await link.click();
        await expect(page).toHaveURL(/\/promo-analysis$/);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      }
    });
  }

  test('ua: hidden for a network without leaflets and for a hunter-limit user', async ({ page }) => {
    const base = await open(page, 'ua');
    for (const user of ['atb', 'hunter']) {
      await signInAs(page, user, base);
      await expect(sideMenu(page).getByRole('button', { name: exact(t('ua', 'menu.logout')) })).toBeVisible();
      await expect(sideMenu(page).getByRole('link', { name: exact(t('ua', 'menu.promoAnalysis')) })).toHaveCount(0);
      await sideMenu(page)
        .getByRole('button', { name: exact(t('ua', 'menu.logout')) })
        .click();
      await expect(page).toHaveURL(/\/login$/);
    }
  });
});

test('a remote switched off in a deployment: no menu item, no route, its files never fetched', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/remotes/alarms/')) fetched.push(r.url());
  });
  await signInAs(page, 'ashan', BASE_PL);
  await expect(page).toHaveURL(/\/report-analytics$/);
  const menu = sideMenu(page);
  await expect(menu.getByRole('link', { name: exact(t('pl', 'menu.analytics')) })).toBeVisible();
  await expect(menu.getByRole('link', { name: exact(t('pl', 'menu.alarms')) })).toHaveCount(0);

  // Its address leads to the start page, as an unknown address does.
  await page.goto(`${BASE_PL}/alarms`);
  await expect(page).toHaveURL(/\/report-analytics$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  expect(fetched).toEqual([]);
});
