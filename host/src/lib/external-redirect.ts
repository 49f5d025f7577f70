/** Leaves the app for another site (the old design). A module of its own so tests can replace it. */
export function redirectToExternal(url: string): void {
  window.location.assign(url);
}
