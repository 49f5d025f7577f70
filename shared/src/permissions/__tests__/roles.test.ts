import type { User } from '../../contract/user';
import { makeUser } from '../../testing';
import {
  hasAccess,
  hasCustomMarkets,
  hasCustomMarketsSwitcher,
  hasCustomShops,
  hasLeafletAccess,
  isAdminLike,
  isAshanUser,
  isHunterLimit,
  isMetroUser,
  isNetworkAdmin,
  isNetworkUser,
  isProductUser,
  isRealAdmin,
  mayManageUsers,
  mayWriteLeaflet,
  mayEditParsers,
} from '../roles';
import { clientNetwork, productNetwork, users } from './fixtures';

describe('product and network users (spec §6)', () => {
  it.each([
    ['adminNoNetwork', true, false],
    ['productUser', true, false],
    ['operatorAdmin', true, true],
    ['networkUser', false, true],
    ['ashan', false, true],
  ] as const)('%s: product %s, network %s', (name, product, network) => {
    expect(isProductUser(users[name])).toBe(product);
    expect(isNetworkUser(users[name])).toBe(network);
  });

  it('treats a missing user as neither', () => {
    expect(isProductUser(null)).toBe(false);
    expect(isNetworkUser(undefined)).toBe(false);
  });

  it('a network admin is a network user with the network-admin role', () => {
    expect(isNetworkAdmin(users.networkAdmin)).toBe(true);
    expect(isNetworkAdmin(users.networkAdminByRoleOnly)).toBe(true);
    expect(isNetworkAdmin(users.networkUser)).toBe(false);
    expect(isNetworkAdmin(users.productUserWithNetworkAdminFlag)).toBe(false);
  });
});

describe('hasAccess (spec §6 access areas)', () => {
  it.each(['parser', 'manual', 'retail'] as const)('network user with access [%s] gets only that area', (area) => {
    const user = makeUser({ network: clientNetwork({}, { access: [area] }) });
    for (const other of ['parser', 'manual', 'retail'] as const) {
      expect(hasAccess(user, other)).toBe(other === area);
    }
  });

  it('a network user with no access list gets all three (spec §3 default)', () => {
    // Built by hand: the schema would fill the default in, and this checks the rule's own default.
    const user = { ...users.networkUser, network: { product: false, exportDetails: {} } } as User;
    expect(['parser', 'manual', 'retail'].every((a) => hasAccess(user, a as 'parser'))).toBe(true);
  });

  it('a network user with an empty access list gets nothing', () => {
    const user = makeUser({ network: clientNetwork({}, { access: [] }) });
    expect(hasAccess(user, 'parser')).toBe(false);
  });

  it.each([
    ['no network', makeUser({ network: null })],
    ['provider network', makeUser({ network: { ...productNetwork, exportDetails: { access: [] } } })],
    ['operator admin', makeUser({ isOperatorAdmin: true, network: clientNetwork({}, { access: [] }) })],
  ])('%s has access to everything', (_label, user) => {
    expect(hasAccess(user, 'parser') && hasAccess(user, 'manual') && hasAccess(user, 'retail')).toBe(true);
  });

  it('no user, no access', () => {
    expect(hasAccess(null, 'parser')).toBe(false);
  });
});

describe('leaflets, custom markets and shops', () => {
  it('leaflet access: provider users always, network users when network.leaflet', () => {
    expect(hasLeafletAccess(users.productUser)).toBe(true);
    expect(hasLeafletAccess(users.adminNoNetwork)).toBe(true);
    expect(hasLeafletAccess(users.networkUserLeaflet)).toBe(true);
    expect(hasLeafletAccess(users.networkUser)).toBe(false);
  });

  it('custom markets only for network users with the flag; the switcher needs both flags', () => {
    const custom = makeUser({ network: clientNetwork({}, { customMarkets: true }) });
    const withSwitcher = makeUser({ network: clientNetwork({}, { customMarkets: true, customMarketsSwitcher: true }) });
    const switcherOnly = makeUser({ network: clientNetwork({}, { customMarketsSwitcher: true }) });
    const productWithFlag = makeUser({ network: { ...productNetwork, exportDetails: { customMarkets: true } } });
    expect([custom, withSwitcher, switcherOnly, productWithFlag].map(hasCustomMarkets)).toEqual([true, true, false, false]);
    expect([custom, withSwitcher, switcherOnly, productWithFlag].map(hasCustomMarketsSwitcher)).toEqual([false, true, false, false]);
  });

  it('custom shops exist when ashanShops is non-empty', () => {
    expect(hasCustomShops(makeUser({ network: clientNetwork({}, { ashanShops: ['s1'] }) }))).toBe(true);
    expect(hasCustomShops(makeUser({ network: clientNetwork({}, { ashanShops: [] }) }))).toBe(false);
    expect(hasCustomShops(makeUser({ network: null }))).toBe(false);
  });
});

