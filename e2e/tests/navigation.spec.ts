import { expect, test } from '@playwright/test';
import { BASE } from '../playwright.config';
import { apiToken, sideMenu, signIn } from './helpers';

// Issue 18 item 5: a link opened while logged out comes back after login; leaflets have a menu entry in
// the Czech deployment, where promo analysis (their other way in) is hidden.

test('a product link opened while logged out opens after login, not the start page of the role', async ({ page, request }) => {
  const { token } = await apiToken(request, BASE, 'ashan');
  const product = (await (await request.get(`${BASE}/products/list`, { params: { token, limit: 1 } })).json()).data.items[0];
  await page.goto(`/product/${product._id}`);
  await expect(page).toHaveURL(/\/login$/);
  // Ashan's start page would be /report-analytics.
  await signIn(page, 'ashan');
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
});

test('a leaflet link opened while logged out opens after login, with its query', async ({ page, request }) => {
  const { token } = await apiToken(request, BASE, 'analyst');
  const leaflet = (await (await request.get(`${BASE}/leaflets/search/by-name`, { params: { token, name: '' } })).json()).data[0];
  await page.goto(`/leaflet?id=${leaflet._id}`);
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'analyst');
  await expect(page).toHaveURL(new RegExp(`/leaflet\\?id=${leaflet._id}$`));
  await expect(page.getByTestId('leaflet-view')).toBeVisible();
});

test('leaflets are in the Czech menu and lead to the list of leaflets, and back', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await sideMenu(page)
    .getByRole('link', { name: /^leaflets$/i })
    .click();
  await expect(page).toHaveURL(/\/leaflet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leaflets' })).toBeVisible();
  await page.getByRole('link', { name: /back to the app/i }).click();
  await expect(page).toHaveURL(/\/report-analytics$/);
});
