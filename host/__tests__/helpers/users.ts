import { makeUser } from '@pricewatch/shared/testing';

// Users shaped like the demo logins (spec §6 roles).
export const adminUser = () => makeUser({ username: 'admin', name: 'Admin', roles: ['admin'], isAdmin: true });

export const ashanUser = () =>
  makeUser({
    username: 'ashan',
    name: 'Ashan Manager',
    roles: ['network'],
    isAshan: true,
    network: { name: 'Ashan', product: false, leaflet: true, exportDetails: { isAshan: true } },
  });

export const netAdminUser = () =>
  makeUser({
    username: 'netadmin',
    name: 'Network Admin',
    roles: ['network', 'network-admin'],
    isNetworkAdmin: true,
    network: { name: 'ATB', product: false, leaflet: true },
  });

export const hunterUser = () => makeUser({ username: 'hunter', name: 'Hunter', roles: ['hunter-limit'], isAdmin: true });

/** A Metro-type client: no unloading prices, analytics or alarms (spec §6 menu rule). */
export const metroUser = () =>
  makeUser({
    username: 'metro',
    name: 'Metro User',
    roles: ['network'],
    isMetro: true,
    network: { code: 'metro', name: 'Metro', product: false, leaflet: false, exportDetails: { isMetro: true, allNetworks: true } },
  });
