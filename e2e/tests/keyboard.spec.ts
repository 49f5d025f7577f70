import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE } from '../playwright.config';
import { apiToken, PASSWORD } from './helpers';

// Issue 18 item 4: the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows; no mouse) logs in, searches
// a product, opens its card, creates a price alarm and an export. Every stop the keyboard passes on the
// way shows where it is: an outline or a ring that reads at 3:1 against what is behind it.
test.use({ viewport: { width: 1440, height: 900 } });

/** What is wrong with the focus indicator of the focused element, or null when it shows. */
const focusProblem = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing has the focus';
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().slice(0, 40)}"`;
    // Chrome rings the focused part of a native date field itself (day, month, year, picker button).
    if (el instanceof HTMLInputElement && el.type === 'date') return null;
    const cs = getComputedStyle(el);
    const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    let colour: number[] | null = null;
    if (cs.outlineStyle === 'auto') return null; // the browser's own two-tone ring
    if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 1) colour = rgba(cs.outlineColor);
    else {
      // A ring drawn as a box-shadow: colour, then x, y, blur, spread.
      for (const m of cs.boxShadow.matchAll(/(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px\s+([\d.]+)px/g)) {
        if (parseFloat(m[5]) >= 1 && (rgba(m[1])[3] ?? 1) > 0.5) colour = rgba(m[1]);
      }
    }
    if (!colour || (colour[3] ?? 1) < 0.5) return `${name} shows no focus`;
    let box: Element | null = el.parentElement;
    let behind = [255, 255, 255];
    for (; box; box = box.parentElement) {
      const bg = rgba(getComputedStyle(box).backgroundColor);
      if (bg.length && (bg[3] ?? 1) > 0.5) {
        behind = bg;
        break;
      }
    }
    const lum = ([r, g, b]: number[]) =>
      [r, g, b].map((c) => c / 255).reduce((sum, c, i) => sum + [0.2126, 0.7152, 0.0722][i] * (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4), 0);
    const [hi, lo] = [lum(colour), lum(behind)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    return ratio >= 3 ? null : `${name}: its focus ring reads at ${ratio.toFixed(2)}:1`;
  });

/** Keyboard moves of one test, and what they found about visible focus. */
function keyboard(page: Page) {
  const problems = new Set<string>();
  const check = async (on: string) => {
    // A ring may be fading in (transitions): wait for it rather than measure mid-way.
    const problem = await expect
      .poll(() => focusProblem(page), { timeout: 2_000 })
      .toBeNull()
      .then(() => null)
      .catch(async () => focusProblem(page));
    if (problem) problems.add(`${problem} (on the way to ${on})`);
  };
  const focused = (target: Locator) => target.evaluateAll((els) => els.some((el) => el === document.activeElement));
  return {
    problems,
    /** Tab (or Shift+Tab) until `target` has the focus, checking each stop on the way. */
    async tabTo(target: Locator, { back = false } = {}) {
      // As a user waits for the screen to draw before moving on (a stop removed mid-way drops the focus).
      await expect(target).toBeVisible();
      await expect(page.locator('[role="status"]:has(.chakra-spinner)')).toHaveCount(0);
      for (let i = 0; i < 80 && !(await focused(target)); i++) {
        await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
        await check(`${target}`);
      }
      await expect(target).toBeFocused();
    },
    async press(key: string) {
      await page.keyboard.press(key);
    },
    async type(text: string) {
      await page.keyboard.type(text);
    },
  };
}

