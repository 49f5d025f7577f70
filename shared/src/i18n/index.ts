export { i18n } from './i18n-instance';
export { initI18n, changeLanguage, loadRemoteNamespace } from './init-i18n';
export type { I18nSetup } from './init-i18n';
export { initRemoteI18n, remoteBase } from './remote-i18n';
export { initI18nForTests } from './init-i18n-for-tests';
export { useTranslation } from 'react-i18next';
