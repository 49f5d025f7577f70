import { devices, expect, test, type Page } from '@playwright/test';
import { BASE } from '../playwright.config';
import { chooseLanguage, signInAs } from './deployment-helpers';
import { openScreen, sampleIds, settle } from './layout-helpers';

// What PHONE5 saw in the photos of every screen on a phone (390×844, touch) and the checks that keep it
// fixed (photos: /work/notes/shots/s32/).
const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
test.use({ ...pixel7, viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 } });
test.describe.configure({ timeout: 180_000 });

/**
 * Text in a table's rows cut short (an ellipsis, a line clamp) that a phone cannot read whole: a finger
 * has no hover for a title. A leaflet's prices named their products 'Orion Select…', 'Madeta Max…' in a
 * column squeezed to 90 px, and the leaflet list cut its descriptions to 'Fresh fo…'.
 */
const cutCells = (page: Page) =>
  page.evaluate(() => {
    const out = new Set<string>();
    for (const el of document.querySelectorAll<HTMLElement>('tbody td, tbody td *')) {
      if (!el.getClientRects().length) continue;
      const cs = getComputedStyle(el);
      const clamp = cs.getPropertyValue('-webkit-line-clamp');
      const clamped = clamp && clamp !== 'none' && el.scrollHeight > el.clientHeight + 1;
      const ellipsed = cs.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
      if (clamped || ellipsed) out.add(`"${(el.textContent ?? '').trim().slice(0, 40)}" is cut`);
    }
    return [...out];
  });

test('a leaflet on a phone: its list and its prices name each leaflet and product whole (Russian)', async ({ page, request }) => {
  const { leafletId } = await sampleIds(request, BASE, 'admin');
  await signInAs(page, 'admin', BASE);
  await settle(page);
  await chooseLanguage(page, 'ru');
  const found: string[] = [];
  for (const path of ['/leaflet', `/leaflet?id=${leafletId}`]) {
    await openScreen(page, path);
    // The prices' table is there (the list's rows, a page's prices).
    await expect(page.locator('tbody tr').first()).toBeVisible();
    found.push(...(await cutCells(page)).map((p) => `${path}: ${p}`));
  }
  expect(found).toEqual([]);
});
