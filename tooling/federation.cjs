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
];

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

/** The `shared` map of the MF plugin for the package in `dir`. */
function sharedMap(dir) {
  const map = {};
  for (const pkg of SINGLETONS) {
    const version = installedVersion(pkg, dir);
    const config = { singleton: true, version, requiredVersion: `^${version}`, strictVersion: false };
    map[pkg] = { ...config };
    if (PREFIXED.includes(pkg)) map[`${pkg}/`] = { ...config };
  }
  return map;
}

/**
 * ModuleFederationPlugin options.
 * @param {{ dir: string, name: string, exposes?: Record<string,string>, isHost?: boolean,
 *   runtimePlugins?: string[] }} opts
 */
function federationOptions({ dir, name, exposes = {}, isHost = false, runtimePlugins = [] }) {
  return {
    name,
    // The host has no remotes at build time: it registers them from /deployment.json at run time.
    remotes: {},
    ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
    shared: sharedMap(dir),
    runtimePlugins,
    // Replaces a hand-written bootstrap file / `eager`: the entry waits for the share scope itself.
    experiments: { asyncStartup: true },
    // Type generation pulls rspack and TypeScript 7 peers and slows builds; types come from source.
    dts: false,
    manifest: isHost ? false : { fileName: 'mf-manifest.json' },
  };
}

module.exports = { SINGLETONS, PREFIXED, sharedMap, federationOptions, installedVersion };
