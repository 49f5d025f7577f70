import { z } from 'zod';
import { okSchema } from './envelope';

/** GET /utils/city-codes: data holds the map code → city name. */
export const cityCodesResponseSchema = okSchema(z.record(z.string(), z.string()));
export type CityCodes = Record<string, string>;

export const availableShopSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  network: z.string(),
  networkName: z.string(),
  city: z.string().nullable(),
  country: z.string(),
});
export type AvailableShop = z.infer<typeof availableShopSchema>;
/** GET /utils/available-shops: data holds the list the user may see. */
export const availableShopsResponseSchema = okSchema(z.array(availableShopSchema));
