import { useState } from 'react';
import { Box, Tabs } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { hasAccess } from '@pricewatch/shared/permissions';
import { EmptyState, PageHeader } from '@pricewatch/shared/ui';
import { ParsersPanel } from '../features/parsers/components/parsers-panel';
import { ScrapersPanel } from '../features/scrapers/components/scrapers-panel';
import { getParsers } from '../features/parsers/api/parsers';
import { useParsersTranslation } from '../lib/i18n';
import { useApi } from '@pricewatch/shared/api';

/**
 * The Parsers area (route `parsers`): every parser's last run, problems and not-found products, force
 * start with live progress and the run's results file; scraper requests. Guests look but do not start
 * anything (the server enforces it too).
 */
export default function ParsersScreen() {
  const { t } = useParsersTranslation();
  const user = useAuthStore(selectUser);
  const allowed = hasAccess(user, 'parser');
  const canWrite = allowed && !user?.isGuest;
  const [tab, setTab] = useState('parsers');
  // The networks whose parsers the user sees: the choices of a scraper request.
  const networks = useApi(allowed ? 'networks' : 'none', async () =>
    allowed ? [...new Set((await getParsers({ limit: 500, skip: 0 })).items.map((p) => p.network))].sort() : [],
  );

  return (
    <Box p={{ base: '4', md: '6' }}>
      <PageHeader title={t('title')} description={t('description')} />
      {!allowed ? (
        <EmptyState title={t('notAllowed.title')} description={t('notAllowed.description')} />
      ) : (
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line" mt="4">
          <Tabs.List>
            <Tabs.Trigger value="parsers">{t('tabs.parsers')}</Tabs.Trigger>
            <Tabs.Trigger value="scrapers">{t('tabs.scrapers')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="parsers">
            <ParsersPanel canWrite={canWrite} />
          </Tabs.Content>
          <Tabs.Content value="scrapers">
            <ScrapersPanel canWrite={canWrite} networks={networks.data ?? []} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Box>
  );
}
