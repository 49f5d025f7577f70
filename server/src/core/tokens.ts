import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; the client holds the token, the database only its hash. */
export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Anything else cannot be one of ours: answered 401 without a database round trip. */
export const looksLikeToken = (token: unknown): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
