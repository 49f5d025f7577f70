import type { Deployment } from '../contract/deployment';

/** A remote's screen that has not arrived after this long counts as failed (its area offers Retry). */
export const DEFAULT_REMOTE_TIMEOUT_MS = 15_000;

export function remoteTimeoutMs(deployment: Pick<Deployment, 'remoteTimeoutMs'> | null | undefined): number {
  return deployment?.remoteTimeoutMs ?? DEFAULT_REMOTE_TIMEOUT_MS;
}
