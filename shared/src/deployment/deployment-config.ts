import ky from 'ky';
import type { Deployment } from '../contract/deployment';
import { parseDeployment } from '../contract/deployment-check';

export const DEPLOYMENT_PATH = '/deployment.json';

let current: Deployment | null = null;
let pending: Promise<Deployment> | null = null;

/**
 * Fetches the country deployment once (GET /deployment.json, always from the page's own origin) and
 * keeps it for the session. Concurrent callers share one request; a failed load may be retried.
 * `url` exists for tests and for a remote run alone against another server.
 */
export function loadDeployment(url: string = DEPLOYMENT_PATH): Promise<Deployment> {
  if (current) return Promise.resolve(current);
  pending ??= ky
    .get(absolute(url), { retry: 1, headers: { Accept: 'application/json' }, cache: 'no-cache' })
    .json()
    .then((body) => {
      setDeployment(parseDeployment(body));
      return current!;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The loaded deployment; throws when called before loadDeployment (or setDeployment) finished. */
export function getDeployment(): Deployment {
  if (!current) throw new Error('Deployment not loaded: await loadDeployment() first');
  return current;
}

/** Replaces the deployment (tests, development); the API base is then picked anew from it. */
export function setDeployment(deployment: Deployment): void {
  current = deployment;
}

/** The deployment if loaded, else null — for code that has a sensible default without it. */
export function peekDeployment(): Deployment | null {
  return current;
}

// Node's fetch (jest) cannot resolve a bare path; a browser resolves it against the page anyway.
function absolute(url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || typeof window === 'undefined') return url;
  return new URL(url, window.location.href).href;
}
