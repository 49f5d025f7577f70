// Business constants of spec §2 and §9, in one place so host and remotes agree.
export const SIDE_MENU_WIDTH = 240;
export const HEADER_HEIGHT = 72;
export const LOGIN_REDIRECT_DELAY_MS = 100;
export const DEFAULT_PAGE_SIZE = 30;
export const DEFAULT_EXTENSION = '.xlsx';
/** Spec "Toast position bottom-right"; Chakra's placement name for it (bottom-right in LTR). */
export const TOAST_PLACEMENT = 'bottom-end' as const;
