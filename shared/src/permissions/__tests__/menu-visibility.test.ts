import { menuVisibility, seesUnloadingMenu } from '../menu-visibility';
import { users } from './fixtures';

type Row = [keyof typeof users, string, boolean, boolean, boolean, boolean];

// [user, country, unloading prices + analytics + alarms, promo analysis, parsers, network users]
const rows: Row[] = [
  ['admin', 'ua', true, true, false, false],
  ['admin', 'pl', true, true, false, false],
  ['admin', 'ge', true, true, false, false],
  ['admin', 'cz', true, false, false, false],
  ['adminNoNetwork', 'ua', true, true, false, false],
  ['adminHunterLimit', 'ua', false, false, false, false],
  ['adminHunterLimit', 'cz', false, false, false, false],
  ['guest', 'ua', true, true, false, false],
  ['guest', 'cz', true, false, false, false],
  // operator admin counts as {product}: leaflets yes, parsers no, even on a client network
  ['operatorAdmin', 'ua', false, true, false, false],
  ['productUser', 'ua', false, true, false, false],
  ['productUser', 'cz', false, false, false, false],
  ['ashan', 'ua', true, false, true, false],
  ['ashanByNetwork', 'pl', true, false, true, false],
  ['ashanHunterLimit', 'ua', false, false, true, false],
  ['metro', 'ua', false, true, true, false],
  ['metro', 'cz', false, false, true, false],
  ['networkUser', 'ua', false, false, true, false],
  // parsers are offered only with the parser access area: the server refuses the others (issue 13)
  ['networkUserRetailOnly', 'ua', false, false, false, false],
  ['networkUserLeaflet', 'ua', false, true, true, false],
  ['networkUserLeaflet', 'pl', false, true, true, false],
  ['networkUserLeaflet', 'cz', false, false, true, false],
  ['networkUserHunterLimit', 'ua', false, false, true, false],
  ['networkAdmin', 'ua', false, true, true, true],
  ['networkAdmin', 'cz', false, false, true, true],
  ['networkAdminByRoleOnly', 'ua', false, false, true, true],
  // the network-admin flag on the provider's own network does not make a network admin
  ['productUserWithNetworkAdminFlag', 'ua', false, true, false, false],
];

describe('menuVisibility (spec §6 Menu visibility)', () => {
  it.each(rows)('%s in %s', (name, country, unloading, promo, parsers, networkUsers) => {
    expect(menuVisibility(users[name], country)).toMatchObject({
      reportAnalytics: unloading,
      analytics: unloading,
      alarms: unloading,
      promoAnalysis: promo,
      parsers,
      networkUsers,
    });
  });

  // Leaflets: everyone who may read leaflets (leaflet access, not hunter-limit), in every country —
  // the Czech variant hides promo analysis only (issue 18).
  it.each([
    ['admin', 'cz', true],
    ['admin', 'ua', true],
    ['guest', 'cz', true],
    ['operatorAdmin', 'cz', true],
    ['productUser', 'cz', true],
    ['metro', 'cz', true],
    ['networkUserLeaflet', 'cz', true],
    ['networkAdmin', 'pl', true],
    ['ashan', 'cz', false],
    ['networkUser', 'ua', false],
    ['adminHunterLimit', 'cz', false],
    ['networkUserHunterLimit', 'ua', false],
  ] as const)('leaflets for %s in %s: %s', (name, country, leaflets) => {
    expect(menuVisibility(users[name], country).leaflets).toBe(leaflets);
  });

  it('shows nothing without a user', () => {
    expect(Object.values(menuVisibility(null, 'ua')).some(Boolean)).toBe(false);
  });
});

// The server's alarms service asks the same rule (issue 15 item 4: permission rules live once).
it.each(Object.keys(users) as (keyof typeof users)[])('seesUnloadingMenu(%s) is the menu rule for unloading prices, analytics and alarms', (name) => {
  const menu = menuVisibility(users[name], 'ua');
  expect(seesUnloadingMenu(users[name])).toBe(menu.alarms);
  expect(menu.analytics).toBe(menu.alarms);
  expect(menu.reportAnalytics).toBe(menu.alarms);
});
