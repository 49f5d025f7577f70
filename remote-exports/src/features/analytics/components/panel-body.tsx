import type { ReactNode } from 'react';
import { Text } from '@chakra-ui/react';
import { EmptyState, LoadingState } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { useExportsTranslation } from '../../../lib/i18n';
import type { ApiState } from '@pricewatch/shared/query';

/** The states every analytics panel goes through: waiting for a valid filter, loading, failed, empty, data. */
export function PanelBody<T>({
  state,
  enabled,
  isEmpty,
  errorTitle,
  children,
}: {
  state: ApiState<T>;
  enabled: boolean;
  isEmpty: (data: T) => boolean;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useExportsTranslation();
  if (!enabled)
    return (
      <Text color="fg.muted" fontSize="sm">
        {t('period.fixToContinue')}
      </Text>
    );
  if (state.error) return <LoadError title={errorTitle} error={state.error} onRetry={state.reload} />;
  if (state.data === undefined) return <LoadingState />;
  if (isEmpty(state.data)) return <EmptyState title={t('analytics.noData')} description={t('analytics.noDataDescription')} />;
  return (
    <div aria-busy={state.loading || undefined} style={{ opacity: state.loading ? 0.6 : 1 }}>
      {children(state.data)}
    </div>
  );
}
