import ipaddr from 'ipaddr.js';

// A reverse proxy in front of the server sits on the same host or in the same private network.
const PROXY_RANGES = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal']);

/**
 * Fastify's `trustProxy` for TRUST_PROXY=1: one hop, and only from a proxy on a loopback or private
 * address. The client's address is then the one that proxy appended to X-Forwarded-For; every entry
 * before it was written by the client (trusting them all would let anyone pose as any address and so
 * lock a user out, or dodge login throttling). A client reaching the server directly is taken at its
 * socket address whatever it sends.
 */
export function trustOneProxyHop(address: string, hop: number): boolean {
  if (hop !== 0 || !ipaddr.isValid(address)) return false;
  return PROXY_RANGES.has(ipaddr.process(address).range());
}