test('log in, search, open a card, create an alarm and an export: keyboard only, focus always shown', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A product of Auchan's shops with an EAN, and a shop to watch (the data a user would know).
  const { token } = await apiToken(request, BASE, 'ashan');
  const list = await (await request.get(`${BASE}/products/list`, { params: { token, networks: 'auchan', limit: 20 } })).json();
  const product = (list.data.items as { _id: string; name: string; ean: string | null }[]).find((p) => p.ean)!;
  const shops = (await (await request.get(`${BASE}/shops`, { params: { token } })).json()).data as { name: string; networkName: string }[];
  const shop = shops[0];
  const keys = keyboard(page);

  // Log in: the form works once its script has run (the bytes test's mark).
  await page.goto('/login');
  await page.waitForFunction(() => performance.getEntriesByName('pricewatch:login-form-ready').length > 0);
  await keys.tabTo(page.getByLabel(/username/i));
  await keys.type('ashan');
  await keys.tabTo(page.getByLabel(/^password$/i));
  await keys.type(PASSWORD);
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await expect(page.getByRole('heading', { name: 'Unloading prices', level: 1 })).toBeVisible();

  // Search from the header, open the card from the list.
  await keys.tabTo(page.getByTestId('header').getByRole('searchbox'));
  await keys.type(product.name);
  await keys.press('Enter');
  await expect(page).toHaveURL(/\/product\?q=/);
  await keys.tabTo(page.getByRole('main').getByRole('link', { name: product.name, exact: true }).first());
  await keys.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();

  // A price alarm: back to the menu, the dialog, the product picked with the arrows, a shop with Space.
  await keys.tabTo(page.getByTestId('side-menu').getByRole('link', { name: /^Alarms/ }), { back: true });
  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: 'Alarms', level: 1 })).toBeVisible();
  const alarmRows = page.getByRole('table', { name: 'Price alarms' }).getByRole('row', { name: new RegExp(product.ean!) });
  await keys.tabTo(page.getByRole('button', { name: 'New price alarm' }));
  await expect(page.getByRole('table', { name: 'Price alarms' }).or(page.getByText('No price alarms yet'))).toBeVisible();
  const alarmsBefore = await alarmRows.count();
  await keys.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New price alarm' });
  const search = dialog.getByRole('combobox', { name: 'Product' });
  await keys.tabTo(search);
  await keys.type(product.ean!);
  await expect(dialog.getByRole('option', { name: new RegExp(product.ean!) })).toBeVisible();
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await expect(dialog.getByTestId('picked-products')).toContainText(product.name);
  await keys.tabTo(dialog.getByLabel(/^Amount/));
  await keys.type('1');
  await keys.tabTo(dialog.getByLabel('Filter shops'));
  await keys.type(shop.name);
  const box = dialog.getByRole('checkbox', { name: `${shop.networkName} — ${shop.name}` });
  await keys.tabTo(box);
  await keys.press('Space');
  await expect(box).toBeChecked();
  await keys.tabTo(dialog.getByRole('button', { name: 'Save' }));
  await keys.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(alarmRows).toHaveCount(alarmsBefore + 1);

  // An export of that product's prices in Auchan's shops over the last 30 days.
  await keys.tabTo(page.getByTestId('side-menu').getByRole('link', { name: 'Unloading prices' }), { back: true });
  await keys.press('Enter');
  const form = page.getByRole('form', { name: 'New export' });
  await expect(form).toBeVisible();
  const auchan = form.getByRole('button', { name: 'Auchan', exact: true });
  await keys.tabTo(auchan);
  await keys.press('Space');
  await expect(auchan).toHaveAttribute('aria-pressed', 'true');
  await keys.tabTo(form.getByLabel('Or paste EANs and articles (one per line)'));
  await keys.type(product.ean!);
  await expect(form.getByText('Recognised: 1 EANs, 0 articles.')).toBeVisible();
  await keys.tabTo(form.getByRole('button', { name: '30 d' }));
  await keys.press('Enter');
  const name = `Keyboard export ${Date.now()}`;
  await keys.tabTo(form.getByLabel('Name of the export'));
  await keys.type(name);
  await keys.tabTo(form.getByRole('button', { name: 'Create export' }));
  await keys.press('Enter');
  await expect(page.getByText('Export queued')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Export requests' }).getByRole('row', { name: new RegExp(name) })).toBeVisible();

  expect([...keys.problems]).toEqual([]);
});
