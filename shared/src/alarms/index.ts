export { setUnreadAlarms, unreadAlarmsQuery, UNREAD_POLL_MS } from './unread-count';
export { useUnreadAlarms } from './use-unread-alarms';
export { AlarmsBadge } from './alarms-badge';
