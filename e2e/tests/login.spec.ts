import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.describe('login screen', () => {
  test('wrong password shows the translated message and keeps what was typed', async ({ page }) => {
    await signIn(page, 'ashan', 'not-the-password');
    await expect(page.getByText(/incorrect login or password/i)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel(/username/i)).toHaveValue('ashan');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('empty fields do not sign in', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/auth/login')) loginCalls += 1;
    });
    await page.goto('/login');
    await page.getByLabel(/username/i).fill('ashan');
    await page.getByRole('button', { name: /sign in/i }).click({ force: true });
    await page.waitForTimeout(300);
    expect(loginCalls).toBe(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel(/^password$/i);
    await password.fill('secret');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: /hide password/i }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('empty and unknown paths go to the login screen', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/no-such-screen/at-all');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: /login/i })).toBeVisible();
  });
});
