import { z } from 'zod';
import { okSchema } from './envelope';
import { ACCESS_AREAS, ROLES, exportDetailsSchema } from './user';

/**
 * Users (spec §7): GET /network-users/list?network=, GET /network-users/admin/list, POST /network-users,
 * PUT and DELETE /network-users/{id}. The payload fields are "not shown" in the spec; server/docs/access.md
 * records this design.
 */

/** Passwords: at least this long, letters and digits, not the username, not a common one. */
export const PASSWORD_MIN_LENGTH = 10;

/** Roles a network admin may give; the provider's admins may give any of ROLES. */
export const NETWORK_ADMIN_ASSIGNABLE_ROLES = ['network', 'network-admin'] as const;

/**
 * A stores-map entry: the network's own name for a shop (shop code → name), as the exports read it
 * (server/src/areas/exports/plan.ts storesMapLabels).
 */
export const storesMapEntrySchema = z.object({ code: z.string().min(1).max(200), name: z.string().trim().min(1).max(200) }).strict();
export type StoresMapEntry = z.infer<typeof storesMapEntrySchema>;

/**
 * The rights a user may be given within their network's: each field set overrides the network's
 * value, a field left out inherits it.
 */
export const userExportDetailsSchema = z
  .object({
    access: z.array(z.enum(ACCESS_AREAS)),
    allowedNetworks: z.array(z.string().min(1).max(100)).max(500),
    storesMap: z.array(storesMapEntrySchema).max(5000),
    customMarkets: z.boolean(),
    customMarketsSwitcher: z.boolean(),
    showCustomEans: z.boolean(),
  })
  .partial()
  .strict();
export type UserExportDetails = z.infer<typeof userExportDetailsSchema>;
export const USER_EXPORT_DETAIL_FIELDS = ['access', 'allowedNetworks', 'storesMap', 'customMarkets', 'customMarketsSwitcher', 'showCustomEans'] as const;

/**
 * Why a username (after NFKC) is refused, or null. ASCII only, so no name can imitate another with a
 * look-alike letter (Cyrillic `а` in `аdmin`): `username_not_ascii`; among ASCII, letters, digits and
 * `. _ @ -` only (no spaces or control characters): `username_characters`.
 */
export function usernameProblem(username: string): 'username_not_ascii' | 'username_characters' | null {
  if (/[^\x00-\x7f]/.test(username)) return 'username_not_ascii';
  if (!/^[A-Za-z0-9._@-]*$/.test(username)) return 'username_characters';
  return null;
}

/**
 * A new user's name. NFKC first folds compatibility forms (full-width `ａｄｍｉｎ` → `admin`) so they meet
 * the duplicate check instead of imitating a name; what is left outside ASCII is refused.
 */
export const usernameSchema = z
  .string()
  .normalize('NFKC')
  .trim()
  .min(3)
  .max(64)
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const nameSchema = z.string().trim().min(1).max(200);
// Strength is judged by the server (weak_password names the field); the schema only bounds the size.
const passwordSchema = z.string().max(200);
const roleSchema = z.enum(ROLES, { error: 'unknown_role' });

export const networkUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  blocked: z.boolean(),
  isAdmin: z.boolean(),
  isOperatorAdmin: z.boolean(),
  isGuest: z.boolean(),
  network: z.object({ _id: z.string(), code: z.string(), name: z.string() }).nullable(),
  /** The user's own overrides (null: everything inherited from the network). */
  ownExportDetails: userExportDetailsSchema.nullable(),
  /** What the user works with: the network's export details merged with the user's. */
  exportDetails: exportDetailsSchema,
  createdAt: z.string(),
});
export type NetworkUser = z.infer<typeof networkUserSchema>;

export const networkUsersListQuerySchema = z.object({
  /** Network code; a network admin's own network when left out. */
  network: z.string().min(1).max(100).optional(),
});
export type NetworkUsersListQuery = z.infer<typeof networkUsersListQuerySchema>;

export const networkUsersListResponseSchema = okSchema(z.array(networkUserSchema));
export const networkUserResponseSchema = okSchema(networkUserSchema);

export const networkUserCreateSchema = z
  .object({
    username: usernameSchema,
    name: nameSchema,
    password: passwordSchema,
    roles: z.array(roleSchema).min(1).max(ROLES.length),
    blocked: z.boolean().default(false),
    /** Network code; a network admin's own network when left out (provider admins must name one). */
    network: z.string().min(1).max(100).optional(),
    exportDetails: userExportDetailsSchema.nullable().optional(),
  })
  .strict();
export type NetworkUserCreate = z.input<typeof networkUserCreateSchema>;

export const networkUserUpdateSchema = z
  .object({
    name: nameSchema,
    /** Set only to reset the password. */
    password: passwordSchema,
    roles: z.array(roleSchema).min(1).max(ROLES.length),
    blocked: z.boolean(),
    /** null: inherit everything from the network again. */
    exportDetails: userExportDetailsSchema.nullable(),
  })
  .partial()
  .strict();
export type NetworkUserUpdate = z.infer<typeof networkUserUpdateSchema>;

export const networkUserParamsSchema = z.object({ id: z.guid({ error: 'invalid_id' }) });

export const networkUserDeleteResponseSchema = okSchema(z.object({ _id: z.string() }));

/** Error codes of this area besides the common ones (each is a translation key of remote-users). */
export const NETWORK_USER_ERRORS = ['weak_password', 'duplicate_username', 'cannot_delete_self', 'not_within_network_rights'] as const;
