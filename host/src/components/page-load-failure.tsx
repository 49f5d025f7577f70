import { useTranslation } from '@pricewatch/shared/i18n';

/** The signed-in app's code could not be downloaded (offline, a server restart mid-deploy). */
export function PageLoadFailure() {
  const { t } = useTranslation();
  return (
    <main role="alert" style={{ fontFamily: 'Inter, system-ui, sans-serif', padding: 32 }}>
      <h1 style={{ fontSize: 20, margin: '0 0 8px' }}>{t('common.error')}</h1>
      <p style={{ margin: '0 0 16px' }}>{t('errors.service_unavailable')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </main>
  );
}
