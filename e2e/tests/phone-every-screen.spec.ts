import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { BASE, BASE_PL, WORKSPACE } from '../playwright.config';
import { brokenWords, checkScreenAndTabs, openScreen, PROMO_SCREEN, sampleIds, screensByRole, settle, sidewaysScroll } from './layout-helpers';
import { chooseLanguage, deploymentFile, htmlLang, t, useDeployment } from './deployment-helpers';
import { openSignedIn } from './helpers';

// Every screen, every language, on a phone (390×844, touch): each route of the spec as a user who may use it
// (the shared list of layout-helpers, the one phone.spec and the axe walk use), with its tabs, the dialogs the
// main button of a screen opens, the menu drawer and the login — in en, ru and ua, and in pl on the Polish
// deployment (WALKS: who walks in which language). Nothing scrolls the page sideways, no control's text is cut
// or spills out of its box, no word breaks across lines, no chart label runs past its chart, and ru/ua/pl
// screens show no English word of the interface. phone.spec checks one language per user.
// PRICEWATCH_SHOTS=<dir>: each screen and dialog is also photographed at 390×844 and (screens) at 1440×900.
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
const { defaultBrowserType: _desktopBrowser, ...desktopChrome } = devices['Desktop Chrome'];
test.use({ ...pixel7, viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 } });
// One test walks up to eleven screens with their tabs and dialogs (the desktop photos too, when asked).
test.describe.configure({ timeout: 420_000 });

const SHOTS = process.env.PRICEWATCH_SHOTS;
const LANGUAGES = ['en', 'ru', 'ua'] as const;

/** The translations of a set (the shell's or a remote's) in `lang`. */
const TRANSLATION_DIRS = ['host/public/assets/i18n', ...['alarms', 'exports', 'leaflets', 'parsers', 'users'].map((r) => `remote-${r}/public/i18n`)];
const translations = (dir: string, lang: string) => JSON.parse(readFileSync(join(WORKSPACE, dir, `${lang}.json`), 'utf8'));
const textOf = (remote: string, lang: string, key: string): string =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translations(`remote-${remote}/public/i18n`, lang)) as string;

/** Every string value of a translation tree. */
function values(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node && typeof node === 'object') return Object.values(node).flatMap(values);
  return [];
}

/** Names the demo data gives that are also English words (demo users called Admin and Hunter, a demo leaflet 'Lidl — Next week'). */
const DATA_NAMES = new Set(['admin', 'hunter', 'next', 'week']);

/**
 * The English words of the interface (every set's en.json) that a ru/ua/pl screen must not show; the ones
 * that language's own texts use (names of things: Excel, EAN…) are deliberate and stay allowed.
 */
function foreignWords(lang: string): string[] {
  const words = (texts: string[]) =>
    new Set(texts.flatMap((s) => s.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ').match(/[A-Za-z]{3,}/g) ?? []).map((w) => w.toLowerCase()));
  const english = words(TRANSLATION_DIRS.flatMap((dir) => values(translations(dir, 'en'))));
  const own = words(TRANSLATION_DIRS.flatMap((dir) => values(translations(dir, lang))));
  return [...english].filter((w) => !own.has(w) && !DATA_NAMES.has(w));
}

/**
 * Controls whose text does not show whole: a heading, button, tab, column header, label, menu item or
 * standing link whose text is wider than it is — cut by a box that hides its overflow, or spilling out of
 * its own — and dropdowns whose chosen text is wider than their box. Text truncated on purpose (an
 * ellipsis with a title or tooltip giving it whole) and boxes that scroll on purpose (a tab list) are not
 * counted; nor are controls scrolled away inside a box that scrolls (a table wider than the phone).
 */
const cutText = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    const ctx = document.createElement('canvas').getContext('2d')!;
    const label = (el: Element) => (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 50);
    const selector = 'h1, h2, h3, h4, button, [role="tab"], th, [role="columnheader"], label, legend, nav a, [role="menuitem"], a.chakra-link:not(p a), select';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const rect = el.getBoundingClientRect();
      // A visually hidden label (1 × 1 px, for screen readers: a row's checkbox) is cut on purpose.
      if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(el).visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      if (el instanceof HTMLSelectElement) {
        const chosen = el.selectedOptions[0]?.textContent?.trim();
        if (!chosen) continue;
        const cs = getComputedStyle(el);
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        if (ctx.measureText(chosen).width > room + 1) out.push(`dropdown "${chosen}" is cut`);
        continue;
      }
      for (const part of [el, ...el.querySelectorAll<HTMLElement>('*')]) {
        // A part 1 px wide is visually hidden (a screen-reader text), cut on purpose.
        if (part.clientWidth <= 1 || part.scrollWidth <= part.clientWidth + 1) continue;
        const cs = getComputedStyle(part);
        if (cs.overflowX === 'auto' || cs.overflowX === 'scroll') continue;
        const explained = part.closest('[title]') || el.hasAttribute('title') || el.hasAttribute('aria-describedby');
        if (cs.textOverflow === 'ellipsis' && explained) continue;
        if (part === el || cs.overflowX !== 'visible' || cs.textOverflow === 'ellipsis') {
          out.push(`${el.tagName.toLowerCase()} "${label(el)}" is cut (${part.scrollWidth} > ${part.clientWidth} px)`);
          break;
        }
      }
    }
    return [...new Set(out)];
  });

