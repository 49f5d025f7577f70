import { z } from 'zod';

/** Error codes the server answers with; each has a translation key of the same name. */
export const ERROR_CODES = [
  'validation_failed', // 400, error.fields names what is wrong
  'unauthorized', // 401: missing, malformed, unknown or revoked token
  'incorrect_password_login', // 401 on POST /auth/login answers error.code 1000 (the spec's number) with this as message
  'forbidden', // 403: role or network may not do this
  'xsrf_failed', // 403: non-GET without matching X-XSRF-TOKEN header and XSRF-TOKEN cookie
  'not_found', // 404: a record that does not exist
  'conflict', // 409: the record's state forbids it (error.message says why, e.g. template_in_use)
  'route_not_found', // 404: no such route
  'payload_too_large', // 413
  'unsupported_media_type', // 415
  'too_many_requests', // 429: login throttling; error.retryAfter (and the Retry-After header) says when to retry
  'internal_error', // 500, message hidden
  'service_unavailable', // 503: too busy now, error.retryAfter and Retry-After say when to retry; client-side: no answer body
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export { LOGIN_ERROR_INCORRECT } from './protocol';

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.union([z.string(), z.number()]),
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
    /** 429: seconds until a retry may succeed, as in the Retry-After header (added later; old answers lack it). */
    retryAfter: z.number().int().positive().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function okSchema<T extends z.ZodTypeAny>(data: T) {
  return z.object({ success: z.literal(true), data });
}
export type Ok<T> = { success: true; data: T };
