import type { Options } from 'ky';
import { apiErrorFromBody, ApiError, unavailableError } from './api-error';
import { apiClient } from './http-client';
import { toSearchParams, type QueryParams } from './query-params';

/** Uploads and file downloads may carry large bodies: a longer limit than plain JSON calls. */
export const TRANSFER_TIMEOUT_MS = 5 * 60_000;

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : unavailableError(error);
}

function isFailureEnvelope(body: unknown): boolean {
  return !!body && typeof body === 'object' && (body as { success?: unknown }).success === false;
}

/** The parsed JSON body; a 2xx envelope saying success: false is still a failure for the caller. */
async function readJson<T>(response: Response): Promise<T> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw unavailableError(error, response.status);
  }
  if (text === '') return undefined as T;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw unavailableError(error, response.status);
  }
  if (isFailureEnvelope(body)) throw apiErrorFromBody(response.status, body);
  return body as T;
}

export async function send(path: string, options: Options): Promise<Response> {
  try {
    return await apiClient(path, options);
  } catch (error) {
    throw asApiError(error);
  }
}

/** GET path?params&token — resolves with the parsed body (the envelope). */
export async function apiGet<T = unknown>(path: string, params?: QueryParams): Promise<T> {
  return readJson<T>(await send(path, { method: 'get', searchParams: toSearchParams(params) }));
}

/** POST a JSON body. */
export async function apiPost<T = unknown>(path: string, json?: unknown, params?: QueryParams): Promise<T> {
  return readJson<T>(await send(path, { method: 'post', json, searchParams: toSearchParams(params) }));
}

/** PUT a JSON body. */
export async function apiPut<T = unknown>(path: string, json?: unknown, params?: QueryParams): Promise<T> {
  return readJson<T>(await send(path, { method: 'put', json, searchParams: toSearchParams(params) }));
}

/** DELETE; most spec deletes name their target in the query, a few (templates) in a JSON body. */
export async function apiDelete<T = unknown>(path: string, params?: QueryParams, json?: unknown): Promise<T> {
  return readJson<T>(await send(path, { method: 'delete', json, searchParams: toSearchParams(params) }));
}

/**
 * POST a multipart form (spec §5: leaflet pictures, images, imports). Spec §8: "Upload with non-200
 * status: parsed response body given as the error" — so any status but 200 rejects.
 */
export async function apiUpload<T = unknown>(path: string, formData: FormData, params?: QueryParams): Promise<T> {
  const response = await send(path, {
    method: 'post',
    body: formData,
    searchParams: toSearchParams(params),
    timeout: TRANSFER_TIMEOUT_MS,
  });
  if (response.status !== 200) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw apiErrorFromBody(response.status, body);
  }
  return readJson<T>(response);
}
