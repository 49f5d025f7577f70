import { useTranslation } from '@pricewatch/shared/i18n';

const SPIN = '@keyframes pw-page-spin { to { transform: rotate(360deg); } }';

/**
 * A whole page waiting (the start-up session check, the signed-in app still downloading). Plain
 * elements: it shows before Chakra has loaded (docs/bytes.md).
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 12,
        padding: '40px 0',
        fontFamily: 'Inter, system-ui, sans-serif',
        color: '#71717a',
      }}
    >
      <style>{SPIN}</style>
      <span
        aria-hidden
        style={{
          width: 32,
          height: 32,
          border: '3px solid #1f6866',
          borderRightColor: 'transparent',
          borderRadius: '50%',
          animation: 'pw-page-spin 0.65s linear infinite',
        }}
      />
      <span>{t('common.loading')}</span>
    </div>
  );
}
