export {
  isProductUser,
  isNetworkUser,
  isNetworkAdmin,
  hasAccess,
  hasLeafletAccess,
  mayWriteLeaflet,
  mayEditParsers,
  hasCustomMarkets,
  hasCustomMarketsSwitcher,
  isHunterLimit,
  isAdminLike,
  isProviderAdmin,
  mayManageUsers,
  isAshanUser,
  isAtbUser,
} from './roles';
export { menuVisibility, seesUnloadingMenu, MENU_ROUTES, START_ROUTES } from './menu-visibility';
export type { MenuVisibility } from './menu-visibility';
export { mayUseExports, exportTypesFor, mayRunExportType } from './exports';
export { screenAccess } from './screen-access';
export type { ScreenAccess } from './screen-access';
export { startupTarget, oldDesignUrl, HOME_ROUTE } from './startup-target';
export type { StartupTarget, StartupContext } from './startup-target';
