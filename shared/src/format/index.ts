export { parseSearchText } from './search-text';
export type { SearchQuery } from './search-text';
export { formatUsShortDate } from './us-date';
export { dayFormatter } from './dates';
export { intlLocale, currencyForCountry, formatMoney, formatPrice } from './money';
export { formatWait } from './wait';
export { videoLanguage, videoDialogSize } from './video';
export type { VideoLanguage } from './video';
export { SIDE_MENU_WIDTH, HEADER_HEIGHT, LOGIN_REDIRECT_DELAY_MS, DEFAULT_PAGE_SIZE } from './constants';
