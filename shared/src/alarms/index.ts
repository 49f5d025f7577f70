export { useUnreadAlarmsStore, UNREAD_POLL_MS } from './unread-store';
export type { UnreadAlarmsState } from './unread-store';
export { useUnreadAlarms } from './use-unread-alarms';
export { AlarmsBadge } from './alarms-badge';
