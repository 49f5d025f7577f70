import { validationFailed } from './errors';

/**
 * DELETE calls whose parameter place spec §7 does not fix take each parameter in the query string or
 * the JSON body (issue 17; clients send DELETE bodies, and some proxies drop them): the route declares
 * the same optional fields as `querystring` and as a nullish `body`, and merges them here — the body's
 * value wins. A `required` parameter found in neither is 400 naming it.
 */
export function queryAndBody<T extends object>(query: T, body: Partial<T> | null | undefined, required: readonly (keyof T & string)[] = []): T {
  const merged = { ...query } as Record<string, unknown>;
  for (const [key, value] of Object.entries(body ?? {})) if (value !== undefined) merged[key] = value;
  const missing = required.filter((key) => merged[key] === undefined);
  if (missing.length) throw validationFailed(missing.map((path) => ({ path, message: 'required' })));
  return merged as T;
}
