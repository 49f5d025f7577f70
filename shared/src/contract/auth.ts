import { z } from 'zod';
import { okSchema } from './envelope';
import { userSchema } from './user';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(500),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = okSchema(z.object({ token: z.string(), user: userSchema }));
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** GET /auth/check answers the current user in data. */
export const checkResponseSchema = okSchema(userSchema);
export type CheckResponse = z.infer<typeof checkResponseSchema>;

export const logoutRequestSchema = z.object({ token: z.string().min(1) });

/** Query carried by every call (spec §7). */
export const tokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

export { XSRF_COOKIE, XSRF_HEADER } from './protocol';
