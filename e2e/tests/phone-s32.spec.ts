import { readFileSync } from 'node:fs';
import { devices, expect, test, type Page } from '@playwright/test';
import { BASE, BASE_PL } from '../playwright.config';
import { chooseLanguage, signInAs } from './deployment-helpers';
import { fillDay } from './helpers';
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

/** For each row of a table: on how many lines its action buttons lie. */
const actionLines = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).evaluate((el) =>
    [...el.querySelectorAll('tbody tr')].map((row) => {
      const cell = row.lastElementChild!;
      return new Set([...cell.querySelectorAll('button, a')].map((b) => Math.round(b.getBoundingClientRect().top))).size;
    }),
  );

test('parsers on a phone: a row is a few lines tall, its actions two by two, not four buttons stacked (Russian)', async ({ page }) => {
  await signInAs(page, 'admin', BASE);
  await settle(page);
  await chooseLanguage(page, 'ru');
  await openScreen(page, '/parsers');
  // Start, results, edit, delete: stacked one under another each row was ~160 px tall on the phone (9 parsers ~1,500 px).
  const lines = await actionLines(page, 'Парсеры');
  expect(lines.length).toBeGreaterThan(0);
  expect(Math.max(...lines)).toBeLessThanOrEqual(2);
  // Each is a finger's size, the Edit link drawn as a button too (it was 32 px tall).
  const heights = await page
    .getByRole('table', { name: 'Парсеры' })
    .locator('tbody td:last-child')
    .first()
    .evaluate((cell) => [...cell.querySelectorAll('button, a')].map((b) => `${b.textContent} ${Math.round(b.getBoundingClientRect().height)}`));
  expect(heights.filter((h) => Number(h.split(' ').pop()) < 44)).toEqual([]);
});

test('every screen of the shell starts at the same edge on a phone: alarms and parsers padded twice lost 32 px of 390', async ({ page }) => {
  await signInAs(page, 'admin', BASE);
  await settle(page);
  const edges: Record<string, number> = {};
  for (const path of ['/analytics', '/report-analytics', '/network-users', '/alarms', '/parsers', '/product']) {
    await openScreen(page, path);
    // Read from the page when the heading is there (a screen replacing another may drop the one found first).
    edges[path] = await page
      .locator('main h1')
      .first()
      .evaluate((h) => Math.round(h.getBoundingClientRect().x));
  }
  expect(new Set(Object.values(edges)).size, JSON.stringify(edges)).toBe(1);
});

/** Whether the whole of the element is inside the phone's width. */
const inWidth = async (page: Page, box: { x: number; width: number } | null) => !!box && box.x >= 0 && box.x + box.width <= 390.5;

