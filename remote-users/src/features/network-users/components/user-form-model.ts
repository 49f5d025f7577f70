import { z } from 'zod';
import {
  ACCESS_AREAS,
  networkUserCreateSchema,
  networkUserUpdateSchema,
  type AccessArea,
  type NetworkUser,
  type NetworkUserCreate,
  type NetworkUserUpdate,
  type Role,
  type StoresMapEntry,
  type UserExportDetails,
} from '@pricewatch/shared/contract';
import { KNOWN_PROBLEMS } from '../../../lib/error-text';

/** The user form's fields as edited. */
export type UserFormValues = {
  username: string;
  name: string;
  password: string;
  roles: Role[];
  blocked: boolean;
  network: string;
  /** Same rights as the network: exportDetails null. */
  inherit: boolean;
  access: AccessArea[];
  allowedNetworks: string[];
  /** shop code → the network's own name for it (empty: not on the map). */
  storesMap: Record<string, string>;
  customMarkets: boolean;
  customMarketsSwitcher: boolean;
  showCustomEans: boolean;
};

export function userFormValues(user: NetworkUser | null, defaultNetwork: string): UserFormValues {
  const d = user?.exportDetails;
  return {
    username: user?.username ?? '',
    name: user?.name ?? '',
    password: '',
    roles: (user?.roles as Role[] | undefined) ?? ['network'],
    blocked: user?.blocked ?? false,
    network: user?.network?.code ?? defaultNetwork,
    inherit: user ? user.ownExportDetails === null : true,
    access: d?.access ?? [...ACCESS_AREAS],
    allowedNetworks: d?.allowedNetworks ?? [],
    storesMap: storesMapOf(d?.storesMap),
    customMarkets: d?.customMarkets ?? false,
    customMarketsSwitcher: d?.customMarketsSwitcher ?? false,
    showCustomEans: d?.showCustomEans ?? false,
  };
}

/** Stored entries as the form edits them; entries of another shape are left out. */
function storesMapOf(entries: unknown[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of entries ?? []) {
    const o = e as Partial<StoresMapEntry> | null;
    if (o && typeof o.code === 'string' && typeof o.name === 'string') out[o.code] = o.name;
  }
  return out;
}

function exportDetailsOf(s: UserFormValues): UserExportDetails | null {
  if (s.inherit) return null;
  return {
    access: s.access,
    allowedNetworks: s.allowedNetworks,
    storesMap: Object.entries(s.storesMap)
      .filter(([, name]) => name.trim() !== '')
      .map(([code, name]) => ({ code, name: name.trim() })),
    customMarkets: s.customMarkets,
    customMarketsSwitcher: s.customMarkets && s.customMarketsSwitcher,
    showCustomEans: s.showCustomEans,
  };
}

/** PUT /network-users/{id}: the password only when a new one is typed. */
export function updateBody(s: UserFormValues): NetworkUserUpdate {
  return { name: s.name, roles: s.roles, blocked: s.blocked, exportDetails: exportDetailsOf(s), ...(s.password ? { password: s.password } : {}) };
}

/** POST /network-users: the network only from the provider's admins (a network admin's is their own). */
export function createBody(s: UserFormValues, provider: boolean): NetworkUserCreate {
  return {
    username: s.username,
    name: s.name,
    password: s.password,
    roles: s.roles,
    blocked: s.blocked,
    exportDetails: exportDetailsOf(s),
    ...(provider && s.network ? { network: s.network } : {}),
  };
}

const WORDED = new Set<string>(KNOWN_PROBLEMS);
// The contract's paths → the form's fields: `exportDetails.access` → `access`, `roles.0` → `roles`.
const fieldOf = (path: PropertyKey[]) => String((path[0] === 'exportDetails' ? path[1] : path[0]) ?? '');

/**
 * The form's schema for the zod resolver: fields left empty are "required" here rather than sent for
 * the server's "not valid"; the rest is the contract's create or update schema, whose problems this
 * remote words (username_characters…) show under their field. Strength and duplicates are the server's.
 */
export function userFormSchema(editing: boolean, provider: boolean) {
  return z.custom<UserFormValues>().superRefine((s, ctx) => {
    const seen = new Set<string>();
    const add = (path: string, message: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (!editing && !s.username.trim()) add('username', 'required');
    if (!s.name.trim()) add('name', 'required');
    if (!editing && !s.password) add('password', 'required');
    const checked = editing ? networkUserUpdateSchema.safeParse(updateBody(s)) : networkUserCreateSchema.safeParse(createBody(s, provider));
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = fieldOf(issue.path);
      if (field in s && WORDED.has(issue.message.split(':')[0]!.trim())) add(field, issue.message);
    }
  });
}
