import { useCallback, useState } from 'react';
import { Badge, Box, Tabs } from '@chakra-ui/react';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { isAdminLike, isAshanUser, isHunterLimit } from '@pricewatch/shared/permissions';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '@pricewatch/shared/ui';
import { EventsPanel } from '../features/alarms/components/events-panel';
import { PriceAlarmsPanel } from '../features/alarms/components/price-alarms-panel';
import { ProductAlarmsPanel } from '../features/alarms/components/product-alarms-panel';
import { useErrorText } from '../lib/error-text';
import { useAlarmsTranslation } from '../lib/i18n';
import { useCatalogue } from '@pricewatch/shared/query';

/**
 * The Alarms area (route `alarms`): price alarms, product alarms and what fired. Guests look but do not
 * change anything (the server enforces it too).
 */
export default function AlarmsScreen() {
  const { t } = useAlarmsTranslation();
  const errorText = useErrorText();
  const user = useAuthStore(selectUser);
  const allowed = (isAdminLike(user) || isAshanUser(user)) && !isHunterLimit(user);
  const canWrite = allowed && !user?.isGuest;
  const shops = useCatalogue('shops'); // GET /shops: the shops the caller may watch, shared for the session
  const [tab, setTab] = useState('price');
  const [unread, setUnread] = useState<number | null>(null);
  const onUnread = useCallback((n: number) => setUnread(n), []);

  return (
    // No padding of its own: the shell's main has it (doubled, a phone lost 32 px of its 390).
    <Box>
      <PageHeader title={t('title')} description={t('description')} />
      {!allowed ? (
        <EmptyState title={t('notAllowed.title')} description={t('notAllowed.description')} />
      ) : shops.error ? (
        <ErrorState title={t('errors.loadShops')} message={errorText(shops.error)} onRetry={shops.reload} />
      ) : !shops.data ? (
        <LoadingState label={t('loading')} />
      ) : (
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} lazyMount variant="line" mt="4">
          <Tabs.List>
            <Tabs.Trigger value="price">{t('tabs.price')}</Tabs.Trigger>
            <Tabs.Trigger value="product">{t('tabs.product')}</Tabs.Trigger>
            <Tabs.Trigger value="events">
              {t('tabs.events')}
              {!!unread && (
                <Badge colorPalette="red" variant="solid" ms="1" aria-label={t('events.unread', { count: unread })}>
                  {unread}
                </Badge>
              )}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="price">
            <PriceAlarmsPanel shops={shops.data} canWrite={canWrite} />
          </Tabs.Content>
          <Tabs.Content value="product">
            <ProductAlarmsPanel shops={shops.data} canWrite={canWrite} />
          </Tabs.Content>
          <Tabs.Content value="events">
            <EventsPanel canWrite={canWrite} onUnread={onUnread} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Box>
  );
}