/**
 * English words of the interface on screen: in headings, buttons, tabs, column headers, labels, legends,
 * menu items, placeholders and the names given to controls. The data (table cells, options of a list of
 * shops or products, the product's name as a heading of a card, names users gave things: `[data-data]`) is what
 * it is in any language.
 */
const untranslated = (page: Page, words: string[]) =>
  page.evaluate((foreign) => {
    const banned = new Set(foreign);
    const out = new Set<string>();
    const check = (text: string | null | undefined, where: string) => {
      // Whole words ('Anděl' holds no 'And'); capitals only (ATB, EAN) are names and abbreviations.
      for (const w of (text?.match(/\p{L}+/gu) ?? []).filter((word) => /^[A-Za-z]{3,}$/.test(word)))
        if (w !== w.toUpperCase() && banned.has(w.toLowerCase())) out.add(`"${w}" in ${where}`);
    };
    const selector = 'h1, h2, h3, h4, button, [role="tab"], th, label, legend, nav a, [role="menuitem"], [role="dialog"] p, main p';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (!el.getClientRects().length || el.closest('td, tbody, [role="option"], [role="listbox"], [data-data]')) continue;
      const text = el.innerText.trim().replace(/\s+/g, ' ');
      check(text, `${el.tagName.toLowerCase()} "${text.slice(0, 40)}"`);
    }
    for (const el of document.querySelectorAll<HTMLElement>('input[placeholder], textarea[placeholder], button[aria-label], [role="tab"][aria-label]')) {
      if (!el.getClientRects().length || el.closest('td, tbody')) continue;
      check(el.getAttribute('placeholder') ?? el.getAttribute('aria-label'), `${el.tagName.toLowerCase()}'s name`);
    }
    return [...out];
  }, words);

/** Axis and legend texts of a chart drawn past its edges (a long name down the side of a bar chart, cut by the box). */
const chartLabelsOutside = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const svg of document.querySelectorAll<SVGSVGElement>('svg.recharts-surface')) {
      const box = svg.getBoundingClientRect();
      for (const text of svg.querySelectorAll<SVGTextElement>('text')) {
        const r = text.getBoundingClientRect();
        if (r.width && (r.left < box.left - 1 || r.right > box.right + 1)) out.push(`chart label "${text.textContent?.trim()}" runs past the chart`);
      }
    }
    return out;
  });

/**
 * Words of a table's cells broken across lines although the cell is wide enough for them ('operato|r'):
 * only a word wider than its cell may break.
 */
