/**
 * Wire constants without zod: the browser's start-up code (API client, session store) needs these
 * before the login form works, and zod (~25 KB gzip) is only fetched when an answer has to be parsed
 * (docs/bytes.md). The schema files re-export them, so `@pricewatch/shared/contract` is unchanged.
 */

/** The anti-forgery pair (the old design's convention): cookie set by the server, echoed as a header. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The spec's numeric login error: 1000 means incorrect login or password. */
export const LOGIN_ERROR_INCORRECT = 1000;

/** Country deployments (spec §1: ge, cz, pl, otherwise ua). */
export const COUNTRIES = ['ua', 'ge', 'cz', 'pl'] as const;
export type Country = (typeof COUNTRIES)[number];
export const LANGUAGES = ['en', 'ru', 'ua', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The remotes a deployment may enable; federated name `pricewatch_<remote>`. */
export const REMOTE_NAMES = ['exports', 'leaflets', 'alarms', 'parsers', 'users'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
