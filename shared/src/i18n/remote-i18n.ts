import { useTranslation } from 'react-i18next';
import { loadRemoteNamespace } from './init-i18n';

/**
 * Where a remote's files are served from: webpack's run-time public path, resolved from its
 * remoteEntry.js ('auto'). The remote passes a function reading `__webpack_public_path__`, because
 * webpack replaces that name in the remote's own bundle only (shared is bundled by the host). Outside
 * webpack (jest) reading it throws: then the product's address `/remotes/{name}/`.
 */
export function remoteBase(name: string, publicPath: () => string): string {
  try {
    const path = publicPath();
    if (typeof path === 'string' && path !== '') return path;
  } catch {
    // not built by webpack
  }
  return `/remotes/${name}/`;
}

/**
 * A remote's translations: registers its namespace (`{base}i18n/{lang}.json`, docs/conventions.md) when
 * its first screen module loads and answers the remote's `useTranslation` hook, which suspends until the
 * namespace arrives. Shell keys through `{ ns: 'translation' }`. The namespace is the remote's name.
 */
export function initRemoteI18n(ns: string, publicPath: () => string) {
  void loadRemoteNamespace(ns, remoteBase(ns, publicPath));
  return function useRemoteTranslation() {
    return useTranslation(ns);
  };
}
