/**
 * The one error handler and the one not-found handler: every failure leaves as the error envelope
 * (docs/conventions.md). Bad input is a 4xx naming what is wrong; anything unexpected is a 500 whose
 * message stays in the log (with the request id), never in the response.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode, FieldError } from '@pricewatch/shared/contract';
import { AppError } from '../lib/errors';
import { failure } from '../lib/envelope';
import { baseHeaders } from './security-headers';

export type ErrorsOptions = {
  /** The shell's index.html, answered for browser navigations to unknown paths (SPA deep links). */
  spaIndexFile: string | null;
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  406: 'unsupported_media_type',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

type ValidationIssue = { keyword?: string; instancePath?: string; message?: string; params?: { keys?: unknown } };

function fieldsOf(err: FastifyError): FieldError[] {
  const context = err.validationContext ?? 'body';
  return ((err.validation ?? []) as ValidationIssue[]).flatMap((issue) => {
    const parent = (issue.instancePath ?? '').slice(1).replaceAll('/', '.');
    const message = issue.message ?? 'invalid';
    // A field a strict object does not take is named itself (`username`), not its object.
    const keys = issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys) ? issue.params.keys : [];
    if (keys.length) return keys.map((key) => ({ path: parent ? `${parent}.${String(key)}` : String(key), message }));
    return [{ path: parent || context, message }];
  });
}

function send(reply: FastifyReply, status: number, code: string | number, message: string, fields?: FieldError[], retryAfter?: number) {
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(failure(code, message, fields, retryAfter));
}

/** PostgreSQL's query_canceled (57014) from statement_timeout, as thrown by pg or wrapped by Drizzle (in `cause`). */
function isStatementTimeout(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '57014') return true;
  }
  return false;
}

export function handleError(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return send(reply, err.statusCode, err.code, err.message, err.fields, err.retryAfter);
  }
  if (err.validation) {
    return send(reply, 400, 'validation_failed', 'validation_failed', fieldsOf(err));
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'validation_failed';
    // A body that failed to parse (bad JSON, empty JSON body) is a validation failure of the body.
    const fields = code === 'validation_failed' ? [{ path: 'body', message: err.message }] : undefined;
    request.log.info({ code: err.code, statusCode: status }, 'request rejected');
    return send(reply, status, code, err.message, fields);
  }
  if (isStatementTimeout(err)) {
    // A query past the database's statement timeout (a huge period over a huge catalogue, or a busy
    // machine) is the server being unable to answer now, not a crash: 503 with Retry-After, logged.
    request.log.warn({ err }, 'statement timeout');
    return send(reply, 503, 'service_unavailable', 'service_unavailable', undefined, 30);
  }
  request.log.error({ err }, 'request failed');
  return send(reply, 500, 'internal_error', 'internal_error');
}

/**
 * The router's own refusals, before any route or hook (Fastify's `frameworkErrors`): a path parameter past
 * its length limit, a broken %-escape in the path. Without this Fastify wrote its own body (414, echoing
 * the whole path) outside the envelope and the app's headers.
 */
export function handleFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: err.code }, 'request rejected');
  baseHeaders(reply);
  return send(reply, 400, 'validation_failed', 'validation_failed', [{ path: 'url', message: 'invalid path' }]);
}

/** The headers `baseHeaders` sets, for an answer written on the socket itself (no reply exists yet). */
const SOCKET_HEADERS =
  'Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nCache-Control: no-store\r\nConnection: close';

/**
 * Node's refusals before Fastify sees a request (Fastify's `clientErrorHandler`): headers past Node's 16 KB
 * (431), a request not received in time (408), bytes that are no HTTP (400). Fastify's default wrote its own
 * body (`{"error":"Request Header Fields Too Large",…}`) without the app's headers; this writes the envelope
 * with them, naming what was wrong, and closes the connection as Node would.
 */
export function handleClientError(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, path, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'headers', 'headers too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'body', 'request not received in time']
        : [400, 'Bad Request', 'request', 'not a valid HTTP request'];
  const body = JSON.stringify(failure('validation_failed', 'validation_failed', [{ path, message }]));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\n${SOCKET_HEADERS}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroy();
}

const hasExtension = (url: string) => path.extname(url.split('?')[0] ?? '') !== '';

export default fp<ErrorsOptions>(
  async function errors(fastify, opts) {
    fastify.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    fastify.setErrorHandler(handleError);

    fastify.setNotFoundHandler(async (request, reply) => {
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html') && !hasExtension(request.url);
      if (wantsPage && opts.spaIndexFile) {
        const html = await readFile(opts.spaIndexFile).catch(() => null);
        if (html) {
          return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
        }
      }
      return send(reply, 404, 'route_not_found', 'route_not_found');
    });
  },
  { name: 'errors' },
);
