import { create } from 'zustand';
import type { AvailableShop, CityCodes } from '@pricewatch/shared/contract';
import { getAvailableShops } from './api/get-available-shops';
import { getCityCodes } from './api/get-city-codes';

type SharedDataStore = {
  cityCodes: CityCodes;
  shops: AvailableShop[];
  loaded: boolean;
  load(): Promise<void>;
  reset(): void;
};

/** Spec §3 "Shared data": city codes and available shops, fetched after login, kept for the session. */
export const useSharedDataStore = create<SharedDataStore>()((set) => ({
  cityCodes: {},
  shops: [],
  loaded: false,
  async load() {
    const [cityCodes, shops] = await Promise.all([getCityCodes(), getAvailableShops()]);
    set({ cityCodes, shops, loaded: true });
  },
  reset() {
    set({ cityCodes: {}, shops: [], loaded: false });
  },
}));

/** Loads the shared data; a failure is logged, not fatal — screens that need it ask again. */
export async function loadSharedData(): Promise<void> {
  try {
    await useSharedDataStore.getState().load();
  } catch (error) {
    console.warn('[pricewatch] shared data not loaded', error);
  }
}
