import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'pricewatch';

/** Signs in through the login form, as a user does. */
export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** A token through the API itself (GET sets the XSRF cookie, the login echoes it as the header). */
export async function apiToken(request: APIRequestContext, baseURL: string, username: string) {
  await request.get(`${baseURL}/deployment.json`);
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post(`${baseURL}/auth/login`, {
    data: { username, password: PASSWORD },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(res.status()).toBe(200);
  const body = await res.json();
  return { token: body.data.token as string, xsrf };
}

export const sideMenu = (page: Page) => page.getByTestId('side-menu');

/**
 * Types a day (ISO) into a date field as an English user sees it (MM/DD/YYYY) and leaves the field, which
 * commits it: the shared DateField follows the UI language (issue 18 item 3), not the ISO value of a native input.
 */
export async function fillDay(field: Locator, iso: string) {
  await field.fill(`${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`);
  await field.blur();
}