describe('flags', () => {
  it('hunter-limit is a role', () => {
    expect(isHunterLimit(users.adminHunterLimit)).toBe(true);
    expect(isHunterLimit(users.admin)).toBe(false);
  });

  it('guests count as admin for visibility, operator admins do not', () => {
    expect(isAdminLike(users.guest)).toBe(true);
    expect(isAdminLike(users.admin)).toBe(true);
    expect(isAdminLike(users.operatorAdmin)).toBe(false);
    expect(isAdminLike(null)).toBe(false);
  });

  it('a real admin is named Admin', () => {
    expect(isRealAdmin(users.admin)).toBe(true);
    expect(isRealAdmin(users.adminNoNetwork)).toBe(false);
  });

  it('Ashan and Metro flags come from the user or the network', () => {
    expect(isAshanUser(users.ashan)).toBe(true);
    expect(isAshanUser(users.ashanByNetwork)).toBe(true);
    expect(isAshanUser(users.metro)).toBe(false);
    expect(isMetroUser(users.metro)).toBe(true);
    expect(isMetroUser(makeUser({ network: clientNetwork({}, { isMetro: true }) }))).toBe(true);
  });
});

describe('mayWriteLeaflet (issue 13): own network’s leaflets, or any for the provider’s staff', () => {
  const albert = makeUser({ roles: ['network'], network: clientNetwork({ code: 'albert', leaflet: true }, { allowedNetworks: ['lidl'] }) });
  it.each([
    ['a network user, own network', albert, 'albert', true],
    ['a network user, a chain it only sees', albert, 'lidl', false],
    ['a network user, no network named', albert, null, false],
    ['a network user without leaflet access', makeUser({ roles: ['network'], network: clientNetwork({ code: 'albert' }) }), 'albert', false],
    ['the provider’s admin, any network', users.admin, 'lidl', true],
    ['a guest', users.guest, 'lidl', false],
    ['hunter-limit', users.adminHunterLimit, 'lidl', false],
    ['nobody', null, 'lidl', false],
  ] as const)('%s → %s', (_, user, network, expected) => {
    expect(mayWriteLeaflet(user, network)).toBe(expected);
  });
});

describe('who manages network users (server/docs/access.md)', () => {
  it.each([
    ['admin', true],
    ['operatorAdmin', true],
    ['networkAdmin', true],
    ['networkAdminByRoleOnly', true],
    ['guest', false],
    ['adminHunterLimit', false],
    ['networkUser', false],
    ['productUserWithNetworkAdminFlag', false],
  ] as const)('%s: %s', (name, expected) => {
    expect(mayManageUsers(users[name])).toBe(expected);
  });
});

describe('mayEditParsers (issue 16 item 4): own network’s parsers with parser access, any for the provider’s staff', () => {
  const albert = makeUser({ roles: ['network'], network: clientNetwork({ code: 'albert' }, { access: ['parser', 'manual'], allowedNetworks: ['lidl'] }) });
  const noParsers = makeUser({ roles: ['network'], network: clientNetwork({ code: 'albert' }, { access: ['manual'] }) });
  it.each([
    ['a network user, own network', albert, 'albert', true],
    ['a network user, a chain it only sees', albert, 'lidl', false],
    ['a network user, a new parser (its own network)', albert, undefined, true],
    ['a network user without parser access', noParsers, 'albert', false],
    ['the provider’s admin, any network', users.admin, 'lidl', true],
    ['a guest', users.guest, 'lidl', false],
    ['nobody', null, undefined, false],
  ] as const)('%s → %s', (_, user, network, expected) => {
    expect(mayEditParsers(user, network)).toBe(expected);
  });
});
