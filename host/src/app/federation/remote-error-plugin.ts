import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * First of the two failure layers (STYLE.md): a remote whose manifest, entry or chunk fails to load
 * is reported here with its context, and the load is left rejected (no fallback module) so the
 * route's error boundary shows a translated error with Retry instead of the page breaking.
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pricewatch-remote-error',
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[pricewatch] remote ${id} failed to load (${lifecycle})`, error);
      window.dispatchEvent(new CustomEvent('pricewatch:remote-error', { detail: { id, lifecycle } }));
      return undefined;
    },
  };
}
