/**
 * One rule for every string a client sends (issue 13 item 5): PostgreSQL text cannot hold U+0000, so a
 * NUL — or a lone UTF-16 surrogate (JSON's `"\ud800"`), which no text can hold and the driver silently turned
 * into U+FFFD, storing another value than the one the caller was told was saved — in a path parameter, a query parameter (name or value) or a JSON body is 400 `validation_failed`
 * naming the field — the same envelope and path shape as a schema failure (`exportDetails.allowedNetworks.1`)
 * — before any handler can pass it to a query. Multipart text fields are checked by their one reader
 * (src/lib/multipart.ts). Registered after the access plugin, so a caller the rules refuse still gets
 * 403 whatever they sent.
 */
import fp from 'fastify-plugin';
import { NUL_MESSAGE } from '@pricewatch/shared/contract';
import type { FieldError } from '@pricewatch/shared/contract';
import { validationFailed } from '../lib/errors';

/** Enough to show what is wrong; a body full of NULs need not be listed whole. */
const MAX_FIELDS = 10;

const NUL = '\u0000';
/** Half of a surrogate pair on its own (with the u flag a whole pair is one code point, never matched). */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;
const invalidText = (s: string) => s.includes(NUL) || LONE_SURROGATE.test(s);
/** A NUL or lone surrogate shown in a field path (in a parameter's name) as the JSON escape, not as the raw character. */
const pathPart = (key: string) => key.replaceAll(NUL, '\\u0000').replace(LONE_SURROGATES, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** A field path as a chain from the leaf up: each level adds one link, not a copy of its parent's path. */
type PathLink = { key: string; up: PathLink | null } | null;
const joinPath = (link: PathLink, root: string[]) => {
  const keys: string[] = [];
  for (let l = link; l; l = l.up) keys.push(l.key);
  return [...root, ...keys.reverse()].join('.') || 'body';
};

/**
 * Field paths (dot-joined, list items by index) of the strings in `value` holding a NUL or a lone surrogate,
 * and of object keys holding one. Iterative: a deeply nested JSON body must not overflow the stack; and linear in the
 * body's size: a path is only spelled out for a field found (copying each level's path made a 200 kB body
 * of 100,000 nested lists minutes of work for the event loop, from anyone, login included).
 */
export function nulPaths(value: unknown, root: string[] = [], max = MAX_FIELDS): string[] {
  const found: string[] = [];
  const stack: [unknown, PathLink][] = [[value, null]];
  while (stack.length && found.length < max) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (invalidText(v)) found.push(joinPath(path, root));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], { key: String(i), up: path }]);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (invalidText(key)) found.push(joinPath({ key: pathPart(key), up: path }, root));
        else stack.push([child, { key, up: path }]);
      }
    }
  }
  return found.slice(0, max);
}

export default fp(
  async function noNul(fastify) {
    fastify.addHook('preValidation', async (request) => {
      const paths = [
        ...nulPaths(request.params),
        ...nulPaths(request.query),
        // Only what the JSON parser made (multipart bodies are read by their route).
        ...nulPaths(request.body),
      ];
      if (!paths.length) return;
      const fields: FieldError[] = [...new Set(paths)].slice(0, MAX_FIELDS).map((path) => ({ path, message: NUL_MESSAGE }));
      throw validationFailed(fields);
    });
  },
  { name: 'no-nul', dependencies: ['access'] },
);
