/**
 * Users of a network (issue 8, spec §7 "Users", docs/access.md). Route rules let network admins and
 * the provider's admins in; this service decides which users and which rights each may touch:
 * - a network admin: only their own network's users, only the roles `network` and `network-admin`,
 *   only rights within their network's (access areas, allowed networks, stores map, custom flags);
 * - a provider admin (admin / operator admin): any network, any role, any existing networks and shops.
 * Every write runs in one transaction; blocking or deleting a user ends their sessions in it.
 */
import {
  exportDetailsSchema,
  NETWORK_ADMIN_ASSIGNABLE_ROLES,
  USER_EXPORT_DETAIL_FIELDS,
  type FieldError,
  type NetworkUser,
  type NetworkUserUpdate,
  type Role,
  type UserExportDetails,
} from '@pricewatch/shared/contract';
import { mayManageUsers } from '@pricewatch/shared/permissions';
import { providerAdmin } from '../../access/predicates';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/errors';
import { hashPassword } from '../../core/passwords';
import { effectiveExportDetails, type AuthUser } from '../../core/session-user';
import { passwordWeakness } from './password-policy';
import type { NetworkRow, NetworkUsersQueries, Q, UserRow, UserWithNetwork } from './queries';

export type Caller = { user: AuthUser; country: string; tokenHash: string | null };

type CreateInput = {
  username: string;
  name: string;
  password: string;
  roles: Role[];
  blocked: boolean;
  network?: string | undefined;
  exportDetails?: UserExportDetails | null | undefined;
};

const refused = (message: string, fields?: FieldError[]) => new AppError(403, 'forbidden', message, fields);
const invalid = (path: string, message: string) => validationFailed([{ path, message }]);
const PG_UNIQUE_VIOLATION = '23505';
const PG_FK_VIOLATION = '23503';
const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e?.code === 'string' ? e.code : typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
};

function toNetworkUser({ user, network }: UserWithNetwork): NetworkUser {
  return {
    _id: user.id,
    username: user.username,
    name: user.name,
    roles: user.roles,
    blocked: user.blocked,
    isAdmin: user.isAdmin,
    isOperatorAdmin: user.isOperatorAdmin,
    isGuest: user.isGuest,
    network: network ? { _id: String(network.id), code: network.code, name: network.name } : null,
    ownExportDetails: ownDetails(user.exportDetails),
    exportDetails: effectiveExportDetails(user, network),
    createdAt: user.createdAt.toISOString(),
  };
}

/** Only the user-level fields of a stored partial (older rows may hold nothing else anyway). */
function ownDetails(stored: UserRow['exportDetails']): UserExportDetails | null {
  if (!stored) return null;
  const out: Record<string, unknown> = {};
  for (const f of USER_EXPORT_DETAIL_FIELDS) if (stored[f] !== undefined) out[f] = stored[f];
  return out as UserExportDetails;
}

/** The flags follow the roles, so the role list is the one truth. */
function flagsOf(roles: Role[]) {
  return {
    isAdmin: roles.includes('admin'),
    isGuest: roles.includes('guest'),
    isOperatorAdmin: roles.includes('operator-admin'),
  };
}

