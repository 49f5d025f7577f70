export {
  isProductUser,
  isNetworkUser,
  isNetworkAdmin,
  hasAccess,
  hasLeafletAccess,
  hasCustomMarkets,
  hasCustomMarketsSwitcher,
  hasCustomShops,
  isHunterLimit,
  isAdminLike,
  isRealAdmin,
  isAshanUser,
  isMetroUser,
  isAtbUser,
} from './roles';
export { menuVisibility, MENU_ROUTES } from './menu-visibility';
export type { MenuVisibility } from './menu-visibility';
export { startupTarget, oldDesignUrl } from './startup-target';
export type { StartupTarget, StartupContext } from './startup-target';
