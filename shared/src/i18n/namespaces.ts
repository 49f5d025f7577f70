/** The shell's translations (docs/conventions.md: /assets/i18n/{lang}.json, namespace translation). */
export const SHELL_LOAD_PATH = '/assets/i18n/{{lng}}.json';

// Remotes ship their own translations beside their remoteEntry: namespace → base URL (trailing slash).
const remoteBases = new Map<string, string>();

export function registerRemoteBase(ns: string, baseUrl: string): void {
  remoteBases.set(ns, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}

export function remoteNamespaces(): string[] {
  return [...remoteBases.keys()];
}

/** i18next-http-backend loadPath: one language and one namespace per request (no multi-loading). */
export function loadPathFor(_lngs: string[], namespaces: string[]): string {
  const base = remoteBases.get(namespaces[0] ?? '');
  return base ? `${base}i18n/{{lng}}.json` : SHELL_LOAD_PATH;
}
