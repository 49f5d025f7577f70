import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BASE, BASE_PL, WORKSPACE } from '../playwright.config';
import { chooseLanguage, COUNTRIES, deploymentFile, htmlLang, navigate, signInAs, useDeployment } from './deployment-helpers';

// Translations complete (README "Translations"): every offered language of every deployment renders
// every screen without a raw key. The build already refuses a key missing from one language
// (scripts/check-translations.mjs); this catches keys the code uses that no file has, and namespaces
// that did not load.

/** Spec §2 screens, by the remote that serves each (host/src/app/routes.ts). */
const SCREENS: { path: string; remote: string }[] = [
  { path: '/report-analytics', remote: 'exports' },
  { path: '/analytics', remote: 'exports' },
  { path: '/product', remote: 'exports' },
  { path: '/product/1', remote: 'exports' },
  { path: '/alarms', remote: 'alarms' },
  { path: '/parsers', remote: 'parsers' },
  { path: '/promo-analysis', remote: 'leaflets' },
  { path: '/network-users', remote: 'users' },
  { path: '/leaflet', remote: 'leaflets' },
];

/**
 * A raw key on screen looks like `menu.alarms` or `alarms:list.title`: a known top-level section of
 * some translation file (shell or remote namespace), then dotted parts. Dotted data (a shop's web
 * address, a price) does not start with a section name.
 */
const RAW_KEY = (() => {
  const sets = [join(WORKSPACE, 'host', 'public', 'assets', 'i18n')];
  for (const name of readdirSync(WORKSPACE).filter((n) => n.startsWith('remote-'))) sets.push(join(WORKSPACE, name, 'public', 'i18n'));
  const sections = new Set<string>();
  for (const dir of sets) {
    const en = join(dir, 'en.json');
    if (existsSync(en)) for (const key of Object.keys(JSON.parse(readFileSync(en, 'utf8')))) sections.add(key);
  }
  return `^(?:[\\w-]+:)?(?:${[...sections].join('|')})(?:\\.[\\w-]+)+$`;
})();

/** Texts and labelling attributes of the page that look like raw keys (or the development marker). */
async function rawKeys(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => {
    const raw = new RegExp(pattern);
    const found: string[] = [];
    const check = (text: string | null, where: string) => {
      const value = (text ?? '').trim();
      if (value && (raw.test(value) || value.includes('⚠'))) found.push(`${where}: ${value}`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('style, script')) continue;
      check(node.textContent, `text in <${node.parentElement?.tagName.toLowerCase()}>`);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) if (el.hasAttribute(attr)) check(el.getAttribute(attr), attr);
    }
    return found;
  }, RAW_KEY);
}

/**
 * The screen has arrived: its h1 — or, for a screen the user may not use, its alert — is there (the
 * remote's module has replaced the loading state), and what it renders right after (a first answer of
 * its API) has had a moment. Loading and empty states are translated texts too.
 */
async function settled(page: Page) {
  await expect(page.locator('h1, [role="alert"]').first()).toBeVisible();
  await page.waitForTimeout(250);
}

/** Signs `user` in and opens each of `screens` in each of `languages`, checking for raw keys. */
async function checkScreens(page: Page, base: string, label: string, user: string, languages: string[], screens: string[]) {
  await signInAs(page, user, base);
  for (const lang of languages) {
    await chooseLanguage(page, lang);
    for (const path of screens) {
      await navigate(page, path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await settled(page);
      expect(await rawKeys(page), `${label} ${user} ${lang} ${path}`).toEqual([]);
    }
    // The leaflet screen has no header: back into the shell for the next language.
    await navigate(page, '/product');
    await settled(page);
  }
}

for (const country of COUNTRIES) {
  test(`${country}: every screen in every offered language shows no raw key`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const deployment = deploymentFile(country);
    const base = country === 'pl' ? BASE_PL : BASE;
    const prepare = async (p: Page) => {
      if (country !== 'pl') await useDeployment(p, deployment);
    };
    await prepare(page);
    const served = await (await page.request.get(`${base}/deployment.json`)).json();
    const enabled = country === 'pl' ? served.remotes : deployment.remotes;
    const screens = SCREENS.filter((s) => s.remote in enabled).map((s) => s.path);

    for (const lang of deployment.languages) {
      await page.goto(`${base}/login`);
      await page.evaluate((l) => localStorage.setItem('selected-lang', l), lang);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lang));
      await settled(page);
      expect(await rawKeys(page), `${country} ${lang} /login`).toEqual([]);
    }

    // Every screen as a user of a client network with most areas; the users screen as its network admin.
    await checkScreens(
      page,
      base,
      country,
      'ashan',
      deployment.languages,
      screens.filter((p) => p !== '/network-users'),
    );
    if (screens.includes('/network-users')) {
      const admin = await (await browser.newContext()).newPage();
      await prepare(admin);
      await checkScreens(admin, base, country, 'netadmin', deployment.languages, ['/network-users']);
      await admin.context().close();
    }
  });
}
