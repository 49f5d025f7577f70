import { useState } from 'react';
import { Button, Spinner } from '@chakra-ui/react';
import type { ProductExportQuery } from '@pricewatch/shared/contract';
import { toaster } from '@pricewatch/shared/ui';
import { DownloadIcon } from '../../../components/csv-button';
import { useErrorText } from '../../../lib/error-text';
import { useFormatters } from '../../../lib/format';
import { useExportsTranslation } from '../../../lib/i18n';
import { isoDay } from '../../../lib/period';
import { exportAndDownloadProducts } from '../api/export-products';

/**
 * "Export to Excel" of the list as filtered: the server writes the xlsx (GET /products/export), then
 * the file is downloaded. While it runs the button shows a spinner and a toast says the file is being
 * prepared; a toast tells when it is done or why it failed.
 */
export function ExportButton({ query, disabled }: { query: ProductExportQuery; disabled?: boolean }) {
  const { t } = useExportsTranslation();
  const f = useFormatters();
  const errorText = useErrorText();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    const toastId = toaster.create({ type: 'loading', title: t('productList.export.running') });
    try {
      const file = await exportAndDownloadProducts(query, `products-${isoDay(new Date())}`);
      toaster.update(toastId, {
        type: 'success',
        title: t('productList.export.done'),
        description: t('productList.export.doneDescription', { rows: f.count(file.rows) }),
        duration: 5000,
        closable: true,
      });
    } catch (error) {
      toaster.update(toastId, {
        type: 'error',
        title: t('productList.export.failed'),
        description: errorText(error),
        duration: 8000,
        closable: true,
      });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button size="sm" onClick={run} disabled={disabled || running} aria-busy={running}>
      {running ? <Spinner size="xs" /> : <DownloadIcon />}
      {running ? t('productList.export.running') : t('productList.export.button')}
    </Button>
  );
}
