import type { ExportDetails, Network, User } from '../../contract/user';
import { makeUser } from '../../testing';

// Users of every role combination the spec names (§3, §6), built as the server would answer them.
export const clientNetwork = (network: Partial<Network> = {}, exportDetails: Partial<ExportDetails> = {}): Network => ({
  _id: 'net-1',
  name: 'Client network',
  product: false,
  leaflet: false,
  ...network,
  exportDetails,
});

export const productNetwork: Network = { _id: 'net-0', name: 'Pricewatch', product: true, leaflet: true };

export const users = {
  admin: makeUser({ name: 'Admin', roles: ['admin'], isAdmin: true, network: productNetwork }),
  adminNoNetwork: makeUser({ roles: ['admin'], isAdmin: true, network: null }),
  adminHunterLimit: makeUser({ roles: ['admin', 'hunter-limit'], isAdmin: true, network: productNetwork }),
  guest: makeUser({ roles: ['guest'], isGuest: true, network: null }),
  operatorAdmin: makeUser({ roles: ['operator-admin'], isOperatorAdmin: true, network: clientNetwork() }),
  productUser: makeUser({ roles: [], network: productNetwork }),
  ashan: makeUser({ roles: ['network'], isAshan: true, network: clientNetwork() }),
  ashanByNetwork: makeUser({ roles: ['network'], network: clientNetwork({}, { isAshan: true }) }),
  ashanHunterLimit: makeUser({ roles: ['network', 'hunter-limit'], isAshan: true, network: clientNetwork() }),
  metro: makeUser({ roles: ['network'], isMetro: true, network: clientNetwork({ leaflet: true }) }),
  networkUser: makeUser({ roles: ['network'], network: clientNetwork() }),
  networkUserLeaflet: makeUser({ roles: ['network'], network: clientNetwork({ leaflet: true }) }),
  networkUserRetailOnly: makeUser({ roles: ['network'], network: clientNetwork({}, { access: ['retail'] }) }),
  networkUserHunterLimit: makeUser({ roles: ['network', 'hunter-limit'], network: clientNetwork({ leaflet: true }) }),
  networkAdmin: makeUser({ roles: ['network', 'network-admin'], isNetworkAdmin: true, network: clientNetwork({ leaflet: true }) }),
  networkAdminByRoleOnly: makeUser({ roles: ['network', 'network-admin'], network: clientNetwork() }),
  productUserWithNetworkAdminFlag: makeUser({ roles: ['network-admin'], isNetworkAdmin: true, network: productNetwork }),
} satisfies Record<string, User>;
