import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentType } from 'react';
import { screen } from '@testing-library/react';
import { clearSessionData } from '@pricewatch/shared/query';
import { makeUser, renderWithProviders } from '@pricewatch/shared/testing';
import { setUpApiServer } from './helpers/api-server';
import { page, product, productPrices } from './helpers/fixtures';
import { readNamespace, resources } from './helpers/resources';

// Whole screens with charts and tables: seconds each on a busy two-core machine.
jest.setTimeout(30_000);

// docs/conventions.md: the remote exposes ./ReportAnalytics, ./Analytics, ./ProductList and
// ./ProductCard, each a module whose default export is a screen without props. Each exposed module is
// rendered as the host renders it (no props, on its route); the screens' own suites test the rest.
const config = readFileSync(join(__dirname, '..', 'webpack.config.cjs'), 'utf8');
const exposes = Object.fromEntries([...config.matchAll(/'(\.\/\w+)':\s*'(\.\/src\/[^']+)'/g)].map((m) => [m[1], m[2]]));
const en = readNamespace('en') as Record<string, { title: string }>;
const admin = makeUser({ isAdmin: true, name: 'Admin' });

/** Each screen's route and the heading a user sees on it. */
const SCREENS: Record<string, { route: string; path?: string; heading: string }> = {
  './ReportAnalytics': { route: '/report-analytics', heading: en.reportAnalytics!.title },
  './Analytics': { route: '/analytics', heading: en.analytics!.title },
  './ProductList': { route: '/product', heading: en.productList!.title },
  './ProductCard': { route: '/product/42', path: '/product/:id', heading: product().name },
};

const api = setUpApiServer();
const none = () => [];
beforeEach(() => {
  clearSessionData();
  // Every list empty, the one product known: the screens only have to come up.
  api.serve({
    'GET /shops/networks': none,
    'GET /shops': none,
    'GET /sections': none,
    'POST /brands/get-by-filters': none,
    'GET /products/list': () => page([], 0),
    'GET /export/list': () => page([], 0),
    'GET /export/get-templates': none,
    'GET /export/export-request-schedule': none,
    'GET /products/42': () => product(),
    'GET /prices/product/42': () => productPrices(),
    'GET /prices/history': none,
    'GET /products/find-similar-products': none,
  });
});

it('exposes the four screens of the conventions', () => {
  expect(Object.keys(exposes).sort()).toEqual(Object.keys(SCREENS).sort());
});

it.each(Object.entries(exposes))('%s renders its screen with its heading', async (name, file) => {
  const Screen = (jest.requireActual(join(__dirname, '..', file)) as { default: ComponentType }).default;
  const { route, path, heading } = SCREENS[name]!;
  renderWithProviders(<Screen />, { user: admin, resources: resources(), route, path, deployment: { apiServers: [api.url] } });
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
});
