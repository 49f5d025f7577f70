/**
 * The signed-in app (Chakra, shell, remote routes) is a chunk of its own, so the login form works
 * without downloading it (docs/bytes.md). The login screen asks for it at idle, so it is usually there
 * by the time the user has typed their password.
 */
export const loadSignedInApp = () => import('./signed-in-app');
