// One lint for the workspace (issue 15 item 4): typescript-eslint's recommended rules and the import
// boundaries of docs/conventions.md, enforced by eslint-plugin-import-x on resolved paths.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { REMOTE_NAMES } from './scripts/lib/remote-names.mjs';

const ROOT = dirname(fileURLToPath(import.meta.url));
const FRONT_ENDS = ['host', ...REMOTE_NAMES.map((name) => `remote-${name}`)];
const TS = '**/*.{ts,tsx,mts,cts}';
const subdirs = (dir) =>
  existsSync(join(ROOT, dir))
    ? readdirSync(join(ROOT, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

/**
 * Server areas use each other only through the other area's plugin.ts (issue 15 item 2): the plugin
 * builds the area's service, puts it on the Fastify instance and re-exports the few helpers and types
 * other areas may use. What most areas share lives in server/src/core/. An exception, if one is ever
 * needed, is named in AREA_EXCEPTIONS with its reason; any other cross-area import fails the lint.
 */
const AREA_EXCEPTIONS = {};
const AREA_PLUGINS = subdirs('server/src/areas')
  .filter((area) => existsSync(join(ROOT, 'server/src/areas', area, 'plugin.ts')))
  .map((area) => `${area}/plugin.ts`);

const areaZones = subdirs('server/src/areas').map((area) => ({
  target: `./server/src/areas/${area}`,
  from: './server/src/areas',
  except: [`./${area}`, ...AREA_PLUGINS, ...(AREA_EXCEPTIONS[area] ?? [])].map((p) => (p.startsWith('./') ? p : `./${p}`)),
  message: "an area uses another area only through that area's plugin.ts (or an exception named in eslint.config.mjs)",
}));
// Routes are HTTP only: they reach another area through what its plugin put on the instance
// (`fastify.<area>`), never by importing it, not even its plugin.ts.
for (const area of subdirs('server/src/areas').filter((a) => existsSync(join(ROOT, 'server/src/areas', a, 'routes.ts')))) {
  areaZones.push({
    target: `./server/src/areas/${area}/routes.ts`,
    from: './server/src/areas',
    except: [`./${area}`],
    message: "an area's routes.ts imports no other area: use what that area's plugin put on the instance (fastify.<area>)",
  });
}
// The core is what areas build on, so it never reaches into an area.
areaZones.push({
  target: './server/src/core',
  from: './server/src/areas',
  message: 'server/src/core/ does not import areas (areas build on the core, not the other way round)',
});

/** Inside a front end, a feature imports only itself and the package's shared folders (lib/, components/). */
const featureZones = FRONT_ENDS.flatMap((pkg) =>
  subdirs(`${pkg}/src/features`).map((feature) => ({
    target: `./${pkg}/src/features/${feature}`,
    from: `./${pkg}/src/features`,
    except: [`./${feature}`],
    message: 'no cross-feature imports: move what two features share into lib/ or components/ (or @pricewatch/shared)',
  })),
);

// Known cross-feature imports of the host, allowed until its shell is split (issue 15 item 4 report).
const HOST_FEATURE_EXCEPTIONS = {
  // The login screen enters the app and clears cached data through the session feature; its language
  // picker (being built beside the shell's, issue 18) names languages as the shell does.
  login: ['./session', './shell/lib/language-names.ts'],
  // The side menu shows the video instructions entry; the instructions reuse the menu's link.
  shell: ['./video-instructions', './session'],
  'video-instructions': ['./shell/components/menu-link.tsx'],
};
for (const zone of featureZones) {
  const match = /^\.\/host\/src\/features\/(.+)$/.exec(zone.target);
  if (match) zone.except.push(...(HOST_FEATURE_EXCEPTIONS[match[1]] ?? []));
}

const hostZones = [
  {
    target: './host/src/features',
    from: './host/src/app',
    message: 'host features do not import app/ (the shell wires features, not the other way round)',
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.tools/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'server/drizzle/**', 'coverage/**'],
  },
  {
    files: [TS],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    settings: {
      // Without these, import-x cannot parse the TypeScript it follows and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['shared', 'server', 'e2e', ...FRONT_ENDS].map((p) => join(ROOT, p, 'tsconfig.json')),
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Control characters in patterns are deliberate: NUL and control-character checks on input.
      'no-control-regex': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-relative-packages': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...areaZones, ...featureZones, ...hostZones] }],
    },
  },
  {
    files: [...FRONT_ENDS, 'shared'].map((pkg) => `${pkg}/${TS}`),
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic hook rules only (v7's React Compiler rules would flag working code wholesale);
      // missing dependencies warn, as React's own preset does.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/__tests__/**', 'e2e/**'],
    // Tests load modules afresh with require(), build loose fixtures, and write imprecise numbers on purpose.
    rules: { '@typescript-eslint/no-require-imports': 'off', '@typescript-eslint/no-explicit-any': 'off', 'no-loss-of-precision': 'off' },
  },
  {
    // Screen tests answer API calls from the real local HTTP server (docs/conventions.md "Tests"): a module
    // mock of the API client skips the request a browser would send.
    files: [...FRONT_ENDS, 'shared'].map((pkg) => `${pkg}/__tests__/**`),
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='jest'][callee.property.name=/^(mock|doMock)$/][arguments.0.value=/^@pricewatch\\/shared\\/api/]",
          message: 'Answer API calls with startLocalApiServer() from @pricewatch/shared/testing/local-api-server (docs/conventions.md "Tests").',
        },
      ],
    },
  },
  {
    // Being changed by the scrapers work (issue 16): its crawler is declared before the closures that
    // use it; to be looked at when that work lands (issue 15 item 4 report).
    files: ['server/src/scraping/browser-crawl.ts'],
    rules: { 'prefer-const': 'off' },
  },
  ...FRONT_ENDS.map((pkg) => ({
    // A front end imports @pricewatch/shared, the singletons it declares and its own code: never the host
    // or another remote (not declared), never a package only the tests may use.
    files: [`${pkg}/src/${TS}`],
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { packageDir: [join(ROOT, pkg)], devDependencies: false }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@pricewatch/(?!shared(/|$))', message: 'a front end imports only @pricewatch/shared of the workspace' }] },
      ],
    },
  })),
  {
    files: [`shared/src/${TS}`],
    ignores: [`shared/src/**/__tests__/**`, `shared/src/testing/**`],
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { packageDir: [join(ROOT, 'shared')], devDependencies: false }],
    },
  },
  {
    files: [`server/src/${TS}`, `server/bench/${TS}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@pricewatch/shared(?!/(contract|permissions|format)$)',
              message: "the server imports only shared's contract, permissions and format",
            },
          ],
        },
      ],
    },
  },
);