test('an export requested and downloaded by touch (an Ashan-type user, in Ukrainian)', async ({ page }) => {
  await signInAs(page, 'ashan', BASE);
  await settle(page);
  await chooseLanguage(page, 'ua');
  await openScreen(page, '/report-analytics');
  const form = page.getByRole('form', { name: 'Нове вивантаження' });
  await form.getByRole('button', { name: 'Auchan', exact: true }).tap();
  await form.getByRole('button', { name: '30 дн.' }).tap();
  const name = `Phone export ${Date.now().toString(36)}`;
  await form.getByLabel('Назва вивантаження').tap();
  await form.getByLabel('Назва вивантаження').fill(name);
  const create = form.getByRole('button', { name: 'Створити вивантаження' });
  expect(await inWidth(page, await create.boundingBox())).toBe(true);
  // Without products: the form says what is missing where the finger is looking, not only screens above it.
  await create.tap();
  const products = form.getByRole('combobox', { name: 'Знайдіть товари за назвою, артикулом або штрихкодом' });
  await expect(products).toHaveAttribute('aria-invalid', 'true');
  await expect(products).toBeInViewport();
  await products.tap();
  await products.fill('Ariel');
  await page.getByRole('option', { name: /Ariel/ }).first().tap();
  await create.tap();
  const row = page.getByRole('table', { name: 'Запити на вивантаження' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  const download = row.getByRole('button', { name: `Завантажити ${name}` });
  await expect(download).toBeVisible({ timeout: 90_000 });
  // The request's table scrolls sideways inside its box: its download is reached there, and a tap takes it.
  await download.scrollIntoViewIfNeeded();
  expect(await inWidth(page, await download.boundingBox())).toBe(true);
  const downloading = page.waitForEvent('download');
  await download.tap();
  const file = await (await downloading).path();
  expect(readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
});

test('a leaflet made and its page added by touch: the file field opens the phone’s picker', async ({ page }) => {
  await signInAs(page, 'admin', BASE);
  await settle(page);
  await openScreen(page, '/leaflet');
  await page.getByRole('button', { name: 'New leaflet', exact: true }).tap();
  const dialog = page.getByRole('dialog', { name: 'New leaflet' });
  const name = `Phone leaflet ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Network').selectOption({ label: 'Albert' });
  await fillDay(dialog.getByLabel('First day'), '2026-12-01');
  await fillDay(dialog.getByLabel('Last day'), '2026-12-07');
  await dialog.getByRole('button', { name: 'Create', exact: true }).tap();
  await expect(dialog).toBeHidden();
  const open = page.getByRole('button', { name: `Open ${name}` });
  if (await open.isVisible()) await open.tap();
  await expect(page.getByTestId('leaflet-view').getByRole('heading', { level: 1 })).toHaveText(name);

  // The picture of a page: this phone's own screen.
  const png = await page.screenshot({ scale: 'css' });
  const add = page.getByLabel('Add pages');
  const box = (await add.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  const choosing = page.waitForEvent('filechooser');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await (await choosing).setFiles({ name: 'page-1.png', mimeType: 'image/png', buffer: png });
  const thumb = page.getByRole('navigation', { name: 'Leaflet pages' }).getByRole('img', { name: 'Page 1' });
  await expect(thumb).toBeVisible({ timeout: 30_000 });
});

test('a user and a parser edited by touch: the dialog and the editor keep their Save in reach', async ({ page }) => {
  await signInAs(page, 'admin', BASE);
  await settle(page);

  // A user's name changed and changed back.
  await openScreen(page, '/network-users');
  const users = page.getByRole('table', { name: 'Users' });
  const rename = async (to: string) => {
    const edit = users.getByRole('button', { name: 'Edit metro', exact: true });
    await edit.scrollIntoViewIfNeeded();
    await edit.tap();
    const dialog = page.getByRole('dialog', { name: 'Edit user metro' });
    const name = dialog.getByLabel('Name', { exact: true });
    await name.tap();
    await name.fill(to);
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeInViewport();
    await save.tap();
    await expect(dialog).toBeHidden();
    await expect(users.getByRole('row', { name: /metro/ })).toContainText(to);
  };
  await rename('Taras Melnyk (phone)');
  await rename('Taras Melnyk');

  // A parser's name changed and changed back in its editor (a long form: Save at its foot).
  const parsers = page.getByRole('table', { name: 'Parsers' });
  const renameParser = async (from: string, to: string) => {
    await openScreen(page, '/parsers');
    const edit = parsers.getByRole('link', { name: `Edit ${from}`, exact: true });
    await edit.scrollIntoViewIfNeeded();
    expect(await inWidth(page, await edit.boundingBox())).toBe(true);
    await edit.tap();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue(from);
    await name.tap();
    await name.fill(to);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.scrollIntoViewIfNeeded();
    expect(await inWidth(page, await save.boundingBox())).toBe(true);
    await save.tap();
    await expect(parsers.getByRole('row', { name: new RegExp(to) })).toBeVisible();
  };
  await renameParser('Penny Borská', 'Penny Borská phone');
  await renameParser('Penny Borská phone', 'Penny Borská');
});

test('the header’s search box says what it is for whole on a phone, in every offered language', async ({ page }) => {
  const cut: string[] = [];
  // Its placeholder was cut after 'article' ('Search by name, article'), 'Поиск по названию, а'.
  const measure = async (lang: string) => {
    await chooseLanguage(page, lang);
    const { text, room, needed } = await page
      .getByTestId('header')
      .getByRole('searchbox')
      .evaluate((input: HTMLInputElement) => {
        const cs = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const space = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        return { text: input.placeholder, room: space, needed: ctx.measureText(input.placeholder).width };
      });
    if (!text || needed > room) cut.push(`${lang}: "${text}" needs ${Math.round(needed)} of ${Math.round(room)} px`);
  };
  await signInAs(page, 'admin', BASE);
  await settle(page);
  for (const lang of ['en', 'ru', 'ua']) await measure(lang);
  await signInAs(page, 'admin', BASE_PL);
  await settle(page);
  await measure('pl');
  expect(cut).toEqual([]);
});
