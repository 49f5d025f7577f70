import { Button } from '@chakra-ui/react';
import { useExportsTranslation } from '../lib/i18n';

const DownloadIcon = () => (
  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
    <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** "Export CSV" for a table the server has no export for. `what` names the table for screen readers. */
export function CsvButton({ onClick, what, disabled }: { onClick: () => void; what: string; disabled?: boolean }) {
  const { t } = useExportsTranslation();
  return (
    <Button size="xs" variant="outline" onClick={onClick} disabled={disabled} aria-label={t('common.exportCsvOf', { what })}>
      <DownloadIcon />
      {t('common.exportCsv')}
    </Button>
  );
}

export { DownloadIcon };
