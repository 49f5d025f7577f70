import type { ExportType } from '../contract/exports';
import type { User } from '../contract/user';
import { menuVisibility } from './menu-visibility';
import { isAshanUser, isAtbUser, isHunterLimit, isMetroUser, isNetworkUser } from './roles';

/**
 * Spec §6 "Ashan, Atb and Metro flags change start-up navigation and export types" (issue 17;
 * server/docs/access.md "Export types"). The side menu offers unloading prices to admins (guests
 * included) and Ashan users only (spec §6 "Menu visibility"); a chain flagged Atb or Metro still runs
 * the exports of its own type — through the API and the unloading-prices screen opened by its address.
 * Hunter-limit users never.
 */
export function mayUseExports(user: User | null | undefined): boolean {
  if (!user) return false;
  if (menuVisibility(user, '').reportAnalytics) return true;
  return (isAtbUser(user) || isMetroUser(user)) && !isHunterLimit(user);
}

/**
 * The export types the user may ask for (server: route rules and the exports area; the screen offers
 * the same): the provider's staff all three; a client chain `inline` (one column per shop and day, the
 * neutral table — what a Metro-type chain gets), plus `ashan` with the Ashan flag and `atb` with the Atb
 * flag (each comparing the chain's own shops). None for those who may not use exports at all.
 */
export function exportTypesFor(user: User | null | undefined): ExportType[] {
  if (!user || !mayUseExports(user)) return [];
  const provider = !isNetworkUser(user);
  const types: ExportType[] = ['inline'];
  if (provider || isAshanUser(user)) types.push('ashan');
  if (provider || isAtbUser(user)) types.push('atb');
  return types;
}

export function mayRunExportType(user: User | null | undefined, type: ExportType): boolean {
  return exportTypesFor(user).includes(type);
}
