import { menuVisibility } from '../menu-visibility';
import { isProviderAdmin } from '../roles';
import { screenAccess } from '../screen-access';
import { makeUser } from '../../testing';
import { clientNetwork, users } from './fixtures';

describe('screenAccess (issue 13): who may use each menu screen', () => {
  it('is the menu for analytics, alarms and promo analysis', () => {
    for (const [name, user] of Object.entries(users)) {
      for (const country of ['ua', 'cz']) {
        const menu = menuVisibility(user, country);
        const access = screenAccess(user, country);
        for (const key of ['analytics', 'alarms', 'promoAnalysis'] as const) {
          expect([name, country, key, access[key]]).toEqual([name, country, key, menu[key]]);
        }
      }
    }
  });

  it('never offers in the menu what may not be used', () => {
    for (const user of Object.values(users)) {
      const menu = menuVisibility(user, 'ua');
      const access = screenAccess(user, 'ua');
      for (const key of Object.keys(menu) as (keyof typeof menu)[]) if (menu[key]) expect(access[key]).toBe(true);
    }
  });

  it('unloading prices: the menu, and Atb- and Metro-type chains the menu does not offer it to (issue 17)', () => {
    for (const [name, user] of Object.entries(users)) {
      const expected = menuVisibility(user, 'ua').reportAnalytics || name === 'metro';
      expect([name, screenAccess(user, 'ua').reportAnalytics]).toEqual([name, expected]);
    }
    const atb = makeUser({ roles: ['network'], network: clientNetwork({}, { isAtb: true }) });
    expect([menuVisibility(atb, 'ua').reportAnalytics, screenAccess(atb, 'ua').reportAnalytics]).toEqual([false, true]);
  });

  it.each([
    ['admin', true, true],
    ['operatorAdmin', true, true],
    ['networkAdmin', true, true],
    ['networkUser', true, false],
    ['networkUserRetailOnly', false, false],
    ['guest', true, false],
    ['adminHunterLimit', true, false],
  ] as const)('%s: parsers %s, users %s', (name, parsers, networkUsers) => {
    expect(screenAccess(users[name], 'ua')).toMatchObject({ parsers, networkUsers });
  });

  it('nothing without a user', () => {
    expect(Object.values(screenAccess(null, 'ua')).some(Boolean)).toBe(false);
    expect(isProviderAdmin(null)).toBe(false);
  });
});
