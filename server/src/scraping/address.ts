/**
 * The address allowlist: a parser may only reach public internet addresses. Loopback, private,
 * link-local (cloud metadata), unique-local and unspecified addresses are refused unless the engine
 * runs in demo or test mode (the demo shops live on 127.0.0.1). Checked for the first URL and again for
 * every redirect.
 */
import { lookup } from 'node:dns/promises';
import net from 'node:net';

export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = ip.toLowerCase();
  if (v6 === '::1' || v6 === '::') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (mapped) return isPrivateAddress(mapped[1]!);
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(v6);
}

export class NotAllowedError extends Error {
  readonly kind = 'not_allowed' as const;
}

/** Throws NotAllowedError when the URL is not http(s) or its host resolves to a refused address. */
export async function assertAllowedUrl(url: string, allowPrivate: boolean): Promise<void> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new NotAllowedError(`invalid url`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new NotAllowedError(`protocol ${u.protocol} not allowed`);
  if (allowPrivate) return;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (!addresses.length) throw new NotAllowedError(`host ${host} does not resolve`);
  if (addresses.some(isPrivateAddress)) throw new NotAllowedError(`host ${host} is a private address`);
}
