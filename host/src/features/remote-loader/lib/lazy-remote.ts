import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { peekDeployment, remoteTimeoutMs } from '@pricewatch/shared/deployment';
import { federatedName, type RemoteName } from '../../../lib/routes';

type Screen = LazyExoticComponent<ComponentType>;

// One lazy component per exposed screen, so returning to a screen renders it without suspending again.
const screens = new Map<string, Screen>();

export const remoteId = (remote: RemoteName, module: string) => `${federatedName(remote)}/${module}`;

/** A remote that has not delivered its screen within the deployment's remoteTimeoutMs. */
export class RemoteTimeoutError extends Error {
  constructor(id: string, ms: number) {
    super(`${id} did not load within ${ms} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

/**
 * A slow remote fails like a broken one (its area shows the error with Retry) instead of spinning for
 * ever. The load itself goes on: a Retry after it has arrived renders at once.
 */
function withTimeout<T>(promise: Promise<T>, ms: number, id: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteTimeoutError(id, ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The lazily loaded default export of `pricewatch_<remote>/<module>`; a failed or too slow load rejects. */
export function lazyRemoteScreen(remote: RemoteName, module: string): Screen {
  const id = remoteId(remote, module);
  let screen = screens.get(id);
  if (!screen) {
    screen = lazy(async () => {
      const ms = remoteTimeoutMs(peekDeployment());
      const loaded = await withTimeout(loadRemote<{ default?: ComponentType }>(id), ms, id);
      if (!loaded?.default) throw new Error(`${id} has no default export`);
      return { default: loaded.default };
    });
    screens.set(id, screen);
  }
  return screen;
}

/** Forget a failed screen so the next render asks the runtime again (the runtime does not cache failures). */
export function forgetRemoteScreen(remote: RemoteName, module: string): void {
  screens.delete(remoteId(remote, module));
}
