import path from 'node:path';
import { REMOTE_NAMES } from '@pricewatch/shared/contract';

// docs/federation.md "Shared singletons": one factory, the same rule for the host and every remote.
type SharedConfig = { singleton: boolean; version: string; requiredVersion: string; strictVersion: boolean };
const federation = require('../../tooling/federation.cjs') as {
  SINGLETONS: string[];
  PREFIXED: string[];
  sharedMap(dir: string, versions?: Record<string, string>): Record<string, SharedConfig>;
  federationOptions(opts: Record<string, unknown>): Record<string, unknown> & { shared: Record<string, SharedConfig> };
  installedVersion(pkg: string, dir: string): string;
};

const HOST = path.resolve(__dirname, '..');
const REMOTES = REMOTE_NAMES.map((r) => path.resolve(HOST, '..', `remote-${r}`));

describe('federation factory (tooling/federation.cjs)', () => {
  it('shares every singleton with the installed version, required as ^version, never strict', () => {
    const map = federation.sharedMap(HOST);
    for (const pkg of [
      'react',
      'react-dom',
      'react-router-dom',
      'zustand',
      'i18next',
      'react-i18next',
      '@chakra-ui/react',
      '@emotion/react',
      '@pricewatch/shared',
    ]) {
      expect(federation.SINGLETONS).toContain(pkg);
      const version = federation.installedVersion(pkg, HOST);
      expect(map[pkg]).toEqual({ singleton: true, version, requiredVersion: `^${version}`, strictVersion: false });
    }
  });

  it('shares react-query as one instance too: the page has one QueryClient (@pricewatch/shared/query)', () => {
    const map = federation.sharedMap(HOST);
    const version = federation.installedVersion('@tanstack/react-query', path.resolve(HOST, '..', 'shared'));
    expect(map['@tanstack/react-query']).toEqual({ singleton: true, version, requiredVersion: `^${version}`, strictVersion: false });
  });

  it('adds the prefix keys so subpath imports (react/jsx-runtime, @pricewatch/shared/auth) are shared too', () => {
    const map = federation.sharedMap(HOST);
    for (const pkg of federation.PREFIXED) expect(map[`${pkg}/`]).toEqual(map[pkg]);
  });

  it('gives the host and every remote the same singletons at the same versions', () => {
    const host = federation.sharedMap(HOST);
    for (const dir of REMOTES) expect(federation.sharedMap(dir)).toEqual(host);
  });

  it('can pretend newer versions (the version-skew tests build a remote that way)', () => {
    const map = federation.sharedMap(HOST, { zustand: '6.0.0' });
    expect(map.zustand).toMatchObject({ version: '6.0.0', requiredVersion: '^6.0.0', singleton: true, strictVersion: false });
    expect(map.react).toEqual(federation.sharedMap(HOST).react);
  });

  it('host: no remotes at build time, no container; remote: remoteEntry.js and mf-manifest.json', () => {
    const host = federation.federationOptions({ dir: HOST, name: 'pricewatch_host', isHost: true });
    expect(host).toMatchObject({ name: 'pricewatch_host', remotes: {}, manifest: false, dts: false });
    expect(host).not.toHaveProperty('filename');
    const remote = federation.federationOptions({ dir: REMOTES[4]!, name: 'pricewatch_users', exposes: { './NetworkUsers': './x.tsx' } });
    expect(remote).toMatchObject({ filename: 'remoteEntry.js', exposes: { './NetworkUsers': './x.tsx' }, manifest: { fileName: 'mf-manifest.json' } });
  });

  it("resolves singletons loaded-first: the copy already loaded (the host's) serves later remotes", () => {
    const options = federation.federationOptions({ dir: HOST, name: 'pricewatch_host', isHost: true });
    expect(options.shareStrategy).toBe('loaded-first');
    expect(options.experiments).toEqual({ asyncStartup: true });
  });
});
