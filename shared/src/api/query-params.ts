type Scalar = string | number | boolean;

/** Query parameters of a call; null/undefined are left out, arrays repeat the key (shops=a&shops=b). */
export type QueryParams = Record<string, Scalar | null | undefined | readonly Scalar[]>;

export function toSearchParams(params: QueryParams | URLSearchParams | undefined): URLSearchParams {
  if (params instanceof URLSearchParams) return new URLSearchParams(params);
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) out.append(key, String(item));
    else out.append(key, String(value));
  }
  return out;
}
