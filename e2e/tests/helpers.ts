import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { BASE } from '../playwright.config';

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

/**
 * Signs `username` in where signing in is only the test's set-up, then opens `path` ('/': the user's start page,
 * as after the form): a token from the API, as the form gets it, kept where the app keeps it (auth_token), then
 * one page load. The form, its page load and the start screen drawn before the test's own screen cost ~3 s a
 * test at load ~20 (six sign-ins then a screen: 52-56 s by the form, 33-36 s this way). The form itself is the
 * subject of the tests that use signIn / signInAs. A test's own token each time: tests that log out or block
 * users end only their own sessions.
 */
export async function openSignedIn(page: Page, username: string, path = '/', base = BASE) {
  const { token } = await apiToken(page.request, base, username);
  // Any small page of the origin holds its localStorage; the app reads the token when it starts. Emptied first, as a
  // fresh browser's: a user signed in before in this page leaves neither their session nor their language.
  await page.goto(`${base}/deployment.json`);
  await page.evaluate((t) => {
    localStorage.clear();
    localStorage.setItem('auth_token', t);
  }, token);
  await page.goto(`${base}${path}`);
  // '/' goes by /login on to the start page, as the form does; a refused token would stay on /login.
  if (path === '/') await expect(page).toHaveURL((url) => !['/', '/login'].includes(url.pathname));
  else await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
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
