/**
 * The one query-string parser: the app's router uses it (src/app.ts `routerOptions.querystringParser`),
 * and so does the log redaction (src/logging.ts), so a parameter the auth guard reads as `token` — also
 * when spelled `%74oken` — is the parameter the logs hide. fast-querystring is fastify's own default.
 */
import { parse } from 'fast-querystring';

export const parseQuery = (query: string): Record<string, unknown> => (query.length === 0 ? {} : parse(query));

/**
 * Where the router's query string starts: after the first `?` or `#` (find-my-way splits on both; a `#`
 * after that is part of a value), or -1.
 */
export function queryStart(url: string): number {
  const q = url.indexOf('?');
  const h = url.indexOf('#');
  return q < 0 ? h : h < 0 ? q : Math.min(q, h);
}

/** A parameter's name as the router reads it (percent and `+` decoding), from its raw `name` or `name=value`. */
export function parameterName(segment: string): string {
  const eq = segment.indexOf('=');
  const raw = eq < 0 ? segment : segment.slice(0, eq);
  return Object.keys(parseQuery(`${raw}=`))[0] ?? raw;
}
