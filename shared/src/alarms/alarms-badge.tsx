import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useUnreadAlarms } from './use-unread-alarms';

/**
 * The unread count beside the Alarms menu item; nothing when there is nothing unread. The host puts it
 * in the side menu: `<AlarmsBadge enabled={menuVisibility(user, country).alarms} />`. The label uses the
 * shell's key `alarms.unread` ("{{count}} unread alarms") with an English fallback.
 */
export function AlarmsBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const count = useUnreadAlarms(enabled);
  if (!count) return null;
  const label = t('alarms.unread', { count, defaultValue: `${count} unread alarms` });
  return (
    <Badge data-testid="alarms-unread-badge" colorPalette="red" variant="solid" borderRadius="full" ms="auto" aria-label={label} title={label}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
