import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../query/query-client';
import { unreadAlarmsQuery, UNREAD_POLL_MS } from './unread-count';

/**
 * The unread count for the menu badge, polled every `pollMs` while `enabled` (give it the menu
 * visibility of alarms: users without alarms never call the API).
 */
export function useUnreadAlarms(enabled: boolean, pollMs = UNREAD_POLL_MS): number | null {
  const { data } = useQuery({ ...unreadAlarmsQuery(), enabled, refetchInterval: enabled ? pollMs : false }, queryClient);
  return enabled ? (data ?? null) : null;
}
