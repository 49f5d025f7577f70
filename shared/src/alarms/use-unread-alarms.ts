import { useEffect } from 'react';
import { useUnreadAlarmsStore, UNREAD_POLL_MS } from './unread-store';

/**
 * The unread count for the menu badge, polled every `pollMs` while `enabled` (give it the menu
 * visibility of alarms: users without alarms never call the API).
 */
export function useUnreadAlarms(enabled: boolean, pollMs = UNREAD_POLL_MS): number | null {
  const count = useUnreadAlarmsStore((s) => s.count);
  const refresh = useUnreadAlarmsStore((s) => s.refresh);
  useEffect(() => {
    if (!enabled) return;
    void refresh();
    const timer = setInterval(() => void refresh(), pollMs);
    return () => clearInterval(timer);
  }, [enabled, pollMs, refresh]);
  return enabled ? count : null;
}
