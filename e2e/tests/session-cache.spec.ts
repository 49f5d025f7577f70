import { expect, test, type Page } from '@playwright/test';
import { sideMenu, signIn } from './helpers';

// Spec §3 "Shared data" (issue 15 item 3): the catalogue every remote needs — shops, networks,
// sections, city codes, available shops — is loaded once per session into the page's one query cache
// (@pricewatch/shared/query), whichever remote asks first; the next user starts over.

const CATALOGUE = ['/shops', '/shops/networks', '/shops/map', '/sections', '/utils/city-codes', '/utils/available-shops'];

function countCatalogueCalls(page: Page) {
  const counts = new Map<string, number>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.method() === 'GET' && CATALOGUE.includes(path)) counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return counts;
}

async function open(page: Page, link: RegExp, url: RegExp, heading: string) {
  await sideMenu(page).getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('shops, networks and sections load once on a walk through three remotes; the next user loads them again', async ({ page }) => {
  test.setTimeout(180_000);
  const counts = countCatalogueCalls(page);

  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  // Unloading prices (exports) needs networks and shops; its form shows them.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => counts.get('/shops/networks') ?? 0).toBe(1);

  // Analytics (exports again: networks, sections), Alarms (alarms: shops), Parsers (parsers: network
  // names), back to Analytics: moving inside the app, as a user does.
  await open(page, /^analytics$/i, /\/analytics$/, 'Analytics');
  await expect.poll(() => counts.get('/sections') ?? 0).toBe(1);
  await open(page, /^Alarms/, /\/alarms$/, 'Alarms');
  await expect.poll(() => counts.get('/shops') ?? 0).toBe(1);
  await open(page, /^Parsers/, /\/parsers$/, 'Parsers');
  await expect(page.getByRole('table', { name: 'Parsers' })).toBeVisible();
  await open(page, /^analytics$/i, /\/analytics$/, 'Analytics');
  await open(page, /^Unloading prices/, /\/report-analytics$/, 'Unloading prices');

  for (const path of CATALOGUE) expect(counts.get(path) ?? 0, `${path} asked at most once`).toBeLessThanOrEqual(1);
  expect(counts.get('/shops')).toBe(1);
  expect(counts.get('/shops/networks')).toBe(1);
  expect(counts.get('/sections')).toBe(1);
  // Spec §4: city codes and the available shops are fetched after login.
  expect(counts.get('/utils/city-codes')).toBe(1);
  expect(counts.get('/utils/available-shops')).toBe(1);

  // The session ends: the next user may see other shops, so nothing is answered from the old cache.
  await sideMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(/username/i).fill('admin');
  await page.getByLabel(/^password$/i).fill('pricewatch');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/report-analytics$/);
  await open(page, /^Alarms/, /\/alarms$/, 'Alarms');
  await expect.poll(() => counts.get('/shops') ?? 0).toBe(2);
  await expect.poll(() => counts.get('/shops/networks') ?? 0).toBe(2);
});
