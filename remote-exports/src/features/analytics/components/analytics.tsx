import { useEffect, useMemo, useState } from 'react';
import { Box, Stack } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import type { AnalyticsBody, NetworkSummary } from '@pricewatch/shared/contract';
import { ANALYTICS_MAX_DAYS } from '../../../lib/limits';
import { peekDeployment } from '@pricewatch/shared/deployment';
import { LoadingState, PageHeader } from '@pricewatch/shared/ui';
import { LoadError } from '../../../components/load-error';
import { useExportsTranslation } from '../../../lib/i18n';
import { lastDays, periodProblem, toUsDate } from '../../../lib/period';
import { useBrands } from '../../../lib/catalogue/get-brands';
import { useNetworks } from '../../../lib/catalogue/get-networks';
import { useSections } from '../../../lib/catalogue/get-sections';
import { AnalyticsFilters, type AnalyticsFilterValues } from './analytics-filters';
import { PriceIndexPanel } from './price-index-panel';
import { PromoPanel } from './promo-panel';
import { SpreadPanel } from './spread-panel';

export const ANALYTICS_DEFAULT_DAYS = 90;

/** The market shown first: the deployment's country, else the user's network's, else the first one. */
function initialFilters(networks: NetworkSummary[], ownNetwork: string | undefined): AnalyticsFilterValues {
  const own = networks.find((n) => n.code === ownNetwork);
  const deploymentCountry = peekDeployment()?.country;
  const country = own?.country ?? (networks.some((n) => n.country === deploymentCountry) ? deploymentCountry! : (networks[0]?.country ?? ''));
  const inCountry = networks.filter((n) => n.country === country && !n.isProduct);
  return {
    period: lastDays(ANALYTICS_DEFAULT_DAYS),
    country,
    networks: inCountry.map((n) => n.code),
    baseNetwork: own && own.country === country ? own.code : (inCountry[0]?.code ?? ''),
    section: '',
    brand: '',
  };
}

function bodyOf(v: AnalyticsFilterValues): AnalyticsBody | null {
  if (periodProblem(v.period, ANALYTICS_MAX_DAYS) || v.networks.length === 0) return null;
  return {
    start: toUsDate(v.period.start),
    end: toUsDate(v.period.end),
    networks: v.networks,
    ...(v.baseNetwork ? { baseNetwork: v.baseNetwork } : {}),
    ...(v.section ? { sections: [v.section] } : {}),
    ...(v.brand ? { brands: [v.brand] } : {}),
  };
}

/**
 * Analytics (route /analytics): over a period and a set of networks of one market — the price index
 * against a base network, promotions per network, and the price spread per product. Each chart has
 * its table and a CSV export (the contract has no server export for these).
 */
export function Analytics() {
  const { t } = useExportsTranslation();
  const networks = useNetworks();
  const ownNetwork = useAuthStore(selectUser)?.network?.code;
  const [filters, setFilters] = useState<AnalyticsFilterValues | null>(null);
  const sections = useSections();

  useEffect(() => {
    if (networks.data && !filters)
      setFilters(
        initialFilters(
          networks.data.filter((n) => !n.isProduct),
          ownNetwork,
        ),
      );
  }, [networks.data, filters, ownNetwork]);

  const brands = useBrands({
    networks: filters?.networks,
    sections: filters?.section ? [filters.section] : undefined,
  });
  const body = useMemo(() => (filters ? bodyOf(filters) : null), [filters]);
  const file = filters ? `analytics-${filters.period.start}-${filters.period.end}` : 'analytics';

  return (
    <Stack gap="5">
      <PageHeader title={t('analytics.title')} description={t('analytics.description')} />
      {networks.error ? (
        <LoadError title={t('analytics.loadError')} error={networks.error} onRetry={networks.reload} />
      ) : !filters ? (
        <LoadingState />
      ) : (
        <>
          <Box bg="bg" borderWidth="1px" borderRadius="lg" p="4" shadow="xs">
            <AnalyticsFilters
              value={filters}
              onChange={(patch) => setFilters((f) => (f ? { ...f, ...patch } : f))}
              networks={(networks.data ?? []).filter((n) => !n.isProduct)}
              brands={brands.data ?? []}
              sections={sections}
            />
          </Box>
          <PriceIndexPanel body={body} file={file} />
          <PromoPanel body={body} file={file} />
          <SpreadPanel body={body} file={file} />
        </>
      )}
    </Stack>
  );
}
