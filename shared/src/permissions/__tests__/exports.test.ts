import { makeUser } from '../../testing';
import { exportTypesFor, mayRunExportType, mayUseExports } from '../exports';
import { clientNetwork, users } from './fixtures';

// Spec §6 "Ashan, Atb and Metro flags change start-up navigation and export types" (issue 17).
const atb = makeUser({ roles: ['network'], network: clientNetwork({}, { isAtb: true }) });
const atbHunterLimit = makeUser({ roles: ['network', 'hunter-limit'], network: clientNetwork({}, { isAtb: true }) });
const metroByNetwork = makeUser({ roles: ['network'], network: clientNetwork({}, { isMetro: true }) });

describe('export types', () => {
  it.each([
    ['the provider’s admin', users.admin, ['inline', 'ashan', 'atb']],
    ['a guest (looks only; the rights of writes add not-a-guest)', users.guest, ['inline', 'ashan', 'atb']],
    ['an Ashan chain', users.ashan, ['inline', 'ashan']],
    ['an Ashan chain by its network’s flag', users.ashanByNetwork, ['inline', 'ashan']],
    ['an Atb chain: its own atb export', atb, ['inline', 'atb']],
    ['a Metro user: the inline table', users.metro, ['inline']],
    ['a Metro chain by its network’s flag', metroByNetwork, ['inline']],
    ['another client chain: none', users.networkUser, []],
    ['hunter-limit: none', users.adminHunterLimit, []],
    ['an Atb chain’s hunter-limit user: none', atbHunterLimit, []],
  ] as const)('%s', (_, user, types) => {
    expect(exportTypesFor(user)).toEqual(types);
    expect(mayUseExports(user)).toBe(types.length > 0);
    expect(mayRunExportType(user, 'atb')).toBe(types.includes('atb' as never));
  });

  it('nothing without a user', () => {
    expect(exportTypesFor(null)).toEqual([]);
    expect(mayUseExports(undefined)).toBe(false);
  });
});
