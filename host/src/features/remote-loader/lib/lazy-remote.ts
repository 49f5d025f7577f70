import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { federatedName, type RemoteName } from '../../../app/routes';

type Screen = LazyExoticComponent<ComponentType>;

// One lazy component per exposed screen, so returning to a screen renders it without suspending again.
const screens = new Map<string, Screen>();

export const remoteId = (remote: RemoteName, module: string) => `${federatedName(remote)}/${module}`;

/** The lazily loaded default export of `pricewatch_<remote>/<module>`; a failed load rejects. */
export function lazyRemoteScreen(remote: RemoteName, module: string): Screen {
  const id = remoteId(remote, module);
  let screen = screens.get(id);
  if (!screen) {
    screen = lazy(async () => {
      const loaded = await loadRemote<{ default?: ComponentType }>(id);
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
