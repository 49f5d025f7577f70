import type { ParserDetail } from '@pricewatch/shared/contract';

/** The editor's form: the parser's fields and its definition as the JSON view shows it. */
export type EditorValues = {
  code: string;
  name: string;
  shopId: string;
  schedule: string;
  enabled: boolean;
  definition: Record<string, unknown>;
};

export const NEW_PARSER: EditorValues = {
  code: '',
  name: '',
  shopId: '',
  schedule: '0 6 * * *',
  enabled: true,
  definition: { fetch: 'http', strategy: 'auto', productUrls: [] },
};

export function valuesOf(p: ParserDetail): EditorValues {
  return { code: p.code, name: p.name, shopId: p.shopId ?? '', schedule: p.schedule, enabled: p.enabled, definition: p.definition };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The definition as it is saved and shown as JSON: an emptied input leaves its key out (the schema's
 * default applies) rather than sending "" or NaN, blank entries of a list go, and a group left empty
 * (listing, selectors, price format, no product URLs) goes with it.
 */
export function cleanDefinition(value: unknown): Record<string, unknown> {
  const clean = (v: unknown): unknown => {
    if (typeof v === 'string') return v.trim() === '' ? undefined : v;
    if (typeof v === 'number') return Number.isNaN(v) ? undefined : v;
    if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '' && x !== undefined && x !== null);
    if (isPlainObject(v)) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const c = clean(x);
        const empty = (isPlainObject(c) && Object.keys(c).length === 0) || (Array.isArray(c) && c.length === 0);
        if (c !== undefined && !empty) out[k] = c;
      }
      return out;
    }
    return v;
  };
  const out = clean(value);
  return isPlainObject(out) ? out : {};
}

/** Where JSON.parse stopped, as line and column (1-based) of `text`; null when the message names no position. */
export function jsonErrorAt(text: string, error: unknown): { line: number; column: number } | null {
  const message = error instanceof Error ? error.message : String(error);
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  if (lineCol) return { line: Number(lineCol[1]), column: Number(lineCol[2]) };
  const pos = /position (\d+)/.exec(message);
  // "Unexpected end of JSON input": the end of the text.
  const at = pos ? Number(pos[1]) : /end of JSON/i.test(message) ? text.length : null;
  if (at === null) return null;
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/**
 * A field's message (the contract's zod messages, the server's 400 field messages) as a key of
 * `editor.fieldErrors`: the contract's own words are known; anything else by the kind.
 */
const KNOWN: [RegExp, string][] = [
  [/^invalid url$/i, 'url'],
  [/^only http and https$/i, 'url'],
  [/m h \* \* \*/, 'schedule'],
  [/letters, digits/, 'code'],
  [/already used/, 'codeTaken'],
  [/productUrls or listing required/, 'pagesRequired'],
  [/selectors required/, 'selectorsRequired'],
  [/waitFor needs fetch/, 'waitForBrowser'],
  [/json strategy calls its API over HTTP/, 'jsonHttp'],
  [/api required/, 'apiRequired'],
  [/api is read by the json strategy only/, 'apiJsonOnly'],
  [/unknown shop|expected a numeric id/, 'shop'],
  [/not allowed|not a public address|allowlist/i, 'addressNotAllowed'],
];

export function fieldErrorKey(error: { message?: string; type?: string } | undefined): string | null {
  if (!error) return null;
  const message = error.message ?? '';
  for (const [re, key] of KNOWN) if (re.test(message)) return key;
  if (error.type === 'too_small' || error.type === 'invalid_type') return /number/.test(message) ? 'number' : 'required';
  if (error.type === 'too_big') return 'tooBig';
  return 'invalid';
}
