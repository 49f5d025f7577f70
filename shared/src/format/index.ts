export { ARTICLE_EAN_PATTERN, parseSearchText } from './search-text';
export type { SearchQuery } from './search-text';
export { formatUsShortDate, parseUsShortDate } from './us-date';
export { DAY_FORMAT, dayFormatter, formatDay } from './dates';
export { intlLocale, currencyForCountry, formatMoney, formatPrice } from './money';
export { formatWait } from './wait';
export { videoLanguage, videoDialogSize, VIDEO_DIALOG_MAX_WIDTH } from './video';
export type { VideoLanguage } from './video';
export {
  SIDE_MENU_WIDTH,
  HEADER_HEIGHT,
  LOGIN_REDIRECT_DELAY_MS,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SKIP,
  LEAFLET_PAGE_SIZE,
  DEFAULT_EXTENSION,
  TOAST_PLACEMENT,
} from './constants';
