/**
 * The address allowlist without any network (docs/parsers.md "Addresses"): which addresses a parser may
 * reach in every spelling, URLs written with addresses, the demo origins, and the socket's lookup.
 */
import type { LookupAddress } from 'node:dns';
import { assertAllowedUrl, classifyAddress, guardedLookup, isPrivateAddress, type AddressPolicy, type Resolver } from '../../src/scraping/address';

const REFUSED = [
  // IPv4 special-purpose blocks
  ['0.1.2.3', 'unspecified'],
  ['10.1.2.3', 'private'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['127.0.0.1', 'loopback'],
  ['169.254.169.254', 'linkLocal'],
  ['172.16.0.1', 'private'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'reserved'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  // IPv6
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fe80::1%eth0', 'linkLocal'],
  ['fc00::1', 'uniqueLocal'],
  ['fec0::1', 'deprecatedSiteLocal'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['100::1', 'discard'],
  ['4000::1', 'reserved'],
  // IPv6 carrying a private IPv4, every way the issue found and more
  ['::ffff:127.0.0.1', 'ipv4Mapped of 127.0.0.1 (loopback)'],
  ['::ffff:7f00:1', 'ipv4Mapped of 127.0.0.1 (loopback)'],
  ['::ffff:169.254.169.254', 'ipv4Mapped of 169.254.169.254 (linkLocal)'],
  ['::ffff:a00:1', 'ipv4Mapped of 10.0.0.1 (private)'],
  ['::ffff:c0a8:101', 'ipv4Mapped of 192.168.1.1 (private)'],
  ['::ffff:0:7f00:1', 'rfc6145 of 127.0.0.1 (loopback)'],
  ['::7f00:1', 'ipv4Compatible of 127.0.0.1'],
  ['::127.0.0.1', 'ipv4Compatible of 127.0.0.1'],
  ['::8.8.8.8', 'ipv4Compatible of 8.8.8.8'],
  ['64:ff9b::7f00:1', 'nat64 of 127.0.0.1 (loopback)'],
  ['64:ff9b::a9fe:a9fe', 'nat64 of 169.254.169.254 (linkLocal)'],
  ['64:ff9b:1::a00:1', 'nat64LocalUse'],
  ['2002:7f00:1::1', '6to4 of 127.0.0.1 (loopback)'],
  ['2002:a9fe:a9fe::1', '6to4 of 169.254.169.254 (linkLocal)'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo via 65.54.227.120'],
] as const;

const PUBLIC = ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '2a00:1450:4001:82b::200e', '::ffff:93.184.216.34', '64:ff9b::5db8:d822', '2002:5db8:d822::1'];

describe('classifyAddress', () => {
  it.each(REFUSED)('%s is refused as %s', (ip, range) => {
    expect(classifyAddress(ip)).toMatchObject({ public: false, range });
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(PUBLIC)('%s is public', (ip) => {
    expect(classifyAddress(ip)?.public).toBe(true);
    expect(isPrivateAddress(ip)).toBe(false);
  });

  it('is null for a host name', () => {
    expect(classifyAddress('shop.example')).toBeNull();
    expect(isPrivateAddress('shop.example')).toBe(true);
  });
});

describe('assertAllowedUrl', () => {
  const refused = (url: string, policy: AddressPolicy = {}) => {
    try {
      assertAllowedUrl(url, policy);
      return null;
    } catch (err) {
      return { kind: (err as { kind?: string }).kind, message: (err as Error).message };
    }
  };

  it.each([
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[::ffff:a00:1]/',
    'http://[::ffff:c0a8:101]/',
    'http://[::7f00:1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://0/',
    'https://[::1]:8443/',
    'http://169.254.169.254/',
  ])('refuses %s', (url) => {
    expect(refused(url)).toMatchObject({ kind: 'not_allowed' });
  });

  it('refuses other schemes and broken URLs', () => {
    expect(refused('file:///etc/passwd')).toMatchObject({ kind: 'not_allowed', message: expect.stringContaining('file:') });
    expect(refused('gopher://shop.example/')).toMatchObject({ kind: 'not_allowed' });
    expect(refused('not a url')).toMatchObject({ kind: 'not_allowed' });
  });

  it('lets public addresses and host names through (a name is judged when its socket resolves it)', () => {
    expect(refused('https://93.184.216.34/p/1')).toBeNull();
    expect(refused('https://[2606:4700::1111]/')).toBeNull();
    expect(refused('https://shop.example/p/1')).toBeNull();
  });

  it('allows exactly the demo origins: that address and port, in that spelling', () => {
    const demo = { allowOrigins: ['http://127.0.0.1:40123'] };
    expect(refused('http://127.0.0.1:40123/p/a', demo)).toBeNull();
    expect(refused('http://2130706433:40123/p/a', demo)).toBeNull(); // the URL parser makes it 127.0.0.1
    expect(refused('http://127.0.0.1:40124/p/a', demo)).toMatchObject({ kind: 'not_allowed' });
    expect(refused('https://127.0.0.1:40123/p/a', demo)).toMatchObject({ kind: 'not_allowed' });
    expect(refused('http://127.0.0.2:40123/', demo)).toMatchObject({ kind: 'not_allowed' });
    expect(refused('http://[::ffff:127.0.0.1]:40123/', demo)).toMatchObject({ kind: 'not_allowed' });
    expect(refused('http://[::1]:40123/', demo)).toMatchObject({ kind: 'not_allowed' });
  });

  it('allows every private address with allowPrivate (extract --allow-private)', () => {
    expect(refused('http://[::ffff:127.0.0.1]:8080/', { allowPrivate: true })).toBeNull();
    expect(refused('file:///etc/passwd', { allowPrivate: true })).toMatchObject({ kind: 'not_allowed' });
  });
});

describe('guardedLookup', () => {
  const lookup = (policy: AddressPolicy, host: string, all = false) =>
    new Promise<{ err: (Error & { kind?: string; code?: string }) | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
      guardedLookup(policy)(host, { all }, (err, address, family) => resolve({ err, address, family })),
    );

  it('refuses a host when any of its addresses is private, in any spelling', async () => {
    for (const answer of [['127.0.0.1'], ['93.184.216.34', '10.0.0.1'], ['::ffff:127.0.0.1'], ['64:ff9b::a9fe:a9fe'], ['::7f00:1']]) {
      const resolve: Resolver = async () => answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      const r = await lookup({ resolve }, 'shop.test');
      expect(r.err).toMatchObject({ kind: 'not_allowed', code: 'ERR_NOT_ALLOWED' });
      expect(r.err!.message).toContain('shop.test');
    }
  });

  it('hands the socket exactly what it checked, resolving once per connection (no DNS rebinding)', async () => {
    // First answer public, every later one loopback: the rebinding trick against a check-then-connect.
    let calls = 0;
    const resolve: Resolver = async () => (++calls === 1 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]);
    expect(await lookup({ resolve }, 'rebind.test')).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    expect(calls).toBe(1);
    expect((await lookup({ resolve }, 'rebind.test')).err).toMatchObject({ kind: 'not_allowed' });
    expect(calls).toBe(2);
  });

  it('answers in the form the socket asked for (one address, or all for happy eyeballs)', async () => {
    const resolve: Resolver = async () => [
      { address: '2606:4700::1111', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ];
    expect(await lookup({ resolve }, 'shop.test', true)).toEqual({ err: null, address: await resolve('', 0), family: undefined });
    expect(await lookup({ resolve }, 'shop.test')).toEqual({ err: null, address: '2606:4700::1111', family: 6 });
  });

  it('passes a failed resolution on as it is', async () => {
    const resolve: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
    };
    expect((await lookup({ resolve }, 'nowhere.test')).err).toMatchObject({ code: 'ENOTFOUND' });
    expect((await lookup({ resolve: async () => [] }, 'empty.test')).err).toMatchObject({ code: 'ENOTFOUND' });
  });
});
