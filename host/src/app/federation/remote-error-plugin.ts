import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * First of the two failure layers (STYLE.md, docs/federation.md): a remote whose manifest, entry or
 * chunk fails to load is reported here with its context, and the load is left rejected (no fallback
 * module) so the route's error boundary shows a translated error with Retry instead of the page
 * breaking.
 *
 * Manifests are fetched through `fetch` below so that an answer other than 2xx is a failed load: the
 * runtime would otherwise parse a 404's JSON error body, find it is no manifest, and keep that verdict
 * for the page's life — a remote released again (or a server back up) would stay broken until reload.
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pricewatch-remote-error',
    async fetch(url, init) {
      const response = await fetch(url, init);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[pricewatch] remote ${id} failed to load (${lifecycle})`, error);
      window.dispatchEvent(new CustomEvent('pricewatch:remote-error', { detail: { id, lifecycle } }));
      return undefined;
    },
  };
}
