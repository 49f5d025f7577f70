import { expect, test } from '@playwright/test';
import { signIn, sideMenu } from './helpers';

// Counts react-dom renderers as React DevTools would see them: each copy of react-dom injects itself.
const COUNT_RENDERERS = () => {
  const w = window as unknown as Record<string, unknown>;
  let id = 0;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    inject(renderer: unknown) {
      id += 1;
      (this as { renderers: Map<number, unknown> }).renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
};

test('a screen served by a remote loads inside the shell', async ({ page }) => {
  const remoteFiles: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/remotes/parsers/')) remoteFiles.push(r.url());
  });
  await signIn(page, 'analyst');
  await expect(page).toHaveURL(/\/parsers$/);
  await expect(page.getByRole('main').getByRole('heading', { name: /^parsers$/i })).toBeVisible();
  expect(remoteFiles.some((u) => u.endsWith('remoteEntry.js') || u.endsWith('mf-manifest.json'))).toBe(true);
});

test('one React, one react-dom and one shared package serve host and remotes', async ({ page }) => {
  await page.addInitScript(COUNT_RENDERERS);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /invalid hook call|more than one copy of react/i.test(m.text())) errors.push(m.text());
  });
  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await expect(page.getByRole('main').getByRole('heading', { name: /unloading prices/i })).toBeVisible();
  await sideMenu(page)
    .getByRole('link', { name: /^alarms$/i })
    .click();
  await expect(page.getByRole('main').getByRole('heading', { name: /^alarms$/i })).toBeVisible();

  const renderers = await page.evaluate(
    () => (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
  );
  expect(renderers).toBe(1);
  expect(errors).toEqual([]);

  // The federation share scope: each singleton has one version and was loaded once, from one provider.
  const loaded = await page.evaluate(() => {
    type Shared = Record<string, Record<string, { loaded?: boolean; loading?: unknown; from: string; useIn?: string[] }>>;
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Shared>> } }).__FEDERATION__.__SHARE__;
    const result: Record<string, { versions: number; loadedFrom: string[] }> = {};
    for (const instance of Object.values(share)) {
      for (const scope of Object.values(instance)) {
        for (const [pkg, versions] of Object.entries(scope)) {
          const entry = (result[pkg] ??= { versions: 0, loadedFrom: [] });
          entry.versions = Math.max(entry.versions, Object.keys(versions).length);
          for (const v of Object.values(versions)) {
            if (v.loaded && !entry.loadedFrom.includes(v.from)) entry.loadedFrom.push(v.from);
          }
        }
      }
    }
    return result;
  });
  // react-query and the shared query module: one QueryClient, one cache for the host and every remote.
  for (const pkg of [
    'react',
    'react-dom',
    '@pricewatch/shared/auth',
    'zustand',
    'i18next',
    '@chakra-ui/react',
    '@tanstack/react-query',
    '@pricewatch/shared/query',
  ]) {
    expect(loaded[pkg], `${pkg} is shared`).toBeDefined();
    expect(loaded[pkg].loadedFrom.length, `${pkg} is loaded from one provider: ${loaded[pkg].loadedFrom}`).toBeLessThanOrEqual(1);
  }
});

test('a remote that fails to load shows a translated error with retry, the rest keeps working', async ({ page }) => {
  let broken = true;
  await page.route('**/remotes/alarms/**', (route) => (broken ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
  await signIn(page, 'ashan');
  await expect(page).toHaveURL(/\/report-analytics$/);
  await sideMenu(page)
    .getByRole('link', { name: /^alarms$/i })
    .click();
  const main = page.getByRole('main');
  await expect(main.getByText(/could not be loaded/i)).toBeVisible();
  // The shell still works: another area opens.
  await sideMenu(page)
    .getByRole('link', { name: /^analytics$/i })
    .click();
  await expect(main.getByRole('heading', { name: /^analytics$/i })).toBeVisible();
  await sideMenu(page)
    .getByRole('link', { name: /^alarms$/i })
    .click();
  await expect(main.getByText(/could not be loaded/i)).toBeVisible();
  broken = false;
  await main.getByRole('button', { name: /retry/i }).click();
  await expect(main.getByRole('heading', { name: /^alarms$/i })).toBeVisible();
});