const brokenCellWords = (page: Page) =>
  page.evaluate(() => {
    const out = new Set<string>();
    for (const cell of document.querySelectorAll<HTMLElement>('tbody td')) {
      if (!cell.getClientRects().length) continue;
      const cs = getComputedStyle(cell);
      const room = cell.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A link or code set to break anywhere (a page's URL in the suspicious prices) breaks on purpose.
        const style = node.parentElement ? getComputedStyle(node.parentElement) : null;
        if (style && (style.wordBreak === 'break-all' || style.overflowWrap === 'anywhere')) continue;
        for (const m of (node.textContent ?? '').matchAll(/[^\s\-–—/,]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, m.index!);
          range.setEnd(node, m.index! + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const width = rects.reduce((sum, r) => sum + r.width, 0);
          if (new Set(rects.map((r) => Math.round(r.top))).size > 1 && width <= room) out.add(`"${m[0]}" in a cell`);
        }
      }
    }
    return [...out];
  });

/** Waits for openings (a dialog's scale-in, a drawer's slide) to end: measured mid-way they are smaller. */
const openingsEnd = (page: Page) =>
  page.evaluate(async () => {
    const opening = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(opening.map((a) => a.finished.catch(() => undefined)));
  });

/** Everything this spec finds wrong with what the phone shows now. */
async function problemsOnScreen(page: Page, words: string[]): Promise<string[]> {
  await openingsEnd(page);
  const scroll = await sidewaysScroll(page);
  return [
    ...(scroll > 0 ? [`the page scrolls ${scroll}px sideways`] : []),
    ...(await cutText(page)),
    ...(await chartLabelsOutside(page)),
    ...(await brokenWords(page)).map((w) => `word broken: ${w}`),
    ...(await brokenCellWords(page)).map((w) => `word broken: ${w}`),
    ...(await untranslated(page, words)).map((w) => `English word ${w}`),
  ];
}

const slug = (path: string) =>
  path
    .replace(/^\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/-$/, '') || 'root';

/** A photo of the phone's page (whole length, one pixel per CSS pixel) when PRICEWATCH_SHOTS asks for them. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true, scale: 'css' });
}

/**
 * The phone's screens on a desktop (1440×900, a mouse) in the same session, photographed when asked: one
 * page per test, opened once, then moved from screen to screen inside the app as the phone is.
 */
class Desktop {
  private page: Promise<Page> | null = null;
  constructor(
    private readonly browser: Browser,
    private readonly phone: Page,
    private readonly base: string,
    private readonly before?: (page: Page) => Promise<void>,
  ) {}
  async shoot(path: string, name: string) {
    if (!SHOTS) return;
    this.page ??= (async () => {
      // The test's phone options would carry over to a new context: a desktop's are given whole.
      const context = await this.browser.newContext({
        ...desktopChrome,
        viewport: { width: 1440, height: 900 },
        storageState: await this.phone.context().storageState(),
      });
      const page = await context.newPage();
      await this.before?.(page);
      await page.goto(`${this.base}${path}`);
      return page;
    })();
    const page = await this.page;
    await openScreen(page, path);
    await openingsEnd(page);
    await page.screenshot({ path: join(SHOTS, `${name}-1440.png`), fullPage: true });
  }
  async close() {
    if (this.page) await (await this.page).context().close();
  }
}

/** What a test found, also written down as found (PRICEWATCH_SHOTS) so a long run can be read while it goes. */
function report(test: string, problems: string[]) {
  if (SHOTS && problems.length) appendFileSync(join(SHOTS, 'problems.txt'), problems.map((p) => `${test}: ${p}\n`).join(''));
  return problems;
}

/** The main button of a screen and the dialog it opens (a remote's translation key for its name). */
const DIALOGS: Record<string, { remote: string; key: string }[]> = {
  '/alarms': [
    { remote: 'alarms', key: 'actions.newPriceAlarm' },
    { remote: 'alarms', key: 'actions.import' },
  ],
  '/leaflet': [{ remote: 'leaflets', key: 'list.actions.new' }],
  '/network-users': [{ remote: 'users', key: 'actions.create' }],
};

/**
 * Opens the menu drawer, then each screen of `screens` in turn (with its tabs, and the dialogs of its main
 * buttons); returns what was found wrong, named by screen.
 */
async function walk(page: Page, desktop: Desktop, { lang, user, screens }: { lang: string; user: string; screens: string[] }) {
  const words = lang === 'en' ? [] : foreignWords(lang);
  const test = `${user} in ${lang}`;
  const problems: string[] = [];
  // The side menu of a phone: behind the header's button (on the first screen: the leaflet has no header).
  await page
    .getByTestId('header')
    .getByRole('button', { name: t(lang, 'menu.open') })
    .tap();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer).toBeVisible();
  problems.push(
    ...report(
      test,
      (await problemsOnScreen(page, words)).map((p) => `menu: ${p}`),
    ),
  );
  await shoot(page, `${lang}-${user}-menu`);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  for (const path of screens) {
    if (SHOTS) {
      await openScreen(page, path);
      await shoot(page, `${lang}-${user}-${slug(path)}`);
      await desktop.shoot(path, `${lang}-${user}-${slug(path)}`);
    }
    problems.push(...report(test, await checkScreenAndTabs(page, path, () => problemsOnScreen(page, words))));
    for (const { remote, key } of DIALOGS[path] ?? []) {
      const name = textOf(remote, lang, key);
      await openScreen(page, path);
      // The main buttons live on a screen's first tab; the walk through the tabs left the last one open.
      if (await page.getByRole('tab').count()) {
        await page.getByRole('tab').first().tap();
        await settle(page);
      }
      const button = page.getByRole('button', { name, exact: true }).first();
      if (!(await button.isVisible())) continue;
      await button.tap();
      await expect(page.getByRole('dialog')).toBeVisible();
      problems.push(
        ...report(
          test,
          (await problemsOnScreen(page, words)).map((p) => `${path} "${name}" dialog: ${p}`),
        ),
      );
      await shoot(page, `${lang}-${user}-${slug(path)}-dialog-${slug(key)}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  }
  await desktop.close();
  return problems;
}

/** Signs in as `username` on `base` (their start page) and switches the interface to `lang` (the header's selector). */
async function signInIn(page: Page, username: string, lang: string, base: string) {
  await openSignedIn(page, username, '/', base);
  await settle(page);
  await chooseLanguage(page, lang);
}

/** The login screen in `lang`, before anyone signs in. */
async function checkLogin(page: Page, browser: Browser, base: string, lang: string) {
  await page.goto(`${base}/login`);
  await page.evaluate((l) => localStorage.setItem('selected-lang', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lang));
  await expect(page.locator('form button[type="submit"]')).toBeVisible();
  const problems = await problemsOnScreen(page, lang === 'en' ? [] : foreignWords(lang));
  await shoot(page, `${lang}-login`);
  const desktop = new Desktop(browser, page, base);
  await desktop.shoot('/login', `${lang}-login`);
  await desktop.close();
  return report(`login in ${lang}`, problems);
}

for (const lang of LANGUAGES) {
  test(`login in ${lang}`, async ({ page, browser }) => {
    expect(await checkLogin(page, browser, BASE, lang)).toEqual([]);
  });
}

/**
 * Who walks in which language. The provider's admin may use every route: every language walks them all as
 * admin. The other users' own views (an Ashan user's alarms and parser editor, a network admin's users,
 * the hunter's short menu) each in one language, the one phone.spec does not use for them (there: ashan ua,
 * netadmin and hunter en): the file's 14 tests took 3.5 min at load 25. PRICEWATCH_PHONE_EVERY_USER=1 walks
 * every user in every language, in pl too (23 tests; what PHONE3 ran with the photos).
 */
const WALKS: { username: string; lang: string }[] = process.env.PRICEWATCH_PHONE_EVERY_USER
  ? LANGUAGES.flatMap((lang) => ['admin', 'ashan', 'netadmin', 'hunter'].map((username) => ({ username, lang })))
  : [
      ...LANGUAGES.map((lang) => ({ username: 'admin', lang })),
      { username: 'ashan', lang: 'ru' },
      { username: 'netadmin', lang: 'ua' },
      { username: 'hunter', lang: 'ru' },
    ];

test.describe('every screen of each kind of user', () => {
  let ids: { productId: string; leafletId: string | null };
  test.beforeAll(async ({ request }) => {
    ids = await sampleIds(request, BASE, 'admin');
  });
  for (const { username, lang } of WALKS) {
    test(`${username} in ${lang}`, async ({ page, browser }) => {
      const { screens } = screensByRole(ids).find((r) => r.username === username)!;
      await signInIn(page, username, lang, BASE);
      expect(await walk(page, new Desktop(browser, page, BASE), { lang, user: username, screens })).toEqual([]);
    });
  }
  for (const lang of LANGUAGES) {
    test(`promo analysis (ua deployment) in ${lang}`, async ({ page, browser }) => {
      const ua = (p: Page) => useDeployment(p, deploymentFile(PROMO_SCREEN.country));
      await ua(page);
      await signInIn(page, PROMO_SCREEN.username, lang, BASE);
      const desktop = new Desktop(browser, page, BASE, ua);
      expect(await walk(page, desktop, { lang, user: `${PROMO_SCREEN.username}-ua`, screens: [PROMO_SCREEN.path] })).toEqual([]);
    });
  }
});

test.describe('the Polish deployment in Polish (alarms switched off)', () => {
  let ids: { productId: string; leafletId: string | null };
  test.beforeAll(async ({ request }) => {
    ids = await sampleIds(request, BASE_PL, 'admin');
  });
  test('login in pl', async ({ page, browser }) => {
    expect(await checkLogin(page, browser, BASE_PL, 'pl')).toEqual([]);
  });
  // The admin may use every route there; promo analysis is shown in Poland (hidden only in cz), alarms are switched off.
  const users = process.env.PRICEWATCH_PHONE_EVERY_USER ? ['admin', 'ashan', 'netadmin', 'hunter'] : ['admin'];
  for (const username of users) {
    test(`${username} in pl`, async ({ page, browser }) => {
      const { screens } = screensByRole(ids).find((r) => r.username === username)!;
      const promo = username === 'admin' || username === 'ashan' ? ['/promo-analysis'] : [];
      await signInIn(page, username, 'pl', BASE_PL);
      const walked = [...screens.filter((s) => s !== '/alarms'), ...promo];
      expect(await walk(page, new Desktop(browser, page, BASE_PL), { lang: 'pl', user: `${username}-pl`, screens: walked })).toEqual([]);
    });
  }
});
