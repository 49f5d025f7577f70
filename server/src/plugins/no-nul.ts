/**
 * One rule for every string a client sends (issue 13 item 5): PostgreSQL text cannot hold U+0000, so a
 * NUL in a path parameter, a query parameter (name or value) or a JSON body is 400 `validation_failed`
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
/** A NUL shown in a field path (in a parameter's name) as the JSON escape, not as the raw character. */
const pathPart = (key: string) => key.replaceAll(NUL, '\\u0000');

/**
 * Field paths (dot-joined, list items by index) of the strings in `value` holding a NUL, and of object
 * keys holding one. Iterative: a deeply nested JSON body must not overflow the stack.
 */
export function nulPaths(value: unknown, root: string[] = [], max = MAX_FIELDS): string[] {
  const found: string[] = [];
  const stack: [unknown, string[]][] = [[value, root]];
  while (stack.length && found.length < max) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) found.push(path.join('.') || 'body');
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], [...path, String(i)]]);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (key.includes(NUL)) found.push([...path, pathPart(key)].join('.'));
        else stack.push([child, [...path, key]]);
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
