/**
 * Which networks and shops a caller may see — the one place the rule lives (docs/catalogue.md
 * "Visibility"). The provider's staff (and users without a network) see everything; so does a client
 * network whose exportDetails.allNetworks is set. Any other client network sees its own network plus
 * exportDetails.allowedNetworks (network codes). Every catalogue and price call filters through it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from './session-user';
import { forbidden, validationFailed } from '../lib/errors';
import type { Directory, DirNetwork, DirShop } from './shop-directory';

/** Network codes a user may see, or null for all of them. */
export function visibleNetworkCodes(user: AuthUser): string[] | null {
  if (user.isProvider || user.exportDetails.allNetworks) return null;
  const codes = new Set(user.exportDetails.allowedNetworks);
  if (user.networkCode) codes.add(user.networkCode);
  return [...codes];
}

export class Visibility {
  /** Visible shops (all when `all`), in directory order. */
  readonly shops: DirShop[];
  readonly networks: DirNetwork[];
  private readonly shopIds: Set<number>;
  private readonly networkCodes: Set<string>;

  constructor(
    readonly user: AuthUser,
    readonly dir: Directory,
    /** True when the caller sees every shop: queries then need no shop condition. */
    readonly all: boolean,
    codes: string[] | null,
  ) {
    const allowed = codes ? new Set(codes) : null;
    this.networks = dir.networks.filter((n) => !allowed || allowed.has(n.code));
    this.networkCodes = new Set(this.networks.map((n) => n.code));
    this.shops = dir.shops.filter((s) => this.networkCodes.has(s.network));
    this.shopIds = new Set(this.shops.map((s) => s.id));
  }

  static of(user: AuthUser, dir: Directory): Visibility {
    const codes = visibleNetworkCodes(user);
    return new Visibility(user, dir, codes === null, codes);
  }

  canSeeShop = (id: number) => this.shopIds.has(id);
  canSeeNetwork = (code: string) => this.networkCodes.has(code);

  /**
   * Shop ids answering the filters: the visible ones, narrowed by network codes and/or shop ids.
   * Naming a network or shop that exists but is not visible is 403; an unknown one is 400 naming the
   * field. Returns null when nothing narrows it and the caller sees everything (no SQL condition).
   */
  shopIdsFor(filters: { networks?: string[]; shops?: number[] }, fields = { networks: 'networks', shops: 'shops' }): number[] | null {
    const { networks, shops } = filters;
    if (networks?.length) {
      const unknown = networks.filter((c) => !this.dir.networkByCode.has(c));
      if (unknown.length) throw validationFailed([{ path: fields.networks, message: `unknown network: ${unknown.join(', ')}` }]);
      if (networks.some((c) => !this.canSeeNetwork(c))) throw forbidden();
    }
    if (shops?.length) {
      const unknown = shops.filter((id) => !this.dir.shopById.has(id));
      if (unknown.length) throw validationFailed([{ path: fields.shops, message: `unknown shop: ${unknown.join(', ')}` }]);
      if (shops.some((id) => !this.canSeeShop(id))) throw forbidden();
    }
    if (!networks?.length && !shops?.length) return this.all ? null : this.shops.map((s) => s.id);
    const byNetwork = networks?.length ? new Set(networks) : null;
    const byShop = shops?.length ? new Set(shops) : null;
    return this.shops.filter((s) => (!byNetwork || byNetwork.has(s.network)) && (!byShop || byShop.has(s.id))).map((s) => s.id);
  }
}

/** `column = ANY(ids)` for a list from shopIdsFor(), `TRUE` for null (every shop). */
export function shopCondition(column: SQL, ids: number[] | null): SQL {
  return ids === null ? sql`TRUE` : sql`${column} = ANY(${sql.param(ids)}::int[])`;
}
