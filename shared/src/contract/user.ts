import { z } from 'zod';

/** Areas a client network may be given (spec §3 network.exportDetails.access). */
export const ACCESS_AREAS = ['parser', 'manual', 'retail'] as const;
export type AccessArea = (typeof ACCESS_AREAS)[number];

export const ROLES = ['admin', 'network', 'guest', 'network-admin', 'operator-admin', 'hunter-limit'] as const;
export type Role = (typeof ROLES)[number];

export const exportDetailsSchema = z.object({
  custom: z.boolean().default(false),
  storesMap: z.array(z.unknown()).default([]),
  allNetworks: z.boolean().default(false),
  allowedNetworks: z.array(z.string()).default([]),
  access: z.array(z.enum(ACCESS_AREAS)).default(['parser', 'manual', 'retail']),
  customMarkets: z.boolean().default(false),
  customMarketsSwitcher: z.boolean().default(false),
  showCustomEans: z.boolean().default(false),
  ashanShops: z.array(z.string()).default([]),
  isAshan: z.boolean().default(false),
  isAtb: z.boolean().default(false),
  isMetro: z.boolean().default(false),
});
export type ExportDetails = z.infer<typeof exportDetailsSchema>;

/**
 * A user's network. `product: true` marks the provider's own network (spec "{product}").
 * `leaflet` says whether the network subscribes to leaflets (promo analysis); the provider always does.
 */
export const networkSchema = z.object({
  _id: z.string().optional(),
  name: z.string().optional(),
  code: z.string().optional(),
  product: z.boolean().optional(),
  leaflet: z.boolean().optional(),
  exportDetails: exportDetailsSchema.partial().optional(),
});
export type Network = z.infer<typeof networkSchema>;

/** The user shape of spec §3, as answered by /auth/login and /auth/check and stored under `data`. */
export const userSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  isAdmin: z.boolean(),
  isGuest: z.boolean(),
  isOperatorAdmin: z.boolean(),
  isNetworkAdmin: z.boolean(),
  isMetro: z.boolean(),
  isAshan: z.boolean(),
  network: networkSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;
