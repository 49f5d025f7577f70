import { expect, test } from '@playwright/test';
import { BASE_OLD_SITE, OLD_SITE_URL } from '../playwright.config';
import { apiToken, PASSWORD, sideMenu } from './helpers';

// The deployment that has an old-design address (spec §2 start-up navigation, the old-design link).
test.use({ baseURL: BASE_OLD_SITE });

test('an admin is sent to the old design carrying the token, and the session is cleared here', async ({ page }) => {
  await page.route(`${OLD_SITE_URL}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Old design</h1>' }));
  await page.goto('/login');
  await page.getByLabel(/username/i).fill('admin');
  await page.getByLabel(/^password$/i).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/old-design\.pricewatch\.test/);
  const url = new URL(page.url());
  expect(url.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);
  await page.goto(`${BASE_OLD_SITE}/login`);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('the old-design menu link carries the token', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/username/i).fill('ashan');
  await page.getByLabel(/^password$/i).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/report-analytics$/);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const href = await sideMenu(page)
    .getByRole('link', { name: /old design/i })
    .getAttribute('href');
  expect(href).toContain(OLD_SITE_URL.replace(/\/$/, ''));
  expect(new URL(href!).searchParams.get('token')).toBe(token);
});

test('the old design hands over its token by window message and gets TOKEN_SET back', async ({ page, request }) => {
  const { token } = await apiToken(request, BASE_OLD_SITE, 'netadmin');
  // The old design opens the new app and posts the token to it.
  await page.route(`${OLD_SITE_URL}**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<h1>Old design</h1><script>
        window.replies = [];
        window.addEventListener('message', (e) => window.replies.push(e.data));
        window.openNew = () => {
          const w = window.open('${BASE_OLD_SITE}/login', 'new-design');
          const post = () => w.postMessage({ type: 'SET_AUTH_TOKEN', token: '${token}' }, '*');
          const timer = setInterval(post, 200);
          window.addEventListener('message', (e) => { if (e.data && e.data.type === 'TOKEN_SET') clearInterval(timer); });
        };
      </script>`,
    }),
  );
  await page.goto(OLD_SITE_URL);
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.evaluate(() => (window as unknown as { openNew: () => void }).openNew())]);
  await expect.poll(() => page.evaluate(() => (window as unknown as { replies: { type: string }[] }).replies.map((r) => r.type))).toContain('TOKEN_SET');
  await expect.poll(() => popup.evaluate(() => localStorage.getItem('auth_token'))).toBe(token);
  await expect(popup).toHaveURL(/\/parsers$/);
});
