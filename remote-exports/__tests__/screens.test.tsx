import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// docs/conventions.md: the remote exposes ./ReportAnalytics, ./Analytics, ./ProductList and
// ./ProductCard, each a module whose default export is a screen component without props. The screens
// themselves have their own suites.
const config = readFileSync(join(__dirname, '..', 'webpack.config.cjs'), 'utf8');
const exposes = Object.fromEntries([...config.matchAll(/'(\.\/\w+)':\s*'(\.\/src\/[^']+)'/g)].map((m) => [m[1], m[2]]));

describe('remote exports: exposed screens', () => {
  it('exposes the four screens of the conventions', () => {
    expect(Object.keys(exposes).sort()).toEqual(['./Analytics', './ProductCard', './ProductList', './ReportAnalytics']);
  });

  it.each(Object.entries(exposes))('%s default-exports a component', (_name, file) => {
    const screen = jest.requireActual(join(__dirname, '..', file)) as { default?: unknown };
    expect(typeof screen.default).toBe('function');
    expect((screen.default as (...args: unknown[]) => unknown).length).toBeLessThanOrEqual(1);
  });
});
