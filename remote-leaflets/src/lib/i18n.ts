import { loadRemoteNamespace, useTranslation } from '@pricewatch/shared/i18n';

/** This remote's translation namespace: public/i18n/{lang}.json, served beside remoteEntry.js. */
export const NS = 'leaflets';

declare const __webpack_public_path__: string;

/** Where this remote's files are served from: webpack's run-time public path (`/remotes/leaflets/` in the product). */
export function remoteBase(): string {
  try {
    if (typeof __webpack_public_path__ === 'string' && __webpack_public_path__ !== '') return __webpack_public_path__;
  } catch {
    // not built by webpack (jest): the product's address
  }
  return '/remotes/leaflets/';
}

// Registered when the screen module loads; useTranslation(NS) then suspends until it arrives.
void loadRemoteNamespace(NS, remoteBase());

/** `t` of this remote's namespace (shell keys through `{ ns: 'translation' }`). */
export function useLeafletsTranslation() {
  return useTranslation(NS);
}
