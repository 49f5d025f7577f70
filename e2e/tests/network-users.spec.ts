import { expect, test, type Page } from '@playwright/test';
import { signIn, sideMenu } from './helpers';

// Issue 8: a network admin manages the users of their network (spec §7 Users, §6 menu).
const STRONG = 'Brambory2024x';

async function logOut(page: Page) {
  await sideMenu(page)
    .getByRole('button', { name: /log ?out/i })
    .click();
  await expect(page).toHaveURL(/\/login$/);
}

async function openUsers(page: Page) {
  await sideMenu(page)
    .getByRole('link', { name: /^users$/i })
    .click();
  await expect(page).toHaveURL(/\/network-users$/);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row', { name: /netadmin/ })).toBeVisible();
  return table;
}

test('a network admin creates a parser-only user; a weak password is refused; blocking ends the user’s open session', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const username = `e2e.parser.${Date.now().toString(36)}`;

  await signIn(page, 'netadmin');
  await expect(page).toHaveURL(/\/parsers$/);
  const table = await openUsers(page);

  // A weak password: the server's reason is shown translated, the form and what was typed stay.
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Name/).fill('Pavel Parser');
  const password = dialog.getByLabel(/^Password/).and(page.locator('input'));
  await password.fill('password123');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The password is too weak.');
  await expect(dialog.getByText('This password is too common; choose another.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel(/^Username/)).toHaveValue(username);

  // A strong one, with the parser access area only.
  await password.fill(STRONG);
  await dialog.getByLabel('Same as the network').uncheck();
  await dialog.getByLabel('Manual').uncheck();
  await dialog.getByLabel('Retail').uncheck();
  await expect(dialog.getByLabel('Parser')).toBeChecked();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row', { name: new RegExp(username.replaceAll('.', '\\.')) });
  await expect(row).toContainText('Parser');
  await expect(row).not.toContainText('Manual');
  await expect(row).toContainText('Active');

  // The new user signs in and sees the menu of a network user with parser access: Parsers, no Users.
  await logOut(page);
  await signIn(page, username, STRONG);
  await expect(page).toHaveURL(/\/parsers$/);
  await expect(sideMenu(page).getByRole('link', { name: /^parsers$/i })).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: /^users$/i })).toHaveCount(0);
  await expect(sideMenu(page).getByRole('link', { name: /^alarms$/i })).toHaveCount(0);
  await logOut(page);

  // The user works in a second browser while the network admin blocks them.
  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signIn(userPage, username, STRONG);
  await expect(userPage).toHaveURL(/\/parsers$/);

  await signIn(page, 'netadmin');
  await expect(page).toHaveURL(/\/parsers$/);
  await openUsers(page);
  await page.getByRole('button', { name: `Edit ${username}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit user ${username}` });
  await edit.getByLabel(/^Blocked/).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(username.replaceAll('.', '\\.')) })).toContainText('Blocked');

  // Back in the user's tab: the host re-verifies the session when the tab is revisited → login.
  await userPage.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(userPage).toHaveURL(/\/login$/);
  expect(await userPage.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await other.close();
});

test('deleting asks first, and the user disappears', async ({ page }) => {
  await signIn(page, 'netadmin');
  await expect(page).toHaveURL(/\/parsers$/);
  const table = await openUsers(page);
  const username = `e2e.gone.${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel(/^Username/).fill(username);
  await dialog.getByLabel(/^Name/).fill('Short Lived');
  await dialog
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .fill(STRONG);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('cell', { name: username, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete user' });
  await expect(confirm).toContainText(`Delete ${username} (Short Lived)?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('cell', { name: username, exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Delete ${username}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('cell', { name: username, exact: true })).toHaveCount(0);
});
