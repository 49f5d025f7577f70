// Helpers of the layout tests (issue 18): every screen of a user, opened the way the menu opens it,
// then measured — sideways scroll of the page, and buttons or column headers that do not show whole.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken } from './helpers';
import { navigate } from './deployment-helpers';

export type Screen = { path: string; name: string };

/** The ids the screens with a parameter need: a product of the catalogue and a leaflet the user sees. */
export async function sampleIds(request: APIRequestContext, base: string, username: string) {
  const { token } = await apiToken(request, base, username);
  const products = await (await request.get(`${base}/products/list`, { params: { token, limit: 1 } })).json();
  const leaflets = await (await request.get(`${base}/leaflets/search/by-name`, { params: { token, name: '' } })).json();
  return { productId: products.data.items[0]._id as string, leafletId: (leaflets.data?.[0]?._id as string | undefined) ?? null };
}

/** A user and the screens they are shown, in a language of the deployment (none: the default, English). */
export type RoleScreens = { username: string; lang?: string; screens: string[] };

/**
 * Every screen of the Czech deployment, as each kind of user who sees it (the phone and accessibility
 * tests walk this one list): the provider's admin (in Russian, the longest texts) sees every
 * screen, users' management of every network included; an Ashan-type chain user (in Ukrainian) has
 * alarms of their own and writes parsers (the parser editor, /parsers?edit=new) and leaflets; a network admin manages the users of their
 * network; the hunter's spec menu is empty: home and the products. Promo analysis is hidden in cz: see
 * PROMO_SCREEN.
 */
export function screensByRole(ids: { productId: string; leafletId: string | null }): RoleScreens[] {
  const card = `/product/${ids.productId}`;
  const leaflet = `/leaflet?id=${ids.leafletId}`;
  return [
    {
      username: 'admin',
      lang: 'ru',
      screens: [
        '/home',
        '/report-analytics',
        '/analytics',
        '/product',
        card,
        '/alarms',
        '/parsers',
        '/parsers?edit=new',
        '/network-users',
        '/leaflet',
        leaflet,
      ],
    },
    {
      username: 'ashan',
      lang: 'ua',
      screens: ['/home', '/report-analytics', '/analytics', '/product', card, '/alarms', '/parsers', '/parsers?edit=new', '/leaflet', leaflet],
    },
    { username: 'netadmin', screens: ['/network-users', '/parsers'] },
    { username: 'hunter', screens: ['/home', '/product', card] },
  ];
}

/** Promo analysis, shown where the deployment offers it (ua), to the provider's admin. */
export const PROMO_SCREEN = { username: 'admin', country: 'ua' as const, path: '/promo-analysis' };

/** Opens `path` without reloading the shell and waits until the screen has drawn its data. */
export async function openScreen(page: Page, path: string) {
  await navigate(page, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
  // The address changes at once; the screen follows at React's next commit. '/parsers' → '/parsers?edit=new' keeps
  // the same h1, so without this the old screen (its four tabs) could be the one settled and counted.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));
  await settle(page);
}

/**
 * Opens `path` and runs `check` on it, then again on each of its other tabs (alarms: product alarms and
 * what fired; parsers: scraper requests…): what `check` finds, named by screen and tab.
 */
export async function checkScreenAndTabs(page: Page, path: string, check: () => Promise<string[]>): Promise<string[]> {
  await openScreen(page, path);
  const found = (await check()).map((p) => `${path}: ${p}`);
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  // Tabs counted while a screen was still replacing another are not waited for (they may never come).
  for (let i = 1; i < count && i < (await tabs.count()); i++) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent())?.trim();
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await settle(page);
    found.push(...(await check()).map((p) => `${path} (${name}): ${p}`));
  }
  return found;
}

/**
 * The screen's heading is there, no area is still loading, and its pictures have their size. A table or
 * panel that is fetching again keeps its old rows dimmed under aria-busy (no spinner): on a slow machine
 * axe read such a dimmed leaflet table as low contrast, so busy areas are waited out too.
 */
export async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[role="status"]:has(.chakra-spinner)')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
}

/** How far the page itself scrolls sideways (0 when everything fits the window). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth - root.clientWidth;
  });

/**
 * Buttons, tabs, column headers and dropdowns that do not show whole: their text is wider than they are
 * (cut or ellipsed), a dropdown's chosen text is wider than its box, or — with `scrollBoxes` — they lie
 * partly outside the box that scrolls them (a table wider than its area, whose last columns are hidden).
 * On a phone a wide table may scroll inside its box; on a desktop nothing should hide that way.
 */
export const clippedControls = (page: Page, { scrollBoxes }: { scrollBoxes: boolean }) =>
  page.evaluate((checkScrollBoxes) => {
    const out: string[] = [];
    const ctx = document.createElement('canvas').getContext('2d')!;
    const label = (el: Element) => (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 50);
    for (const el of document.querySelectorAll<HTMLElement>('button, th, [role="columnheader"], [role="tab"], select')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el instanceof HTMLSelectElement) {
        const chosen = el.selectedOptions[0]?.textContent?.trim();
        if (!chosen) continue;
        const cs = getComputedStyle(el);
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        if (ctx.measureText(chosen).width > room + 1) out.push(`dropdown "${chosen}" is cut`);
        continue;
      }
      if (checkScrollBoxes) {
        let box: Element | null = el.parentElement;
        while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
        if (box && box !== document.body) {
          const b = box.getBoundingClientRect();
          if (rect.right > b.right + 1 || rect.left < b.left - 1) {
            out.push(`${el.tagName.toLowerCase()} "${label(el)}" lies outside its box`);
            continue;
          }
        }
      }
      for (const part of [el, ...el.querySelectorAll<HTMLElement>('*')]) {
        if (!part.clientWidth || part.scrollWidth <= part.clientWidth + 1) continue;
        const cs = getComputedStyle(part);
        if (part === el || cs.overflowX !== 'visible' || cs.textOverflow === 'ellipsis') {
          out.push(`${el.tagName.toLowerCase()} "${label(el)}" is cut (${part.scrollWidth} > ${part.clientWidth} px)`);
          break;
        }
      }
    }
    return out;
  }, scrollBoxes);

/** Words of headings, column headers and buttons that the layout broke across two lines ("Unloadin g"). */
export const brokenWords = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('h1, h2, h3, th, button, label')) {
      if (!el.getClientRects().length) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/[^\s\-–—/]{2,}/g)) {
          const range = document.createRange();
          range.setStart(node, m.index!);
          range.setEnd(node, m.index! + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(`"${m[0]}" in ${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
        }
      }
    }
    return out;
  });
