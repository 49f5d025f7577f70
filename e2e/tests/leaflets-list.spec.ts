import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BASE } from '../playwright.config';
import { apiToken, fillDay, sideMenu, signIn } from './helpers';

// Issue 6, the leaflet list (/leaflet without ?id=, full page without the shell): find leaflets by name
// and by period, create one (it opens), come back and rename it, export two to Excel, delete one; a
// guest looks but has no write buttons and the server refuses the guest's writes.

type ListedLeaflet = { _id: string; name: string; network: string; networkName: string; start: string; end: string };

/** MM/DD/YYYY → what a date input takes (YYYY-MM-DD). */
const isoOfDate = (d: Date) => d.toISOString().slice(0, 10);

async function listLeaflets(request: APIRequestContext, token: string): Promise<ListedLeaflet[]> {
  const res = await request.get(`${BASE}/leaflets/search/by-name`, { params: { token, name: '' } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as ListedLeaflet[];
}

/** A leaflet of the demo (the server seeds a few per demo network) to search for. */
async function demoLeaflet(request: APIRequestContext, token: string): Promise<ListedLeaflet> {
  const existing = await listLeaflets(request, token);
  expect(existing.length, 'the demo has leaflets').toBeGreaterThan(0);
  return existing[existing.length - 1]!;
}

async function openList(page: Page) {
  await page.goto('/leaflet');
  await expect(page.getByRole('heading', { name: 'Leaflets', level: 1 })).toBeVisible();
  // The shell-less screen: no side menu, no header — its own slim bar leads back.
  await expect(sideMenu(page)).toHaveCount(0);
  await expect(page.getByTestId('header')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Back to the app/ })).toBeVisible();
}

test('operator: finds leaflets by name and period, creates, renames, exports two and deletes one', async ({ page, request }) => {
  test.setTimeout(120_000);
  const operator = await apiToken(request, BASE, 'operator');
  const demo = await demoLeaflet(request, operator.token);

  await signIn(page, 'operator');
  await expect(sideMenu(page)).toBeVisible();
  await openList(page);
  const table = page.getByRole('table', { name: 'Leaflets' });
  await expect(table.getByRole('link', { name: demo.name })).toBeVisible();

  // By name: part of a demo leaflet's name finds it (the box waits for typing to pause).
  const part = demo.name.slice(0, Math.max(4, Math.ceil(demo.name.length / 2)));
  const byName = page.waitForRequest((r) => r.url().includes('/leaflets/search/by-name') && new URL(r.url()).searchParams.get('name') === part);
  await page.getByLabel('Leaflet name').fill(part);
  await byName;
  await expect(table.getByRole('link', { name: demo.name })).toBeVisible();
  // The table keeps the previous rows until the answer arrives: wait until only matches are left.
  await expect.poll(async () => (await table.getByRole('link').allTextContents()).filter((row) => !row.toLowerCase().includes(part.toLowerCase()))).toEqual([]);

  // By period: the leaflet's own days find it (sent as US dates); an end before the start is refused here.
  await page.getByRole('radio', { name: 'Period' }).click({ force: true });
  await expect(page.getByText('Choose a period')).toBeVisible();
  await fillDay(page.getByLabel('From', { exact: true }), demo.end);
  await fillDay(page.getByLabel('To', { exact: true }), '2000-01-01');
  await expect(page.getByText('The end is before the start')).toBeVisible();
  const byPeriod = page.waitForRequest((r) => r.url().includes('/leaflets/search/by-period'));
  await fillDay(page.getByLabel('From', { exact: true }), demo.start);
  await fillDay(page.getByLabel('To', { exact: true }), demo.end);
  const sent = new URL((await byPeriod).url()).searchParams;
  const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  expect([sent.get('start'), sent.get('end')]).toEqual([us(demo.start), us(demo.end)]);
  await expect(table.getByRole('link', { name: demo.name })).toBeVisible();
  // A period long before any leaflet: nothing.
  await fillDay(page.getByLabel('From', { exact: true }), '2001-01-01');
  await fillDay(page.getByLabel('To', { exact: true }), '2001-01-31');
  await expect(page.getByText('No leaflets match')).toBeVisible();

  // Create: lands on the new leaflet, still without the shell.
  const name = `E2E list ${Date.now()}`;
  const today = new Date();
  await page.getByRole('button', { name: 'New leaflet' }).click();
  const dialog = page.getByRole('dialog', { name: 'New leaflet' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Network').selectOption({ label: demo.networkName });
  await fillDay(dialog.getByLabel('First day'), isoOfDate(today));
  await fillDay(dialog.getByLabel('Last day'), isoOfDate(new Date(today.getTime() + 6 * 86_400_000)));
  await dialog.getByLabel('Description').fill('Made by the list e2e test');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/leaflet\?id=\d+$/);
  const createdId = new URL(page.url()).searchParams.get('id')!;
  await expect(sideMenu(page)).toHaveCount(0);
  await expect(page.getByTestId('header')).toHaveCount(0);

  // Back to the list: rename it.
  await openList(page);
  await page.getByLabel('Leaflet name').fill(name);
  await expect(table.getByRole('link', { name })).toBeVisible();
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit leaflet' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  const renamed = `${name} renamed`;
  await edit.getByLabel('Name').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByRole('link', { name: renamed })).toBeVisible();

  // Export two: the renamed one and the demo one, from the newest leaflets.
  await page.getByLabel('Leaflet name').fill('');
  await expect(table.getByRole('link', { name: renamed })).toBeVisible();
  await expect(table.getByRole('link', { name: demo.name })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${renamed}` }).check();
  await page.getByRole('checkbox', { name: `Select ${demo.name}` }).check();
  const exportRequest = page.waitForRequest((r) => r.url().includes('/leaflets/export'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to Excel (2)' }).click()]);
  const posted = await exportRequest;
  expect(new URL(posted.url()).searchParams.get('count')).toBe('100000');
  expect((posted.postDataJSON() as { ids: unknown[] }).ids.map(String).sort()).toEqual([createdId, demo._id].sort());
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.length).toBeGreaterThan(2000);

  // Delete the new one: asked first, then its row goes (and the server no longer has it).
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  const ask = page.getByRole('alertdialog', { name: 'Delete the leaflet?' });
  await expect(ask).toContainText(renamed);
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('link', { name: renamed })).toHaveCount(0);
  await expect(table.getByRole('link', { name: demo.name })).toBeVisible();
  const gone = await request.get(`${BASE}/leaflets/${createdId}`, { params: { token: operator.token } });
  expect(gone.status()).toBe(404);
});

test('guest: sees the leaflets but no write buttons; the server refuses a guest write', async ({ page, request }) => {
  await signIn(page, 'guest');
  await expect(sideMenu(page)).toBeVisible();
  await openList(page);
  const table = page.getByRole('table', { name: 'Leaflets' });
  await expect(table.getByRole('button', { name: /^Open / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New leaflet' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Export to Excel/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  const guest = await apiToken(request, BASE, 'guest');
  const one = await demoLeaflet(request, guest.token);
  const refused = await request.post(`${BASE}/leaflets/create`, {
    params: { token: guest.token },
    headers: { 'X-XSRF-TOKEN': guest.xsrf },
    data: { name: 'Guest leaflet', network: one!.network, start: '11/01/2026', end: '11/07/2026' },
  });
  expect(refused.status()).toBe(403);
  const del = await request.delete(`${BASE}/leaflets/${one!._id}`, { params: { token: guest.token }, headers: { 'X-XSRF-TOKEN': guest.xsrf } });
  expect(del.status()).toBe(403);
});
