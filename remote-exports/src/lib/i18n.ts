import { initRemoteI18n } from '@pricewatch/shared/i18n';

declare const __webpack_public_path__: string;

/** This remote's translation namespace: public/i18n/{lang}.json, served beside remoteEntry.js. */
export const NS = 'exports';

/** `t` of this remote's namespace (shell keys through `{ ns: 'translation' }`); read in this bundle for its public path. */
export const useExportsTranslation = initRemoteI18n(NS, () => __webpack_public_path__);
