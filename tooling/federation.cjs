// Module Federation settings for the host and every remote, built in one place so they cannot drift:
// the same singletons, the same versions (read from what is installed, never `workspace:*`).
const fs = require('node:fs');
const path = require('node:path');

/** Shared as one instance in the browser; order is irrelevant. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'zustand',
  'i18next',
  'react-i18next',
  '@chakra-ui/react',
  '@emotion/react',
  '@pricewatch/shared',
  // Heavy libraries behind @pricewatch/shared/table and /chart: one copy for every remote that draws a
  // table or a chart, fetched only when such a screen renders (never by the login page or the shell).
  '@tanstack/react-table',
  'recharts',
  // The data layer: one QueryClient (in @pricewatch/shared/query) needs one react-query in the page.
  '@tanstack/react-query',
];

/** The shared package's directory: libraries only it depends on are resolved from there. */
const SHARED_DIR = path.resolve(__dirname, '..', 'shared');

/**
 * Prefix keys: `react/jsx-runtime`, `react-dom/client` and every `@pricewatch/shared/<subpath>` are
 * separate requests; without these they would be bundled into each build a second time.
 */
const PREFIXED = ['react', 'react-dom', '@pricewatch/shared'];

/** The installed version of `pkg` as seen from package directory `dir` (pnpm links it there). */
function installedVersion(pkg, dir) {
  let cur = dir;
  for (;;) {
    const file = path.join(cur, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    const up = path.dirname(cur);
    if (up === cur) throw new Error(`federation: ${pkg} is not installed for ${dir}`);
    cur = up;
  }
}

/**
 * A singleton's version for `dir`: its own install, else the shared package's (a remote reaches
 * @tanstack/react-table and recharts only through @pricewatch/shared/table and /chart).
 */
function singletonVersion(pkg, dir) {
  try {
    return installedVersion(pkg, dir);
  } catch (error) {
    if (dir === SHARED_DIR) throw error;
    return installedVersion(pkg, SHARED_DIR);
  }
}

/**
 * The `shared` map of the MF plugin for the package in `dir`.
 * `versions` pretends other installed versions ({ zustand: '6.0.0' }): the version-skew tests build a
 * remote "against" a newer library this way (docs/federation.md "Version skew").
 */
function sharedMap(dir, versions = {}) {
  const map = {};
  for (const pkg of SINGLETONS) {
    const version = versions[pkg] ?? singletonVersion(pkg, dir);
    const config = { singleton: true, version, requiredVersion: `^${version}`, strictVersion: false };
    map[pkg] = { ...config };
    if (PREFIXED.includes(pkg)) map[`${pkg}/`] = { ...config };
  }
  return map;
}

/**
 * ModuleFederationPlugin options.
 * @param {{ dir: string, name: string, exposes?: Record<string,string>, isHost?: boolean,
 *   runtimePlugins?: string[], sharedVersions?: Record<string,string> }} opts
 */
function federationOptions({ dir, name, exposes = {}, isHost = false, runtimePlugins = [], sharedVersions = {} }) {
  return {
    name,
    // The host has no remotes at build time: it registers them from /deployment.json at run time.
    remotes: {},
    ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
    shared: sharedMap(dir, sharedVersions),
    // A singleton already loaded (or loading) is used by everyone who comes later, whatever version
    // they bring; the host loads its copies before any remote, so the host's copy wins
    // (docs/federation.md). Also, no remoteEntry.js is fetched before its remote is first used:
    // 'version-first' fetches every registered remote's entry at the first lazily loaded shared module.
    shareStrategy: 'loaded-first',
    runtimePlugins,
    // Replaces a hand-written bootstrap file / `eager`: the entry waits for the share scope itself.
    experiments: { asyncStartup: true },
    // Type generation pulls rspack and TypeScript 7 peers and slows builds; types come from source.
    dts: false,
    manifest: isHost ? false : { fileName: 'mf-manifest.json' },
  };
}

module.exports = { SINGLETONS, PREFIXED, sharedMap, federationOptions, installedVersion };
