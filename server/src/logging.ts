/**
 * Pino options for Fastify. Tokens travel in the query string (spec §7), so every URL is rewritten
 * before it is logged: the value of any parameter whose name, read the way the router reads it
 * (src/lib/query.ts: `%74oken` is `token`), is token- or password-like. Passwords, cookies and
 * anti-forgery values are redacted wherever they appear in a log object, and errors are logged without
 * what they may carry of a request or a statement: a database error never brings its SQL or parameters
 * (a failed user insert once logged the new password's hash).
 */
import type { FastifyRequest } from 'fastify';
import { parameterName, queryStart } from './lib/query';

const REDACTED = '[REDACTED]';

/**
 * Secret parameter names, compared after decoding, NFKC, case folding and dropping everything but
 * letters and digits: `TOKEN`, `to%6Ben`, `api_key`, `x-api-key`, `apiKey`, `client_secret`, `PWD`,
 * `passphrase`, `private_key`, `access_key`, `bearer`, `jwt`, `otp`, `PIN` (the last ones were logged in clear), `pw`,
 * `refresh`, `refresh_key`, `mfa…`, `hmac` (logged in clear until s32).
 */
const SECRET_NAME =
  /token|passw|passphrase|passcode|secret|apikey|(private|access|auth|signing|refresh)key|authoriz|bearer|jwt|credential|signature|session|cookie|xsrf|csrf|hmac|^mfa|^(pass|pwd|pw|auth|key|sig|sid|t?otp|pin|refresh)$/;

/** Percent escapes decoded one by one: names the strict decoder gives up on (`%74oken%`) still count. */
const lenientDecode = (s: string) => s.replace(/\+/g, ' ').replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const isSecretName = (name: string) =>
  SECRET_NAME.test(
    name
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, ''),
  );

/** The URL with the value of every secret query parameter replaced; everything else byte for byte. */
export function redactUrl(url: string): string {
  const start = queryStart(url);
  if (start < 0) return url;
  // The router splits on `&` only; `;` too here, so a value can never hide a second name.
  const parts = url.slice(start + 1).split(/([&;])/);
  for (let i = 0; i < parts.length; i += 2) {
    const segment = parts[i]!;
    const eq = segment.indexOf('=');
    if (eq < 0) continue; // a bare name carries no value
    const raw = segment.slice(0, eq);
    if (isSecretName(parameterName(segment)) || isSecretName(lenientDecode(raw))) parts[i] = `${raw}=${REDACTED}`;
  }
  return url.slice(0, start + 1) + parts.join('');
}

/** URLs (anything with a `?` or `#` between blanks or quotes) inside a text, redacted. */
const redactUrlsIn = (text: string) => text.replace(/[^\s'"`<>()]*[?#][^\s'"`<>()]*/g, redactUrl);

// ---- errors ---------------------------------------------------------------------------------------

/** What a PostgreSQL error (pg, PGlite) may say: never `detail` (`Key (username)=(admin)`), `where`, the statement. */
const DB_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'dataType'] as const;
/** Properties of any error that carry a statement, its values, or are logged separately. */
const NEVER_COPIED = new Set([
  'query',
  'params',
  'parameters',
  'values',
  'queryOptions',
  'detail',
  'where',
  'hint',
  'internalQuery',
  'cause',
  'errors',
  'stack',
  'message',
]);
const MAX_CAUSES = 5;

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (v: unknown): v is ErrorLike =>
  v instanceof Error || (typeof v === 'object' && v !== null && typeof (v as { message?: unknown }).message === 'string' && 'stack' in v);
const isDatabaseError = (e: ErrorLike) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
/** drizzle's DrizzleQueryError: `Failed query: <sql>\nparams: <values>` as its message. */
const carriesStatement = (e: ErrorLike) => typeof e.query === 'string' && (e.message.includes(e.query) || /\bparams:/.test(e.message));

const typeOf = (e: ErrorLike) => (typeof e.constructor === 'function' && e.constructor.name) || e.name || 'Error';
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .join('\n')
    : '';

function serializeError(err: ErrorLike, seen: Set<unknown>, depth: number): Record<string, unknown> {
  seen.add(err);
  const type = typeOf(err);
  const out: Record<string, unknown> = { type };
  if (carriesStatement(err)) {
    out.message = 'Failed query (statement and parameters not logged)';
    out.stack = `${type}: ${out.message}\n${framesOf(err.stack)}`;
  } else if (isDatabaseError(err)) {
    out.type = 'DatabaseError'; // PGlite's class name is minified
    out.message = err.message;
    for (const k of DB_FIELDS) if (err[k] != null) out[k] = err[k];
    out.stack = typeof err.stack === 'string' ? redactUrlsIn(err.stack) : undefined;
  } else {
    out.message = redactUrlsIn(err.message);
    out.stack = typeof err.stack === 'string' ? redactUrlsIn(err.stack) : undefined;
    for (const [k, v] of Object.entries(err)) {
      if (NEVER_COPIED.has(k) || k in out) continue;
      out[k] = isErrorLike(v)
        ? seen.has(v) || depth >= MAX_CAUSES
          ? '[error]'
          : serializeError(v, seen, depth + 1)
        : typeof v === 'string'
          ? redactUrlsIn(v)
          : v;
    }
  }
  if (isErrorLike(err.cause) && !seen.has(err.cause) && depth < MAX_CAUSES) out.cause = serializeError(err.cause, seen, depth + 1);
  if (Array.isArray(err.errors)) {
    out.aggregateErrors = err.errors
      .slice(0, 10)
      .map((e) => (isErrorLike(e) && !seen.has(e) && depth < MAX_CAUSES ? serializeError(e, seen, depth + 1) : String(e)));
  }
  return out;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** The `err` serializer: pino's shape (type, message, stack, own fields), causes nested, nothing of a statement. */
export function errSerializer(err: unknown): SerializedError {
  if (isErrorLike(err)) return serializeError(err, new Set(), 0) as SerializedError;
  // Not an error (pino logs such values as they are): a string may still hold a URL.
  return (typeof err === 'string' ? redactUrlsIn(err) : err) as SerializedError;
}

// ---- options --------------------------------------------------------------------------------------

export type LoggerOptions = {
  level: string;
  stream?: { write(msg: string): void };
};

export function loggerOptions({ level, stream }: LoggerOptions) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
      err: errSerializer,
      error: errSerializer,
    },
    redact: {
      paths: [
        'password',
        '*.password',
        '*.*.password',
        'token',
        '*.token',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        // Some framework errors carry the request URL; redactUrl already hid its secrets.
        'err.url',
      ],
      censor: REDACTED,
    },
  };
}