export function createNetworkUsersService(queries: NetworkUsersQueries) {
  const isProviderAdmin = (c: Caller) => providerAdmin.test(c.user.profile, { country: c.country });

  function checkRoles(c: Caller, roles: Role[]) {
    const unique = [...new Set(roles)];
    if (unique.length !== roles.length) throw invalid('roles', 'duplicate_role');
    if (isProviderAdmin(c)) return;
    const allowed = new Set<string>(NETWORK_ADMIN_ASSIGNABLE_ROLES);
    const bad = roles.filter((r) => !allowed.has(r));
    if (bad.length) throw refused('role_not_allowed', [{ path: 'roles', message: `role_not_allowed: ${bad.join(', ')}` }]);
  }

  function checkPassword(password: string, username: string) {
    const weakness = passwordWeakness(password, username);
    if (weakness) throw new AppError(400, 'validation_failed', 'weak_password', [{ path: 'password', message: weakness }]);
  }

  /**
   * Rights a user may be given: codes must exist (400 naming the field); a network admin may give only
   * what the target network itself has (403 `not_within_network_rights` naming the field).
   */
  async function checkRights(c: Caller, target: NetworkRow, details: UserExportDetails, q?: Q) {
    const net = exportDetailsSchema.parse(target.exportDetails ?? {});
    const limited = !isProviderAdmin(c);
    const outside: string[] = [];

    if (details.allowedNetworks?.length) {
      const known = await queries.existingNetworkCodes(details.allowedNetworks, q);
      const unknown = details.allowedNetworks.filter((code) => !known.has(code));
      if (unknown.length) throw invalid('exportDetails.allowedNetworks', `unknown_network: ${unknown.join(', ')}`);
      if (limited && !net.allNetworks) {
        const mayGive = new Set([...net.allowedNetworks, target.code]);
        if (details.allowedNetworks.some((code) => !mayGive.has(code))) outside.push('exportDetails.allowedNetworks');
      }
    }
    if (details.storesMap?.length) {
      const codes = details.storesMap.map((e) => e.code);
      const networkOf = await queries.shopNetworks(codes, q);
      const unknown = codes.filter((code) => !networkOf.has(code));
      if (unknown.length) throw invalid('exportDetails.storesMap', `unknown_shop: ${unknown.join(', ')}`);
      if (limited && !net.allNetworks) {
        const visible = new Set([...net.allowedNetworks, target.code]);
        if (codes.some((code) => !visible.has(networkOf.get(code)!))) outside.push('exportDetails.storesMap');
      }
    }
    if (limited) {
      if (details.access?.some((a) => !net.access.includes(a))) outside.push('exportDetails.access');
      if (details.customMarkets && !net.customMarkets) outside.push('exportDetails.customMarkets');
      if (details.customMarketsSwitcher && !net.customMarketsSwitcher) outside.push('exportDetails.customMarketsSwitcher');
      if (details.showCustomEans && !net.showCustomEans) outside.push('exportDetails.showCustomEans');
    }
    if (outside.length) {
      throw refused(
        'not_within_network_rights',
        outside.map((path) => ({ path, message: 'not_within_network_rights' })),
      );
    }
  }

  /** The network a caller may manage users of: their own, or (provider admins) the one named. */
  async function manageableNetwork(c: Caller, code: string | undefined, field: string): Promise<NetworkRow> {
    const wanted = code ?? c.user.networkCode;
    // The route rules let only managers in; checked again here so the service is safe on its own.
    if (!mayManageUsers(c.user.profile)) throw forbidden();
    if (!isProviderAdmin(c)) {
      // Network admins: their own network only; whether another one exists is none of their business.
      if (!wanted || wanted !== c.user.networkCode) throw refused('other_network');
    }
    if (!wanted) throw invalid(field, 'network_required');
    const network = await queries.networkByCode(wanted);
    if (!network) throw invalid(field, `unknown_network: ${wanted}`);
    return network;
  }

  /** The user to change, if the caller may change them (404 unknown, 403 another network's). */
  async function manageableUser(c: Caller, id: string, tx: Parameters<NetworkUsersQueries['findById']>[1]) {
    if (!mayManageUsers(c.user.profile)) throw forbidden();
    const found = await queries.findById(id, tx, true);
    if (!found) throw notFound();
    if (!isProviderAdmin(c)) {
      if (found.user.networkId === null || found.user.networkId !== c.user.networkId) throw refused('other_network');
      // A user holding a provider role (given by the provider) is not the network admin's to change.
      const allowed = new Set<string>(NETWORK_ADMIN_ASSIGNABLE_ROLES);
      if (found.user.roles.some((r) => !allowed.has(r))) throw refused('role_not_allowed');
    }
    return found;
  }

  const duplicate = () => invalid('username', 'duplicate_username');

  return {
    async list(c: Caller, query: { network?: string | undefined }): Promise<NetworkUser[]> {
      const network = await manageableNetwork(c, query.network, 'network');
      return (await queries.listByNetwork(network.id)).map(toNetworkUser);
    },

    async adminList(c: Caller): Promise<NetworkUser[]> {
      if (!isProviderAdmin(c)) throw forbidden();
      return (await queries.listAll()).map(toNetworkUser);
    },

    async create(c: Caller, input: CreateInput): Promise<NetworkUser> {
      const network = await manageableNetwork(c, input.network, 'network');
      checkRoles(c, input.roles);
      checkPassword(input.password, input.username);
      if (input.exportDetails) await checkRights(c, network, input.exportDetails);
      if (await queries.usernameTaken(input.username, null)) throw duplicate();
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await queries.transaction(async (tx) => {
          if (await queries.usernameTaken(input.username, null, tx)) throw duplicate();
          return queries.insert(
            {
              username: input.username,
              name: input.name,
              passwordHash,
              roles: input.roles,
              ...flagsOf(input.roles),
              networkId: network.id,
              blocked: input.blocked,
              exportDetails: input.exportDetails ?? null,
            },
            tx,
          );
        });
        return toNetworkUser({ user, network });
      } catch (err) {
        if (pgCode(err) === PG_UNIQUE_VIOLATION) throw duplicate();
        throw err;
      }
    },

    async update(c: Caller, id: string, input: NetworkUserUpdate): Promise<NetworkUser> {
      if (Object.keys(input).length === 0) throw invalid('body', 'nothing_to_change');
      if (input.roles) checkRoles(c, input.roles);
      const self = id === c.user.id;
      if (self && input.blocked === true) throw invalid('blocked', 'cannot_block_self');
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;

      const updated = await queries.transaction(async (tx) => {
        const found = await manageableUser(c, id, tx);
        const { user, network } = found;
        if (self && input.roles) {
          // Nobody takes their own management rights away by mistake (nor raises them: checkRoles).
          const keeps = isProviderAdmin(c) ? input.roles.some((r) => r === 'admin' || r === 'operator-admin') : input.roles.includes('network-admin');
          if (!keeps) throw invalid('roles', 'cannot_demote_self');
        }
        if (input.password !== undefined) checkPassword(input.password, user.username);
        if (input.exportDetails) {
          if (!network) throw invalid('exportDetails', 'network_required');
          await checkRights(c, network, input.exportDetails, tx);
        }
        const row = await queries.update(
          id,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(passwordHash ? { passwordHash } : {}),
            ...(input.roles ? { roles: input.roles, ...flagsOf(input.roles) } : {}),
            ...(input.blocked !== undefined ? { blocked: input.blocked } : {}),
            ...(input.exportDetails !== undefined ? { exportDetails: input.exportDetails } : {}),
          },
          tx,
        );
        // A blocked user is out at once; a password reset by someone else ends the user's sessions too.
        if (input.blocked === true) await queries.endSessions(id, null, tx);
        else if (passwordHash) await queries.endSessions(id, self ? c.tokenHash : null, tx);
        return { user: row, network };
      });
      return toNetworkUser(updated);
    },

    async delete(c: Caller, id: string): Promise<{ _id: string }> {
      if (id === c.user.id) throw invalid('id', 'cannot_delete_self');
      try {
        await queries.transaction(async (tx) => {
          await manageableUser(c, id, tx);
          await queries.endSessions(id, null, tx);
          await queries.delete(id, tx);
        });
      } catch (err) {
        // Records another area keeps for the user (without ON DELETE) keep them: block them instead.
        if (pgCode(err) === PG_FK_VIOLATION) throw invalid('id', 'user_has_records');
        throw err;
      }
      return { _id: id };
    },
  };
}

export type NetworkUsersService = ReturnType<typeof createNetworkUsersService>;
