/**
 * The address allowlist: a parser may only reach public internet addresses (docs/parsers.md "Addresses").
 * Addresses are classified with ipaddr.js after normalising every spelling of one: IPv4 written in
 * decimal, octal or hex (the URL parser already turns `http://2130706433/` into 127.0.0.1), IPv6 that
 * embeds an IPv4 (mapped ::ffff:a.b.c.d, SIIT ::ffff:0:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) is
 * judged by that IPv4; IPv4-compatible ::a.b.c.d, local-use NAT64 64:ff9b:1::/48 and Teredo are refused
 * outright, and so is every IPv6 outside global unicast 2000::/3.
 *
 * Two places enforce it, and together they cover every connection the crawler makes (pages, redirects,
 * listing links, robots.txt):
 * - assertAllowedUrl, before each request and each redirect: the scheme, and a host written as an address
 *   (no DNS is asked for those, so the URL is where they are judged);
 * - guardedLookup, the `lookup` of the socket itself: a host name is resolved once, every answer is
 *   checked, and the socket connects to the checked answer — a second, different answer (DNS rebinding)
 *   never gets a say.
 * Demo and test mode allow exact origins (the demo shops' 127.0.0.1:port), never all of loopback;
 * `extract --allow-private` allows every private address.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIPv4, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export type Resolver = (hostname: string, family: 0 | 4 | 6) => Promise<LookupAddress[]>;

export type AddressPolicy = {
  /** Every loopback and private address allowed: `extract --allow-private` (and the bench) only. */
  allowPrivate?: boolean;
  /**
   * Origins allowed although private, compared exactly (scheme, address, port): the demo shops'
   * `http://127.0.0.1:port`. Only origins written with an address count: a host name's answers are
   * judged by guardedLookup, which never sees the port.
   */
  allowOrigins?: readonly string[];
  /** How host names are resolved; tests inject one. Default: the system's (dns.lookup). */
  resolve?: Resolver;
  /** Told the address a host name resolved to when it is refused (for the server's log at debug; never shown to users). */
  onRefused?: (refused: { host: string; address: string; range: string }) => void;
};

export type AddressClass = { address: string; range: string; public: boolean };

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function classifyV4(v4: ipaddr.IPv4): { range: string; public: boolean } {
  // ipaddr.js names every special-purpose IPv4 block (0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12,
  // 192.0.0/24, TEST-NETs, 192.168/16, 198.18/15, multicast, 240/4, broadcast…); only the rest is public.
  const range = v4.range();
  return { range, public: range === 'unicast' };
}

/**
 * One spelling per address, as the URL parser (and so the socket) reads it: 0x7f.1 and 2130706433 are
 * 127.0.0.1, ::127.0.0.1 is ::7f00:1 (ipaddr.js would read it as ::ffff:127.0.0.1). Null for a name.
 */
function normalise(ip: string): string | null {
  const text = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // a zone (fe80::1%eth0) changes no range
  try {
    if (text.includes(':')) return new URL(`http://[${text}]/`).hostname.slice(1, -1);
    const host = new URL(`http://${text}/`).hostname;
    return isIPv4(host) ? host : null;
  } catch {
    return null;
  }
}

/** What kind of address `ip` is, or null when it is not an address at all (a host name). */
export function classifyAddress(ip: string): AddressClass | null {
  const text = normalise(ip);
  if (text === null || !ipaddr.isValid(text)) return null;
  const addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv4') {
    const v4 = addr as ipaddr.IPv4;
    return { address: v4.toString(), ...classifyV4(v4) };
  }
  const v6 = addr as ipaddr.IPv6;
  const address = v6.toNormalizedString();
  const p = v6.parts;
  const v4At = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const embedded = (range: string, v4: ipaddr.IPv4): AddressClass => {
    const inner = classifyV4(v4);
    return { address, range: `${range} of ${v4.toString()} (${inner.range})`, public: inner.public };
  };
  const range = v6.range();
  switch (range) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return embedded(range, v4At(p[6]!, p[7]!));
    case 'rfc6052':
      // The well-known NAT64 prefix 64:ff9b::/96 carries the IPv4 in its last 32 bits; the local-use
      // 64:ff9b:1::/48 belongs to one network's own translator.
      if (p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) return embedded('nat64', v4At(p[6]!, p[7]!));
      return { address, range: 'nat64LocalUse', public: false };
    case '6to4':
      return embedded(range, v4At(p[1]!, p[2]!));
    case 'teredo':
      // A tunnel: the client's IPv4 is obfuscated inside; no shop is served from one.
      return { address, range: `teredo via ${v4At(p[2]!, p[3]!).toString()}`, public: false };
    default:
  }
  if (range === 'unicast' && p.slice(0, 6).every((x) => x === 0)) {
    // IPv4-compatible ::a.b.c.d (deprecated, RFC 4291): ipaddr.js calls it unicast.
    return { address, range: `ipv4Compatible of ${v4At(p[6]!, p[7]!).toString()}`, public: false };
  }
  if (range === 'unicast' && !v6.match(GLOBAL_UNICAST)) return { address, range: 'reserved', public: false };
  return { address, range, public: range === 'unicast' };
}

/** True for every address a parser may not reach (and for anything that is not an address). */
export function isPrivateAddress(ip: string): boolean {
  return !(classifyAddress(ip)?.public ?? false);
}

export class NotAllowedError extends Error {
  readonly kind = 'not_allowed' as const;
  /** Kept by got when it wraps the error (RequestError copies `code`), so the crawler can tell it apart. */
  readonly code = 'ERR_NOT_ALLOWED';
}

function originOf(url: URL | string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Throws NotAllowedError when the URL is not http(s) or its host is written as a refused address.
 * A host name passes here: its addresses are checked by guardedLookup when the socket connects.
 */
export function assertAllowedUrl(url: string | URL, policy: AddressPolicy): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new NotAllowedError('invalid url');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new NotAllowedError(`protocol ${u.protocol} not allowed`);
  if (policy.allowPrivate) return;
  if (policy.allowOrigins?.some((o) => originOf(o) === u.origin)) return;
  const c = classifyAddress(u.hostname);
  if (c && !c.public) throw new NotAllowedError(`host ${u.hostname} is not a public address (${c.range})`);
}

const systemResolver: Resolver = (hostname, family) => dnsLookup(hostname, { all: true, family });

/**
 * A socket `lookup` (node's http agents, got's `dnsLookup`) that resolves once, refuses the host when any
 * of its addresses is refused, and hands the socket exactly the addresses it checked.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  const resolve = policy.resolve ?? systemResolver;
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    resolve(hostname, family).then(
      (addresses) => {
        if (!addresses.length) {
          callback(Object.assign(new Error(`host ${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (!policy.allowPrivate) {
          for (const a of addresses) {
            const c = classifyAddress(a.address);
            if (!c?.public) {
              // Which private address a name resolves to is the server's network, not the user's business:
              // the message says only that it was refused; the address goes to the server's log (onRefused).
              policy.onRefused?.({ host: hostname, address: a.address, range: c?.range ?? 'invalid' });
              callback(new NotAllowedError(`host ${hostname} resolves to an address that is not public`), '', 0);
              return;
            }
          }
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
