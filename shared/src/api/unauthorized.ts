/** Called after a 401 (spec §8 "Remove the token and go to /login"); the host sets its router's navigate. */
export type UnauthorizedHandler = () => void;

const LOGIN_PATH = '/login';

const defaultHandler: UnauthorizedHandler = () => {
  // A hard navigation: used only before the host has installed its router-aware handler.
  if (typeof window !== 'undefined' && window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH);
};

let handler: UnauthorizedHandler = defaultHandler;

/** Installs the 401 handler; pass nothing to restore the default full-page redirect. */
export function setUnauthorizedHandler(fn?: UnauthorizedHandler): void {
  handler = fn ?? defaultHandler;
}

export function notifyUnauthorized(): void {
  try {
    handler();
  } catch (error) {
    // A broken handler must not replace the ApiError the caller is waiting for.
    console.error('Unauthorized handler failed', error);
  }
}
