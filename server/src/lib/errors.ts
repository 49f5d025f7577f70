import type { ErrorCode, FieldError } from '@pricewatch/shared/contract';

/**
 * A failure the client is told about as it is: thrown anywhere in a request, turned into the error
 * envelope by the central error handler (src/plugins/errors.ts).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | number,
    message: string = String(code),
    readonly fields?: FieldError[],
    /** Seconds until a retry may succeed (429): sent as Retry-After and error.retryAfter. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError(401, 'unauthorized');
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = (what = 'not_found') => new AppError(404, 'not_found', what);
export const validationFailed = (fields: FieldError[]) => new AppError(400, 'validation_failed', 'validation_failed', fields);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', 'too_many_requests', undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
/** 503: the server is too busy to take this request now (src/plugins/overload.ts). */
export const serviceUnavailable = (retryAfterSeconds: number) =>
  new AppError(503, 'service_unavailable', 'service_unavailable', undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
