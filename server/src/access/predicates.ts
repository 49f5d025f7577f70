/**
 * The building blocks of route rules (route-rules.ts). Every predicate judges the caller's User profile
 * (spec §3, the shape /auth/check answers, with the user's own export details merged in) through the
 * same functions the front end uses for the menu (@pricewatch/shared/permissions), so the menu and the
 * server cannot disagree.
 */
import type { AccessArea, ExportType, User } from '@pricewatch/shared/contract';
import {
  hasAccess,
  hasLeafletAccess,
  isHunterLimit,
  isNetworkAdmin,
  isProviderAdmin,
  mayManageUsers,
  mayRunExportType,
  mayUseExports,
  menuVisibility,
  type MenuVisibility,
} from '@pricewatch/shared/permissions';

export type AccessContext = { country: string };

/** Who may call a route: a description for people (docs, test failures) and the test itself. */
export type Predicate = { who: string; test: (user: User, ctx: AccessContext) => boolean };

export type Rule =
  /** Anyone, logged in or not (the route checks a token itself if it needs one). */
  { public: true; sees: string } | { public?: false; who: string; test: Predicate['test']; sees: string };

const predicate = (who: string, test: Predicate['test']): Predicate => ({ who, test });

/** Any user with a live session. */
export const authenticated = predicate('any logged-in user', () => true);

/** The provider's admins (isProviderAdmin: admin or operator admin; never a guest or hunter-limit). */
export const providerAdmin = predicate('provider admin (admin or operator admin, not hunter-limit)', (u) => isProviderAdmin(u));

/** Spec §6: "A network admin is a network user with the network-admin role." */
export const networkAdmin = predicate('network admin', (u) => isNetworkAdmin(u));

/** Who manages network users: the rule the users screen asks too (shared permissions mayManageUsers). */
export const usersManager = predicate(`(${networkAdmin.who} or ${providerAdmin.who})`, (u) => mayManageUsers(u));

/** Guests look but do not change anything. */
export const writer = predicate('not a guest', (u) => !u.isGuest);

/** Spec §6: hunter-limit hides the analytics sections. */
export const notHunterLimit = predicate('not hunter-limit', (u) => !isHunterLimit(u));

/** Spec §6: network users reach only the areas in exportDetails.access; the provider's users all. */
export const access = (area: AccessArea) => predicate(`access area ${area}`, (u) => hasAccess(u, area));

/**
 * Unloading prices (exports): the menu rule (admin or guest or Ashan, not hunter-limit) or an Atb- or
 * Metro-type chain, which runs the export types of its flag (issue 17; mayUseExports).
 */
export const exportsUser = predicate('unloading prices (menu, or an Atb- or Metro-type chain; not hunter-limit)', (u) => mayUseExports(u));
/** Spec §6 "Ashan, Atb and Metro flags change … export types": who may ask for an export of this type. */
export const exportType = (type: ExportType) => predicate(`export type ${type}`, (u) => mayRunExportType(u, type));

/** Spec §6 "Promo analysis: needs access to leaflet". */
export const leafletAccess = predicate('leaflet access', (u) => hasLeafletAccess(u));

/** A side-menu item is visible to the user (spec §6 "Menu visibility"). */
export const menu = (item: keyof MenuVisibility) => predicate(`menu ${item}`, (u, ctx) => menuVisibility(u, ctx.country)[item]);

export const all = (...ps: Predicate[]): Predicate => predicate(ps.map((p) => p.who).join(' and '), (u, ctx) => ps.every((p) => p.test(u, ctx)));

/** A rule for a route behind a login: who may call it, and what part of the data they see. */
export const allow = (who: Predicate, sees: string): Rule => ({ who: who.who, test: who.test, sees });

export const PUBLIC = (sees: string): Rule => ({ public: true, sees });
