import { expect, test } from '@playwright/test';
import { BASE, BASE_PL } from '../playwright.config';
import { chooseLanguage } from './deployment-helpers';
import { openSignedIn } from './helpers';

// Issue 18 item 3: data comes in the UI language (server/docs/translations.md) — the demo sections'
// names in the product list, the description on a product card — and a switch of language reloads it.
const RU_SECTIONS =
  /^(Молочные продукты|Хлеб и выпечка|Мясо и рыба|Напитки|Алкоголь|Сладости и снеки|Бакалея|Замороженные продукты|Бытовая химия|Личная гигиена|Детские товары)$/;
const EN_SECTIONS = /^(Dairy|Bakery|Meat and fish|Beverages|Alcohol|Sweets and snacks|Grocery|Frozen food|Household|Personal care|Baby)$/;
const PL_SECTIONS =
  /^(Nabiał|Pieczywo|Mięso i ryby|Napoje|Alkohole|Słodycze i przekąski|Artykuły spożywcze|Mrożonki|Chemia gospodarcza|Higiena osobista|Dla dzieci)$/;

test('in Russian the product list and card show Russian sections and description; back in English, English', async ({ page }) => {
  await openSignedIn(page, 'ashan', '/product', BASE);
  await chooseLanguage(page, 'ru');
  const table = page.getByRole('table').first();
  await expect(table.getByRole('cell', { name: RU_SECTIONS }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: EN_SECTIONS })).toHaveCount(0);

  await table.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByText(/Отдел «/).first()).toBeVisible();

  await page.goto('/product');
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('table').first().getByRole('cell', { name: EN_SECTIONS }).first()).toBeVisible();
});

test('the Polish deployment shows Polish sections', async ({ page }) => {
  // The Polish server's first page is its first load of the remotes (a bound, as deployment-translations.spec has).
  test.setTimeout(90_000);
  await openSignedIn(page, 'ashan', '/product', BASE_PL);
  await chooseLanguage(page, 'pl');
  await expect(page.getByRole('table').first().getByRole('cell', { name: PL_SECTIONS }).first()).toBeVisible();
});
