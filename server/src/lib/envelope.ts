import type { ErrorBody, Ok } from '@pricewatch/shared/contract';

export const ok = <T>(data: T): Ok<T> => ({ success: true, data });

export const failure = (code: string | number, message: string, fields?: ErrorBody['error']['fields'], retryAfter?: number): ErrorBody => ({
  success: false,
  error: { code, message, ...(fields ? { fields } : {}), ...(retryAfter !== undefined ? { retryAfter } : {}) },
});
