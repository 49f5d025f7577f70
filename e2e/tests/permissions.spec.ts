import { expect, test } from '@playwright/test';
import { BASE } from '../playwright.config';
import { apiToken } from './helpers';

// Issue 8: the server refuses what the menu hides (spec §6), on the running product, not only in tests.
test('the running server answers 403 where spec §6 keeps a role out, and lets the others through', async ({ request }) => {
  const call = async (username: string, method: 'GET' | 'POST', path: string, data?: unknown) => {
    const { token, xsrf } = await apiToken(request, BASE, username);
    const url = `${BASE}${path}${path.includes('?') ? '&' : '?'}token=${token}`;
    const res = method === 'GET' ? await request.get(url) : await request.post(url, { data: data ?? {}, headers: { 'X-XSRF-TOKEN': xsrf } });
    return res.status();
  };
  // Users: network admins and the provider's admins only; a network admin only their own network.
  expect(await call('analyst', 'GET', '/network-users/list')).toBe(403);
  expect(await call('guest', 'POST', '/network-users', { username: 'x.y.z', name: 'X', password: 'Brambory2024x', roles: ['network'] })).toBe(403);
  expect(await call('netadmin', 'GET', '/network-users/list?network=albert')).toBe(403);
  expect(await call('netadmin', 'GET', '/network-users/admin/list')).toBe(403);
  expect(await call('netadmin', 'GET', '/network-users/list')).toBe(200);
  expect(await call('admin', 'GET', '/network-users/admin/list')).toBe(200);
  // A network admin cannot make a provider admin.
  expect(await call('netadmin', 'POST', '/network-users', { username: 'sneaky.admin', name: 'S', password: 'Brambory2024x', roles: ['admin'] })).toBe(403);
  // Analytics are hidden for hunter-limit; alarms are for admins and Ashan users.
  expect(await call('hunter', 'POST', '/prices/history/products/analytics', {})).toBe(403);
  expect(await call('atb', 'GET', '/price-alarms/get/all')).toBe(403);
});

test('a network user who opens the Users address gets no list', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/username/i).fill('analyst');
  await page.getByLabel(/^password$/i).fill('pricewatch');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/parsers$/);
  await page.goto('/network-users');
  await expect(page.getByRole('alert').filter({ hasText: 'You do not have access to this.' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New user' })).toHaveCount(0);
});
