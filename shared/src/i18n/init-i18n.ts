import HttpBackend from 'i18next-http-backend';
import type { InitOptions } from 'i18next';
import { STORAGE_KEYS } from '../auth/auth-storage';
import { DEFAULT_NAMESPACE, IS_DEVELOPMENT, i18n } from './i18n-instance';
import { loadPathFor, registerRemoteBase, remoteNamespaces } from './namespaces';

export type I18nSetup = { languages: readonly string[]; defaultLanguage: string };

const reported = new Set<string>();

/** Development only: a missing key is marked on screen and reported once in the console. */
function markMissing(key: string): string {
  if (!reported.has(key)) {
    reported.add(key);
    console.warn(`i18n: missing key "${key}" for ${i18n.language}`);
  }
  return `⚠ ${key}`;
}

/** Options both the app and the tests use, so tests see what users see. */
export function baseOptions(lng: string, fallbackLng: string | false): InitOptions {
  return {
    lng,
    fallbackLng,
    defaultNS: DEFAULT_NAMESPACE,
    ns: [DEFAULT_NAMESPACE],
    load: 'currentOnly', // codes are plain (en, ua): no region variants to look up
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    ...(IS_DEVELOPMENT ? { parseMissingKeyHandler: markMissing } : {}),
  };
}

function readStoredLanguage(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.lang);
  } catch {
    return null;
  }
}

/** Spec §6: "The selected language is remembered" — used when the deployment still offers it. */
export function initialLanguage({ languages, defaultLanguage }: I18nSetup): string {
  const stored = readStoredLanguage();
  return stored && languages.includes(stored) ? stored : defaultLanguage;
}

/**
 * Initialises the one instance for the app: languages and default from the deployment, resources
 * over HTTP (GET /assets/i18n/{lang}.json, spec §6), missing keys falling back to the default language.
 */
export async function initI18n(setup: I18nSetup): Promise<void> {
  const lng = initialLanguage(setup);
  await i18n.use(HttpBackend).init({
    ...baseOptions(lng, setup.defaultLanguage),
    supportedLngs: [...setup.languages],
    ns: [DEFAULT_NAMESPACE, ...remoteNamespaces()],
    backend: { loadPath: loadPathFor },
  });
}

/** Spec §3 selected-lang: stores the choice and switches every namespace over to it. */
export async function changeLanguage(lang: string): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEYS.lang, lang);
  } catch {
    // not persisted (privacy mode): the switch still applies to this page
  }
  await i18n.changeLanguage(lang);
}

/**
 * Adds a remote's namespace, loaded from `${baseUrl}i18n/{lng}.json` (docs/conventions.md). i18next
 * loads every registered namespace again on a language change. Safe to call before initI18n.
 */
export async function loadRemoteNamespace(ns: string, baseUrl: string): Promise<void> {
  registerRemoteBase(ns, baseUrl);
  if (i18n.isInitialized) await i18n.loadNamespaces(ns);
}
