// The one HTTP client of the product (STYLE: nothing else calls fetch). It carries the spec §7 rules:
// base URL from the deployment, token query parameter on every call, anti-forgery header on non-GET,
// and the spec §8 401 rule; every failure comes out as an ApiError.
import ky, { isHTTPError, type KyRequest, type Options, type SearchParamsOption } from 'ky';
import { XSRF_HEADER } from '../contract/protocol';
import { getApiBase } from '../deployment/api-base';
import { apiErrorFromBody, unavailableError, ApiError } from './api-error';
import { dataLanguage } from './data-language';
import { toSearchParams, type QueryParams } from './query-params';
import { session } from './session-link';
import { notifyUnauthorized } from './unauthorized';
import { readXsrfToken } from './xsrf';

export const REQUEST_TIMEOUT_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Spec §8: a 401 on login is a wrong password, not an expired session. */
const LOGIN_PATH = '/auth/login';

function withToken(searchParams: SearchParamsOption | undefined, token: string): URLSearchParams {
  const params =
    typeof searchParams === 'string' || Array.isArray(searchParams)
      ? new URLSearchParams(searchParams as string | string[][])
      : toSearchParams(searchParams as QueryParams | URLSearchParams | undefined);
  params.set('token', token);
  return params;
}

function isLoginCall(request: KyRequest): boolean {
  return request.method === 'POST' && new URL(request.url).pathname.endsWith(LOGIN_PATH);
}

// ky pre-parses JSON error bodies; a JSON body sent as text/plain is still the server's answer.
function parsedBody(data: unknown): unknown {
  if (typeof data !== 'string') return data ?? undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

const defaults: Options = {
  // Failures go straight to the caller (spec §8); a retry would also repeat non-idempotent POSTs.
  retry: 0,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
  hooks: {
    init: [
      (options) => {
        // Read per call: the deployment (and so the base) arrives after this module is loaded.
        const base = getApiBase();
        if (base) options.prefix = base;
        const token = session().getToken();
        if (token) options.searchParams = withToken(options.searchParams, token);
      },
    ],
    beforeRequest: [
      ({ request }) => {
        // Names and descriptions come back in the UI language (server/docs/translations.md).
        const lang = dataLanguage();
        if (lang) request.headers.set('Accept-Language', lang);
        if (SAFE_METHODS.has(request.method)) return;
        const xsrf = readXsrfToken();
        if (xsrf) request.headers.set(XSRF_HEADER, xsrf);
      },
    ],
    beforeError: [
      ({ request, error }) => {
        if (error instanceof ApiError) return error;
        if (!isHTTPError(error)) return unavailableError(error);
        const status = error.response.status;
        if (status === 401 && !isLoginCall(request)) {
          session().clear();
          notifyUnauthorized();
        }
        return apiErrorFromBody(status, parsedBody(error.data), error);
      },
    ],
  },
};

/** The configured ky instance, for the rare call the helpers in request.ts do not cover. */
export const apiClient = ky.create(defaults);
