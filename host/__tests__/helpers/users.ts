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

export const hunterUser = () =>
  makeUser({ username: 'hunter', name: 'Hunter', roles: ['hunter-limit'], isAdmin: true });
