// The language the server answers data in (server/docs/translations.md): the UI language, sent as
// Accept-Language by the HTTP client. Kept here, not read from i18next, so the client stays free of
// i18n; the i18n instance sets it on every language change.

let current: string | null = null;
const listeners = new Set<() => void>();

export function setDataLanguage(lang: string): void {
  if (lang === current) return;
  current = lang;
  for (const listener of listeners) listener();
}

/** The UI language, or null before i18n has started. */
export function dataLanguage(): string | null {
  return current;
}

export function subscribeDataLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
