/**
 * Browser security headers on every answer (issue 13, item 11): no referrer (tokens travel in query
 * strings, so a Referer would carry them to other sites), no MIME sniffing, and — on HTML pages — a
 * Content-Security-Policy that lets scripts, styles and requests come only from this origin and exactly
 * the deployment's remote and API origins, and lets the app be framed only by itself (and the old
 * design's site, which hands its session over by window message): no clickjacking.
 */
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Deployment } from '@pricewatch/shared/contract';

/** The origin of an absolute http(s) address; null for a relative one ("" or "/remotes/…": this origin). */
function originOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const u = new URL(address);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

const unique = (list: (string | null)[]) => [...new Set(list.filter((v): v is string => !!v))];

/** The video instructions (host/src/features/video-instructions) embed YouTube's privacy-enhanced player. */
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com'];

export function contentSecurityPolicy(deployment: Pick<Deployment, 'remotes' | 'apiServers' | 'oldSiteUrl'>): string {
  const remotes = unique(Object.values(deployment.remotes).map(originOf));
  const apis = unique(deployment.apiServers.map(originOf));
  const oldSite = originOf(deployment.oldSiteUrl);
  const src = (...extra: string[]) => ["'self'", ...extra].join(' ');
  const directives: [string, string][] = [
    ['default-src', src()],
    ['script-src', src(...remotes)],
    // Chakra (emotion) writes its styles into <style> elements at run time.
    ['style-src', src("'unsafe-inline'", ...remotes)],
    ['img-src', src('data:', 'blob:', ...remotes, ...apis)],
    ['font-src', src('data:', ...remotes)],
    // The video dialog first probes the player's address (no-cors) to say so when it cannot load.
    ['connect-src', src(...remotes, ...apis, ...VIDEO_FRAMES)],
    ['frame-src', VIDEO_FRAMES.join(' ')],
    ['frame-ancestors', src(...(oldSite ? [oldSite] : []))],
    ['form-action', src()],
    ['base-uri', src()],
    ['object-src', "'none'"],
  ];
  return directives.map(([k, v]) => `${k} ${v}`).join('; ');
}

/**
 * The headers of every answer, HTML or not (also set by the router's own refusals, which skip onSend: errors.ts).
 * An answer that did not choose its caching (static files, deployment.json, the shops map, leaflet pictures do)
 * is never stored: the calls carry their token in the query, and a signed-in answer (a profile, users, the
 * login's new token) kept in a browser's disk cache or a shared proxy outlives the user's logout.
 */
export function baseHeaders(reply: FastifyReply): void {
  reply.header('referrer-policy', 'no-referrer');
  reply.header('x-content-type-options', 'nosniff');
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

export default fp<{ deployment: Deployment }>(
  async function securityHeaders(fastify, opts) {
    const csp = contentSecurityPolicy(opts.deployment);
    fastify.addHook('onSend', async (_request, reply, payload) => {
      baseHeaders(reply);
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html')) {
        reply.header('content-security-policy', csp);
        // The same rule for browsers that do not know frame-ancestors.
        if (!opts.deployment.oldSiteUrl) reply.header('x-frame-options', 'SAMEORIGIN');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
