import type { FieldError } from '../contract/envelope';
import { LOGIN_ERROR_INCORRECT } from '../contract/protocol';

/** Translation key when there is no server error body to read (network failure, non-JSON answer). */
export const SERVICE_UNAVAILABLE = 'service_unavailable';

// Fallback keys by status for error bodies whose code is not a usable key (all are contract codes).
const STATUS_KEYS: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

type ApiErrorInit = {
  status: number;
  code?: string | number;
  messageKey: string;
  message?: string;
  fields?: FieldError[];
  /** Seconds until a retry may succeed (429 error.retryAfter). */
  retryAfter?: number;
  body?: unknown;
  cause?: unknown;
};

/**
 * Every failed call rejects with this. Spec §8: "Other call errors: passed to the caller as they are,
 * or as the parsed body where it exists" — the parsed body is in `body`; `messageKey` is the
 * translation key to show. status 0 means no HTTP answer at all.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | number | undefined;
  readonly messageKey: string;
  readonly fields?: FieldError[];
  readonly retryAfter?: number;
  readonly body?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message ?? init.messageKey, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.messageKey = init.messageKey;
    if (init.fields) this.fields = init.fields;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.body !== undefined) this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type ErrorLike = { code?: unknown; code_num?: unknown; message?: unknown; fields?: unknown; retryAfter?: unknown };

function errorPart(body: unknown): ErrorLike | null {
  if (!body || typeof body !== 'object' || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  return error && typeof error === 'object' ? (error as ErrorLike) : null;
}

/**
 * Builds the ApiError of an HTTP answer. Keys (spec §8): code 1000 → incorrect_password_login; a string
 * error.code is itself the key; no error body → service_unavailable; otherwise a key by status.
 */
export function apiErrorFromBody(status: number, body: unknown, cause?: unknown): ApiError {
  const error = errorPart(body);
  if (!error) {
    return new ApiError({ status, messageKey: SERVICE_UNAVAILABLE, body, cause });
  }
  const code = typeof error.code === 'string' || typeof error.code === 'number' ? error.code : undefined;
  const incorrectLogin = code === LOGIN_ERROR_INCORRECT || error.code_num === LOGIN_ERROR_INCORRECT;
  const messageKey = incorrectLogin
    ? 'incorrect_password_login'
    : typeof code === 'string' && code !== ''
      ? code
      : (STATUS_KEYS[status] ?? (status >= 500 ? 'internal_error' : SERVICE_UNAVAILABLE));
  return new ApiError({
    status,
    code,
    messageKey,
    message: typeof error.message === 'string' ? error.message : messageKey,
    fields: Array.isArray(error.fields) ? (error.fields as FieldError[]) : undefined,
    retryAfter: typeof error.retryAfter === 'number' && error.retryAfter > 0 ? error.retryAfter : undefined,
    body,
    cause,
  });
}

/** No answer (connection refused, DNS, timeout, CORS) or an unreadable one. */
export function unavailableError(cause: unknown, status = 0): ApiError {
  const message = cause instanceof Error ? cause.message : SERVICE_UNAVAILABLE;
  return new ApiError({ status, messageKey: SERVICE_UNAVAILABLE, message, cause });
}
