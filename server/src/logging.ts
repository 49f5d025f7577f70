/**
 * Pino options for Fastify. Tokens travel in the query string (spec §7), so the request URL is
 * rewritten before it is logged; passwords, cookies and anti-forgery values are redacted wherever
 * they appear in a log object.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|password)=)[^&#]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[REDACTED]');

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
        // Some framework errors carry the request URL (with its token); the request line has it redacted.
        'err.url',
      ],
      censor: '[REDACTED]',
    },
  };
}
