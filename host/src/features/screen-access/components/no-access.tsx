import { Box } from '@chakra-ui/react';
import { useTranslation } from '@pricewatch/shared/i18n';
import type { ScreenAccess } from '@pricewatch/shared/permissions';
import { EmptyState } from '@pricewatch/shared/ui';
import { LockIcon } from '../../../components/icons';

/** The one message of a screen the user may not use: which screen, and where to go instead. */
export function NoAccess({ screen }: { screen: keyof ScreenAccess }) {
  const { t } = useTranslation();
  return (
    <Box role="alert" data-testid="no-access" maxW="xl" mx="auto" mt={{ base: '6', md: '16' }} bg="bg" borderWidth="1px" borderRadius="lg">
      <EmptyState
        icon={<LockIcon width={32} height={32} />}
        title={t('noAccess.title')}
        description={t('noAccess.description', { screen: t(`menu.${screen}`) })}
      />
    </Box>
  );
}
