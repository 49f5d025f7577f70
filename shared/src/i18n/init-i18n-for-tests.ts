import type { Resource } from 'i18next';
import { i18n } from './i18n-instance';
import { baseOptions } from './init-i18n';

/**
 * Synchronous set-up without HTTP for jest: `resources` in i18next's shape,
 * `{ en: { translation: { … }, alarms: { … } } }`. Keys without a resource render as the key.
 * Called again, it replaces the resources and the language.
 */
export function initI18nForTests(given: Resource = {}, language = 'en'): typeof i18n {
  // i18next keeps and later mutates the objects it is given: a copy keeps the caller's constants intact.
  const resources = structuredClone(given);
  if (!i18n.isInitialized) {
    void i18n.init({ ...baseOptions(language, false), resources, initAsync: false });
    return i18n;
  }
  for (const lng of Object.keys(i18n.store.data)) {
    for (const ns of Object.keys(i18n.store.data[lng] ?? {})) i18n.removeResourceBundle(lng, ns);
  }
  for (const [lng, namespaces] of Object.entries(resources)) {
    for (const [ns, bundle] of Object.entries(namespaces)) i18n.addResourceBundle(lng, ns, bundle, true, true);
  }
  void i18n.changeLanguage(language);
  return i18n;
}
